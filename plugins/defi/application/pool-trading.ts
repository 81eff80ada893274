import { inject, injectable, optional } from 'inversify';
import { Chain, ChainCatalog, ChainFaucet, Clock, ConflictError, type Tx } from '../../../kernel/public.js';
import { arbitrageurAddress, poolAddress } from '../domain/protocol-address.js';
import type { TokenPrice } from '../domain/pool-state.js';
import type { TradedHop } from '../domain/pool-trade.js';
import type { PoolView } from '../domain/route-search.js';
import { PoolRepository, type StoredPool } from '../ports.js';
import { PoolMarket } from './pool-market.js';

/**
 * Trades against the simulated pools, inside the caller's transaction. A
 * pool is a contract on its chain that holds its reserves: `open` locks the
 * pools a trade uses (id order), brings them to now with the arbitrage
 * model, and moves the arbitrageurs' tokens so each pool's address holds
 * exactly its reserves on chain (the arbitrageurs bring outside capital,
 * minted on the simulated chain when they lack it); `settle` writes the
 * traded reserves and moves the tokens a multi-hop route passes from pool to
 * pool. What enters the first pool and leaves the last is the Ledger's
 * movement with the pools as counterparties.
 */
@injectable()
export class PoolTrading {
  constructor(
    @inject(PoolMarket) private readonly market: PoolMarket,
    @inject(PoolRepository) private readonly pools: PoolRepository,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(Chain) private readonly chain: Chain,
    @inject(Clock) private readonly clock: Clock,
    @inject(ChainFaucet) @optional() private readonly faucet: ChainFaucet | undefined,
  ) {}

  /** The pools locked and as they trade now, by id, with their on-chain balances equal to their reserves. */
  async open(tx: Tx, chain: string, ids: readonly string[], prices: ReadonlyMap<string, TokenPrice>): Promise<Map<string, PoolView>> {
    if (!this.faucet) throw new ConflictError('The simulated DEX pools trade on the simulated chains only.', 'dex_simulator_unavailable');
    const specs = new Map(this.market.specs(chain).map((spec) => [spec.id, spec]));
    const views = new Map<string, PoolView>();
    for (const stored of await this.pools.lock(tx, ids)) {
      const view = this.market.viewOf(specs.get(stored.id)!, stored, prices);
      await this.#arbitrage(tx, chain, view);
      views.set(stored.id, view);
    }
    return views;
  }

  /** Writes the pools after a trade and moves the tokens between consecutive pools of its route. */
  async settle(tx: Tx, chain: string, traded: ReadonlyMap<string, PoolView>, hops: readonly TradedHop[]): Promise<void> {
    const chainId = this.catalog.find(chain)!.chainId;
    for (let hop = 1; hop < hops.length; hop++) {
      const { poolId, tokenIn, amountIn } = hops[hop]!;
      await this.chain.transfer(tx, { chain, from: poolAddress(chainId, hops[hop - 1]!.poolId), to: poolAddress(chainId, poolId), assetCode: tokenIn, amount: amountIn });
    }
    const at = this.clock.now();
    await this.pools.update(tx, [...traded.values()].map((view): StoredPool => ({ id: view.spec.id, chain, reserves: view.reserves, totalShares: view.totalShares ?? 0n, updatedAt: at })));
  }

  /** The address of a pool's contract. */
  address(chain: string, poolId: string): string {
    return poolAddress(this.catalog.find(chain)!.chainId, poolId);
  }

  async #arbitrage(tx: Tx, chain: string, view: PoolView): Promise<void> {
    const chainId = this.catalog.find(chain)!.chainId;
    const pool = poolAddress(chainId, view.spec.id);
    const arbitrageur = arbitrageurAddress(chainId);
    for (const [k, assetCode] of view.spec.tokens.entries()) {
      const held = await this.chain.balanceOf(tx, chain, pool, assetCode);
      const reserve = view.reserves[k]!;
      if (held > reserve) {
        await this.chain.transfer(tx, { chain, from: pool, to: arbitrageur, assetCode, amount: held - reserve });
      } else if (held < reserve) {
        const funds = await this.chain.balanceOf(tx, chain, arbitrageur, assetCode);
        if (funds < reserve - held) await this.faucet!.mint(tx, chain, arbitrageur, assetCode, reserve - held - funds);
        await this.chain.transfer(tx, { chain, from: arbitrageur, to: pool, assetCode, amount: reserve - held });
      }
    }
  }
}
