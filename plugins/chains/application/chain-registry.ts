import { inject, injectable } from 'inversify';
import { AssetCatalog, ValidationError, type ChainCatalog, type ChainInfo, type ChainToken } from '../../../kernel/public.js';
import { CHAIN_MODELS, findChainModel, tokensOf, type ChainModel } from '../domain/chain-model.js';

/** The chain catalogue over the built-in models; a chain's tokens are those of its model the asset catalogue knows. */
@injectable()
export class ChainRegistry implements ChainCatalog {
  readonly #tokens = new Map<string, readonly ChainToken[]>();

  constructor(@inject(AssetCatalog) assets: AssetCatalog) {
    for (const model of CHAIN_MODELS) this.#tokens.set(model.name, tokensOf(model, (code) => assets.find(code)?.precision));
  }

  list(): readonly ChainInfo[] {
    return CHAIN_MODELS.map(infoOf);
  }

  find(ref: string): ChainInfo | undefined {
    const model = findChainModel(CHAIN_MODELS, ref);
    return model && infoOf(model);
  }

  /** The model behind a known chain name (the simulator's parameters). */
  model(name: string): ChainModel {
    const model = findChainModel(CHAIN_MODELS, name);
    if (!model) throw new Error(`unknown chain ${name}`);
    return model;
  }

  require(ref: unknown, pointer: string): ChainInfo {
    const chain = typeof ref === 'string' ? this.find(ref) : undefined;
    if (chain) return chain;
    const names = CHAIN_MODELS.map((model) => `${model.name} (${model.caip2})`).join(', ');
    throw ValidationError.field(pointer, `Unknown chain; one of ${names}.`, 'unknown_chain');
  }

  tokens(chain: string): readonly ChainToken[] {
    return this.#tokens.get(chain) ?? [];
  }

  requireToken(chain: string, assetCode: unknown, pointer: string): ChainToken {
    const tokens = this.tokens(chain);
    const found = tokens.find((one) => one.assetCode === assetCode);
    if (found) return found;
    const codes = tokens.map((one) => one.assetCode).join(', ');
    throw ValidationError.field(pointer, `Not a token on ${chain}; one of ${codes}.`, 'unknown_token');
  }
}

function infoOf(model: ChainModel): ChainInfo {
  const { baseGasPriceWei: _gas, erc20: _tokens, custodySlot: _slot, ...info } = model;
  return info;
}
