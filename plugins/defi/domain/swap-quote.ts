import type { Dex } from './pool-catalog.js';

/** A stored swap quote: what was quoted, on which route, until when. */
export interface SwapQuoteRecord {
  readonly id: string;
  readonly teamId: string;
  readonly chain: string;
  readonly tokenIn: string;
  readonly tokenOut: string;
  readonly amountIn: bigint;
  readonly estimatedOutput: bigint;
  /** estimatedOutput less the slippage tolerance, when the caller gave one. */
  readonly minimumOutput: bigint | null;
  readonly route: QuotedRoute;
  readonly alternatives: readonly QuotedAlternative[];
  readonly priceImpactPpm: bigint;
  /** USD with 6 decimals. */
  readonly gasUsdMicros: bigint;
  readonly gasUnits: bigint;
  readonly gasPriceWei: bigint;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

export interface QuotedRoute {
  readonly dex: Dex;
  readonly path: readonly string[];
  readonly pools: readonly string[];
  /** The fee of the route's pools in pips when they share one, else null. */
  readonly feeTier: number | null;
}

export interface QuotedAlternative {
  readonly dex: Dex;
  readonly estimatedOutput: bigint;
  readonly priceImpactPpm: bigint;
}
