import { inject, injectable, optional } from 'inversify';
import { AssetCatalog, assetOfHolding, OnChainHoldings, ValidationError, type Asset, type Holding } from '../../../kernel/public.js';

/**
 * Holding codes (the ledger's balance key, kernel/assets/holding-code.ts)
 * to and from what the API shows: an `asset_code` and a `chain`. Without the
 * chains module every holding is off-chain and `chain` is refused.
 */
@injectable()
export class Holdings {
  constructor(
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(OnChainHoldings) @optional() private readonly onChain: OnChainHoldings | undefined,
  ) {}

  /** The holding client input names: `asset_code` (already resolved) and an optional `chain`. */
  resolve(asset: Asset, chain: unknown, chainPointer: string): Holding {
    if (this.onChain) return this.onChain.resolve(asset, chain, chainPointer);
    if (chain !== undefined && chain !== null) throw ValidationError.field(chainPointer, 'No chains are enabled on this service (the chains module is off).', 'unknown_chain');
    return { code: asset.code, asset, chain: null };
  }

  /** The holding a ledger code stands for; undefined for an unknown asset or chain. */
  find(code: string): Holding | undefined {
    if (this.onChain) return this.onChain.describe(code);
    const asset = this.assets.find(code);
    return asset && { code, asset, chain: null };
  }

  /** The asset code and chain of a holding code; an asset removed from the catalogue still renders, as whole units. */
  describe(code: string): { readonly assetCode: string; readonly chain: string | null; readonly precision: number } {
    const holding = this.find(code);
    if (holding) return { assetCode: holding.asset.code, chain: holding.chain, precision: holding.asset.precision };
    const asset = assetOfHolding(this.assets, code);
    return { assetCode: asset?.code ?? code, chain: null, precision: asset?.precision ?? 0 };
  }

  precision(code: string): number {
    return this.describe(code).precision;
  }
}
