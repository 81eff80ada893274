import type { Asset } from '../kernel/money/asset.js';
import { token } from '../kernel/contract/token.js';

/** The configured assets and their precisions. */
export interface AssetCatalog {
  list(): readonly Asset[];
  find(code: string): Asset | undefined;
  /** The asset, or a 422 pointing at `pointer` when unknown. */
  require(code: unknown, pointer: string): Asset;
}
export const AssetCatalog = token<AssetCatalog>('kernel.asset-catalog');
