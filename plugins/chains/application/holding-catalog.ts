import { inject, injectable } from 'inversify';
import { AssetCatalog, holdingCode, splitHoldingCode, ValidationError, type Asset, type Holding } from '../../../kernel/public.js';
import { CHAIN_MODELS, DEFAULT_CHAIN } from '../domain/chain-model.js';
import { ChainRegistry } from './chain-registry.js';

/**
 * Which holding a ledger code stands for (kernel/assets/holding-code.ts): a
 * token is always on a chain, its bare code on DEFAULT_CHAIN, any other
 * chain as `<asset>@<chain>`; an asset no chain has is off-chain. Every
 * token has a holding on the default chain (chain-model.ts), so a bare
 * token code is never ambiguous. Lookups are cached: the ledger asks on
 * every movement.
 */
@injectable()
export class HoldingCatalog {
  readonly #tokens: ReadonlySet<string>;
  readonly #described = new Map<string, Holding | null>();

  constructor(
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(ChainRegistry) private readonly registry: ChainRegistry,
  ) {
    this.#tokens = new Set(registry.tokens(DEFAULT_CHAIN).map((token) => token.assetCode));
  }

  resolve(asset: Asset, chainRef: unknown, chainPointer: string): Holding {
    if (chainRef === undefined || chainRef === null) {
      return { code: asset.code, asset, chain: this.#tokens.has(asset.code) ? DEFAULT_CHAIN : null };
    }
    const chain = this.registry.require(chainRef, chainPointer);
    if (!this.#tokens.has(asset.code)) {
      throw ValidationError.field(chainPointer, `${asset.code} is an off-chain asset: leave out chain.`, 'asset_not_on_chain');
    }
    this.registry.requireToken(chain.name, asset.code, chainPointer);
    return { code: this.#codeOf(asset.code, chain.name), asset, chain: chain.name };
  }

  describe(code: string): Holding | undefined {
    let known = this.#described.get(code);
    if (known === undefined) {
      known = this.#lookUp(code) ?? null;
      // Only codes of the catalogue are cached, so a flood of odd codes cannot grow the map.
      if (known) this.#described.set(code, known);
    }
    return known ?? undefined;
  }

  /** Every holding code that is on a chain. */
  onChainCodes(): string[] {
    return CHAIN_MODELS.flatMap((model) => this.registry.tokens(model.name).map((token) => this.#codeOf(token.assetCode, model.name)));
  }

  #lookUp(code: string): Holding | undefined {
    const { assetCode, chainSuffix } = splitHoldingCode(code);
    const asset = this.assets.find(assetCode);
    if (!asset) return undefined;
    if (chainSuffix === null) return { code, asset, chain: this.#tokens.has(assetCode) ? DEFAULT_CHAIN : null };
    // The default chain's holdings are bare codes: `USDC@ethereum` is not a code the ledger uses.
    if (chainSuffix === DEFAULT_CHAIN || !this.registry.tokens(chainSuffix).some((token) => token.assetCode === assetCode)) return undefined;
    return { code, asset, chain: chainSuffix };
  }

  #codeOf(assetCode: string, chain: string): string {
    return holdingCode(assetCode, chain === DEFAULT_CHAIN ? null : chain);
  }
}
