import { inject, injectable } from 'inversify';
import { ChainCatalog, Clock, PriceFeed, type Tx } from '../../../kernel/public.js';
import { DefiConfig } from '../config.js';
import { poolsOn, type PoolSpec } from '../domain/pool-catalog.js';
import { closedShare, driftConstantProduct, driftStable, seededReserves, type TokenPrice } from '../domain/pool-state.js';
import type { PoolView } from '../domain/route-search.js';
import { PoolRepository, type StoredPool } from '../ports.js';

/**
 * The simulated DEX pools of every chain: seeded from the price feed, read
 * as they trade now (stored reserves moved by the arbitrage model since
 * their last write, docs/defi.md). Reading writes nothing.
 */
@injectable()
export class PoolMarket {
  constructor(
    @inject(PoolRepository) private readonly pools: PoolRepository,
    @inject(PriceFeed) private readonly feed: PriceFeed,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(DefiConfig) private readonly config: DefiConfig,
  ) {}

  /** Decimals and USD price now of every token on the chain, native coin included. */
  async prices(chain: string): Promise<Map<string, TokenPrice>> {
    const prices = new Map<string, TokenPrice>();
    for (const token of this.catalog.tokens(chain)) {
      prices.set(token.assetCode, { decimals: token.decimals, usd: (await this.feed.usdPrice(token.assetCode)).usd });
    }
    return prices;
  }

  /** The asset code of the chain's native coin, which pays its gas. */
  nativeAsset(chain: string): string {
    return this.catalog.find(chain)!.nativeAsset;
  }

  specs(chain: string): PoolSpec[] {
    return poolsOn(chain, new Set(this.catalog.tokens(chain).map((token) => token.assetCode)));
  }

  /** Stores every chain's pools that are not stored yet, with reserves from the prices now. */
  async seedAll(tx: Tx): Promise<void> {
    const now = this.clock.now();
    for (const { name } of this.catalog.list()) {
      const specs = this.specs(name);
      if (specs.length === 0) continue;
      const prices = await this.prices(name);
      await this.pools.seed(tx, specs.map((spec): StoredPool => ({ id: spec.id, chain: name, reserves: seededReserves(spec, prices), totalShares: 0n, updatedAt: now })));
    }
  }

  /** The chain's pools as they trade now. */
  async views(tx: Tx, chain: string, prices: ReadonlyMap<string, TokenPrice>): Promise<PoolView[]> {
    const stored = new Map((await this.pools.onChain(tx, chain)).map((pool) => [pool.id, pool]));
    return this.specs(chain).flatMap((spec) => {
      const pool = stored.get(spec.id);
      return pool ? [this.viewOf(spec, pool, prices)] : [];
    });
  }

  /** A stored pool as it trades now: its reserves moved by the arbitrage model since they were written. */
  viewOf(spec: PoolSpec, pool: StoredPool, prices: ReadonlyMap<string, TokenPrice>): PoolView {
    const decimals = spec.tokens.map((token) => prices.get(token)!.decimals);
    const share = closedShare(this.clock.now().getTime() - pool.updatedAt.getTime(), this.config.arbitrage_interval_ms, BigInt(this.config.arbitrage_close_ppm));
    return { spec, decimals, reserves: this.#drifted(spec, pool.reserves, decimals, prices, share), totalShares: pool.totalShares };
  }

  #drifted(spec: PoolSpec, reserves: readonly bigint[], decimals: readonly number[], prices: ReadonlyMap<string, TokenPrice>, share: bigint): bigint[] {
    if (spec.dex !== 'curve') return driftConstantProduct(reserves, spec, prices, share);
    const rates = decimals.map((d) => 10n ** BigInt(18 - d));
    return driftStable(reserves.map((reserve, k) => reserve * rates[k]!), spec.amplification!, share).map((x, k) => x / rates[k]!);
  }
}
