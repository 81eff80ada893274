import type { Asset } from '../kernel/money/asset.js';

/** The default asset catalogue; a config file may replace it. */
export const DEFAULT_ASSETS: readonly Asset[] = [
  { code: 'USD', name: 'US Dollar', type: 'fiat', precision: 2 },
  { code: 'EUR', name: 'Euro', type: 'fiat', precision: 2 },
  { code: 'GBP', name: 'British Pound', type: 'fiat', precision: 2 },
  { code: 'CHF', name: 'Swiss Franc', type: 'fiat', precision: 2 },
  { code: 'JPY', name: 'Japanese Yen', type: 'fiat', precision: 0 },
  { code: 'XAU', name: 'Gold (troy ounce)', type: 'commodity', precision: 3 },
  { code: 'BTC', name: 'Bitcoin', type: 'crypto', precision: 8 },
  { code: 'ETH', name: 'Ether', type: 'crypto', precision: 18 },
  { code: 'USDC', name: 'USD Coin', type: 'crypto', precision: 6 },
  { code: 'USDT', name: 'Tether USD', type: 'crypto', precision: 6 },
  { code: 'DAI', name: 'Dai', type: 'crypto', precision: 18 },
  { code: 'WETH', name: 'Wrapped Ether', type: 'crypto', precision: 18 },
  { code: 'WBTC', name: 'Wrapped Bitcoin', type: 'crypto', precision: 8 },
  { code: 'POL', name: 'Polygon Ecosystem Token', type: 'crypto', precision: 18 },
  { code: 'BNB', name: 'BNB', type: 'crypto', precision: 18 },
  { code: 'GCU', name: 'Global Currency Unit', type: 'basket', precision: 4 },
];

/**
 * Static USD prices per whole unit, used by the static price adapter.
 * Reference values only: operators set their own in the config file.
 */
export const DEFAULT_USD_PRICES: Readonly<Record<string, string>> = {
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  CHF: '1.13',
  // Not an asset of the catalogue: the Singapore travel-rule threshold (SGD 1,500) is converted through it (docs/regtech.md).
  SGD: '0.75',
  JPY: '0.0067',
  XAU: '2350',
  BTC: '65000',
  ETH: '3400',
  USDC: '1',
  USDT: '1',
  DAI: '1',
  WETH: '3400',
  WBTC: '65000',
  POL: '0.45',
  BNB: '600',
  GCU: '1.1',
};
