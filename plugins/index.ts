import type { BuiltinCatalogue } from '../kernel/boot/select-plugins.js';

/**
 * The built-in modules, each behind a lazy import: a module left out of
 * BANK_MODULES is never imported, so its routes, tables and types never exist.
 */
export const builtinPlugins: BuiltinCatalogue = {
  identity: () => import('./identity/index.js'),
  webhooks: () => import('./webhooks/index.js'),
  dashboard: () => import('./dashboard/index.js'),
  'core-banking': () => import('./core-banking/index.js'),
  gcu: () => import('./gcu/index.js'),
  exchange: () => import('./exchange/index.js'),
  chains: () => import('./chains/index.js'),
  defi: () => import('./defi/index.js'),
  crosschain: () => import('./crosschain/index.js'),
  regtech: () => import('./regtech/index.js'),
  partner: () => import('./partner/index.js'),
  mobile: () => import('./mobile/index.js'),
  x402: () => import('./x402/index.js'),
  ai: () => import('./ai/index.js'),
  treasury: () => import('./treasury/index.js'),
  ledger: () => import('./ledger/index.js'),
  batch: () => import('./batch/index.js'),
  product: () => import('./product/index.js'),
  'card-issuance': () => import('./card-issuance/index.js'),
  'trust-cert': () => import('./trust-cert/index.js'),
  iso20022: () => import('./iso20022/index.js'),
  'key-management': () => import('./key-management/index.js'),
  cgo: () => import('./cgo/index.js'),
  commerce: () => import('./commerce/index.js'),
  rewards: () => import('./rewards/index.js'),
  stablecoin: () => import('./stablecoin/index.js'),
  custodian: () => import('./custodian/index.js'),
  privacy: () => import('./privacy/index.js'),
};

/** Every bank needs API keys: identity is on whatever BANK_MODULES says. */
export const alwaysEnabledPlugins: readonly string[] = ['identity'];
