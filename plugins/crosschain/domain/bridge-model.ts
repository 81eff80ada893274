import type { ChainInfo, Rate } from '../../../kernel/public.js';

/** The spec's three bridge protocol identifiers. */
export const BRIDGE_PROTOCOLS = ['wormhole', 'layerzero', 'axelar'] as const;
export type BridgeProtocolId = (typeof BRIDGE_PROTOCOLS)[number];

export function isBridgeProtocol(value: unknown): value is BridgeProtocolId {
  return (BRIDGE_PROTOCOLS as readonly unknown[]).includes(value);
}

/** A token carried from one chain to another (validated: both chains known, the token on both). */
export interface BridgeRoute {
  readonly source: ChainInfo;
  readonly destination: ChainInfo;
  readonly token: string;
  /** The token's decimals (the same on every chain of the catalogue). */
  readonly tokenDecimals: number;
}

/** What a fee depends on now: the destination's gas price and the USD prices of its native coin and of the token. */
export interface BridgeMarket {
  readonly destinationGasPriceWei: bigint;
  readonly destinationNativeUsd: Rate;
  readonly tokenUsd: Rate;
}

/** Why a protocol does not carry a route. */
export type Unsupported = 'testnet' | 'chain' | 'token';
export type RouteSupport = { readonly ok: true } | { readonly ok: false; readonly reason: Unsupported; readonly detail: string };

/** One named part of a fee, in USD micros. */
export interface FeeLine {
  readonly name: string;
  readonly usdMicros: bigint;
}

/** One named part of the time a transfer takes, in whole seconds. */
export interface DurationLine {
  readonly name: string;
  readonly seconds: number;
}

/**
 * A protocol's documented model (docs/crosschain.md): which routes it
 * carries, what it charges (each line exact in USD micros) and how long it
 * takes. Pure: the market snapshot is an input.
 */
export interface BridgeModel {
  readonly id: BridgeProtocolId;
  /** Mainnet chain names it is deployed on. */
  readonly chains: readonly string[];
  /** Tokens it carries, per chain (a route needs the token on both ends). */
  tokensOn(chain: string): readonly string[];
  fees(route: BridgeRoute, market: BridgeMarket): FeeLine[];
  duration(route: BridgeRoute): DurationLine[];
}

/** A model's answer for one route and amount. */
export interface BridgeEstimate {
  readonly protocol: BridgeProtocolId;
  readonly feeLines: readonly FeeLine[];
  readonly feeUsdMicros: bigint;
  /** The fee in base units of the bridged token (rounded up). */
  readonly feeAmount: bigint;
  /** amount − feeAmount; zero or less when the amount does not cover the fee. */
  readonly receiveAmount: bigint;
  readonly durationLines: readonly DurationLine[];
  readonly durationSeconds: number;
  /** The destination's gas price the fee was computed from. */
  readonly destinationGasPriceWei: bigint;
}

/** Destination inclusion: the relayer's transaction lands within two destination blocks. */
export function relaySeconds(destination: ChainInfo): number {
  return Math.ceil((2 * destination.blockTimeMs) / 1000);
}
