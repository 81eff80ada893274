import type { BridgeProtocolId } from './bridge-model.js';

/** A stored bridge quote: what was quoted on which protocol, the other protocols' answers, until when. */
export interface BridgeQuoteRecord {
  readonly id: string;
  readonly teamId: string;
  readonly protocol: BridgeProtocolId;
  readonly sourceChain: string;
  readonly destinationChain: string;
  readonly token: string;
  /** Base units of the token. */
  readonly inputAmount: bigint;
  readonly feeAmount: bigint;
  /** inputAmount − feeAmount, exactly. */
  readonly receiveAmount: bigint;
  readonly feeUsdMicros: bigint;
  readonly durationSeconds: number;
  /** The destination's gas price the fee was computed from. */
  readonly destinationGasPriceWei: bigint;
  readonly alternatives: readonly QuotedAlternative[];
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

export interface QuotedAlternative {
  readonly protocol: BridgeProtocolId;
  readonly receiveAmount: bigint;
  readonly feeAmount: bigint;
  readonly durationSeconds: number;
}
