import { inject, injectable } from 'inversify';
import { Chain, ChainCatalog, type ChainInfo, type Operation } from '../../../kernel/public.js';
import type { ChainParams, ChainView } from '../operations.js';
import { chainInPath } from './chain-in-path.js';
import { chainView } from './views.js';

/** A chain's parameters with its head, finality and gas price now. */
async function viewOf(chain: Chain, catalog: ChainCatalog, info: ChainInfo): Promise<ChainView> {
  return chainView(info, await chain.head(info.name), catalog.tokens(info.name));
}

/** GET /chains: every chain the service holds assets on. */
@injectable()
export class ListChainsOperation implements Operation<Record<string, never>, ChainView[]> {
  constructor(
    @inject(Chain) private readonly chain: Chain,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
  ) {}

  execute(): Promise<ChainView[]> {
    return Promise.all(this.catalog.list().map((info) => viewOf(this.chain, this.catalog, info)));
  }
}

/** GET /chains/{chain}: one chain, by name or CAIP-2 id. */
@injectable()
export class GetChainOperation implements Operation<ChainParams, ChainView> {
  constructor(
    @inject(Chain) private readonly chain: Chain,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
  ) {}

  execute(input: ChainParams): Promise<ChainView> {
    return viewOf(this.chain, this.catalog, chainInPath(this.catalog, input.chain));
  }
}
