import type { BridgeProtocolId, DurationLine } from './bridge-model.js';

/** The lifecycle: pending → source_confirmed → attested → completed, or failed (refunded) from any step before completed. */
export const BRIDGE_STATUSES = ['pending', 'source_confirmed', 'attested', 'completed', 'failed'] as const;
export type BridgeStatus = (typeof BRIDGE_STATUSES)[number];

/** An injected fault a transfer carries from its initiation (docs/crosschain.md, "Fault injection"). */
export const BRIDGE_FAULTS = ['fail', 'timeout', 'revert'] as const;
export type BridgeFault = (typeof BRIDGE_FAULTS)[number];

/** When each step is due, in service time (already divided by time_scale). */
export interface BridgeSchedule {
  readonly sourceConfirmAt: Date;
  readonly attestAt: Date;
  readonly completeAt: Date;
  /** When a transfer whose relay never arrives gives up and refunds. */
  readonly timeoutAt: Date;
}

/** A bridge transfer: what left which account, where it goes, and how far it is. */
export interface BridgeTransferRecord {
  readonly id: string;
  readonly teamId: string;
  /** The v1 quote it redeemed; null for a v2 POST /crosschain/bridge (quoted and initiated in one). */
  readonly quoteId: string | null;
  readonly protocol: BridgeProtocolId;
  readonly sourceChain: string;
  readonly destinationChain: string;
  readonly token: string;
  /** Ledger holding codes of the token on either chain (`USDC`, `USDC@base`). */
  readonly sourceCode: string;
  readonly destinationCode: string;
  /** The team's account whose source holding was debited, and its deposit address there. */
  readonly accountId: string;
  readonly senderAddress: string;
  /** As given (v1); for a v2 transfer to the account itself, its deposit address on the destination once it arrives (null before). */
  readonly recipientAddress: string | null;
  /** The account credited on arrival when the recipient is a deposit address of the service; null for an external address. */
  readonly recipient: { readonly teamId: string; readonly accountId: string } | null;
  /** Base units: what left the account, the protocol's fee, what arrives (input − fee). */
  readonly inputAmount: bigint;
  readonly feeAmount: bigint;
  readonly receiveAmount: bigint;
  readonly fault: BridgeFault | null;
  readonly status: BridgeStatus;
  readonly sourceTxHash: string;
  readonly destinationTxHash: string | null;
  readonly refundTxHash: string | null;
  readonly failureReason: string | null;
  readonly schedule: BridgeSchedule;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * The steps' due times: each duration line of the model (source finality or
 * confirmations, attestation or verification, relay), divided by
 * `timeScale` (the simulated chains run that many times faster than the
 * service clock), rounded up to the millisecond. A transfer times out after
 * twice its whole duration (at least a minute of simulated time).
 */
export function bridgeSchedule(start: Date, lines: readonly DurationLine[], timeScale: number): BridgeSchedule {
  const ms = (seconds: number) => Math.ceil((seconds * 1000) / timeScale);
  const [source, attestation, relay] = [lines[0]?.seconds ?? 0, lines[1]?.seconds ?? 0, lines[2]?.seconds ?? 0];
  const t0 = start.getTime();
  const total = source + attestation + relay;
  return {
    sourceConfirmAt: new Date(t0 + ms(source)),
    attestAt: new Date(t0 + ms(source + attestation)),
    completeAt: new Date(t0 + ms(total)),
    timeoutAt: new Date(t0 + ms(Math.max(60, 2 * total))),
  };
}
