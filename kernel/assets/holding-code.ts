import type { Asset } from '../money/asset.js';
import type { AssetCatalog } from '../../ports/asset-catalog.js';

/**
 * The ledger keys a balance by (account, holding code). A token is not
 * fungible across chains (USDC on polygon is not USDC on base without a
 * bridge), so each (asset, chain) is its own instrument, as a ledger per
 * asset is in TigerBeetle: `USDC@polygon`. Off-chain assets, and tokens on
 * the chain a holding without a chain means (the OnChainHoldings port decides
 * which; ethereum with the chains module), keep the bare asset code, so
 * every balance written before chains existed keeps its meaning.
 */
const SEPARATOR = '@';

export function holdingCode(assetCode: string, chainSuffix: string | null): string {
  return chainSuffix === null ? assetCode : `${assetCode}${SEPARATOR}${chainSuffix}`;
}

/** The asset code and the chain named in a holding code (null for a bare code). */
export function splitHoldingCode(code: string): { readonly assetCode: string; readonly chainSuffix: string | null } {
  const at = code.indexOf(SEPARATOR);
  return at < 0 ? { assetCode: code, chainSuffix: null } : { assetCode: code.slice(0, at), chainSuffix: code.slice(at + 1) };
}

/** The catalogue's asset a holding code is of (undefined when unknown). Client input is never a holding code: use `require` for it. */
export function assetOfHolding(assets: AssetCatalog, code: string): Asset | undefined {
  return assets.find(splitHoldingCode(code).assetCode);
}
