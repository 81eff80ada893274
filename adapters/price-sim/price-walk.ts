import type { WalkParams } from '../../kernel/simulation/random-walk.js';

/**
 * The simulated price model: an hourly walk per asset (kernel/simulation/
 * random-walk.ts) starting from and pulled back to the configured static
 * price. Prices carry 12 decimals.
 */
export const PRICE_DECIMALS = 12;

const STABLECOINS = new Set(['USDC', 'USDT', 'DAI']);

/** Hourly volatility by asset type; USD is the numéraire and never moves. */
export function defaultParams(assetCode: string, assetType: string): WalkParams {
  if (assetCode === 'USD') return { sigmaPpb: 0n, kappaPpb: 0n };
  // Stablecoins stay near their peg.
  if (STABLECOINS.has(assetCode)) return { sigmaPpb: 50_000n, kappaPpb: 50_000_000n };
  switch (assetType) {
    case 'fiat':
      return { sigmaPpb: 1_500_000n, kappaPpb: 2_000_000n };
    case 'commodity':
      return { sigmaPpb: 3_000_000n, kappaPpb: 1_000_000n };
    case 'crypto':
      return { sigmaPpb: 10_000_000n, kappaPpb: 1_000_000n };
    default:
      return { sigmaPpb: 1_000_000n, kappaPpb: 2_000_000n };
  }
}

export function toScaled(decimal: string): bigint {
  const [whole, fraction = ''] = decimal.split('.');
  // Decimals past PRICE_DECIMALS are cut: base prices are configuration, not money.
  return BigInt(whole! + fraction.padEnd(PRICE_DECIMALS, '0').slice(0, PRICE_DECIMALS));
}
