import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { SwapQuoteRecord } from '../domain/swap-quote.js';
import type { PoolRepository, QuoteRepository, StoredPool } from '../ports.js';

export interface DefiRepositories {
  readonly pools: PoolRepository;
  readonly quotes: QuoteRepository;
}

const HUGE = 2n ** 200n + 7n;

/**
 * What every store's DeFi repositories must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function defiRepositoryContract(title: string, harness: RepositoryHarness<DefiRepositories>) {
  const { test, it, run } = repositorySuite(title, harness);
  const pool = (id: string, chain: string, reserves: bigint[]): StoredPool => ({ id, chain, reserves, updatedAt: T0 });
  const quote = (overrides: Partial<SwapQuoteRecord> = {}): SwapQuoteRecord => ({
    id: '00000000-0000-4000-8000-000000000001',
    teamId: TEAM_A,
    chain: 'ethereum',
    tokenIn: 'USDC',
    tokenOut: 'WETH',
    amountIn: 2_500_000_000n,
    estimatedOutput: HUGE,
    minimumOutput: null,
    route: { dex: 'uniswap_v3', path: ['USDC', 'WETH'], pools: ['ethereum:uniswap_v3:USDC-WETH:500'], feeTier: 500 },
    alternatives: [{ dex: 'sushiswap', estimatedOutput: 731_000_000_000_000_000n, priceImpactPpm: 250n }],
    priceImpactPpm: 8n,
    gasUsdMicros: 3_808_000n,
    gasUnits: 140_000n,
    gasPriceWei: 8_000_000_000n,
    expiresAt: new Date(T0.getTime() + 30_000),
    createdAt: T0,
    ...overrides,
  });

  it('seeding stores new pools and leaves stored ones as they are; pools list by chain in id order', async ({ pools }) => {
    await run((tx) => pools.seed(tx, [pool('ethereum:b', 'ethereum', [1n, HUGE]), pool('ethereum:a', 'ethereum', [5n, 6n, 7n]), pool('base:a', 'base', [1n, 1n])]));
    await run((tx) => pools.seed(tx, [pool('ethereum:b', 'ethereum', [9n, 9n])]));
    assert.equal(await run((tx) => pools.onChain(tx, 'ethereum')), [pool('ethereum:a', 'ethereum', [5n, 6n, 7n]), pool('ethereum:b', 'ethereum', [1n, HUGE])]);
    assert.equal(await run((tx) => pools.onChain(tx, 'polygon')), []);
  });

  it('a quote reads back whole, for its team only', async ({ quotes }) => {
    const stored = quote();
    await run((tx) => quotes.insert(tx, stored));
    assert.equal(await run((tx) => quotes.find(tx, TEAM_A, stored.id)), stored);
    assert.is(await run((tx) => quotes.find(tx, TEAM_B, stored.id)), undefined);
    const withMinimum = quote({ id: '00000000-0000-4000-8000-000000000002', minimumOutput: 5n, alternatives: [] });
    await run((tx) => quotes.insert(tx, withMinimum));
    assert.equal(await run((tx) => quotes.find(tx, TEAM_A, withMinimum.id)), withMinimum);
  });

  it('a rolled-back unit of work stores no pool and no quote', async ({ pools, quotes }) => {
    await run(async (tx) => {
      await pools.seed(tx, [pool('ethereum:a', 'ethereum', [1n, 2n])]);
      await quotes.insert(tx, quote());
      throw new Error('rolled back');
    }).catch(() => undefined);
    assert.equal(await run((tx) => pools.onChain(tx, 'ethereum')), []);
    assert.is(await run((tx) => quotes.find(tx, TEAM_A, quote().id)), undefined);
  });

  return test;
}
