import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { LiquidityPosition } from '../domain/liquidity-position.js';
import type { SwapRecord } from '../domain/swap.js';
import type { SwapQuoteRecord } from '../domain/swap-quote.js';
import type { LiquidityRepository, PoolRepository, QuoteRepository, StoredPool, SwapRepository } from '../ports.js';

export interface DefiRepositories {
  readonly pools: PoolRepository;
  readonly quotes: QuoteRepository;
  readonly swaps: SwapRepository;
  readonly liquidity: LiquidityRepository;
}

const HUGE = 2n ** 200n + 7n;

/**
 * What every store's DeFi repositories must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function defiRepositoryContract(title: string, harness: RepositoryHarness<DefiRepositories>) {
  const { test, it, run } = repositorySuite(title, harness);
  const pool = (id: string, chain: string, reserves: bigint[], totalShares = 0n): StoredPool => ({ id, chain, reserves, totalShares, updatedAt: T0 });
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

  it('locked pools read back in id order; an update writes reserves and time', async ({ pools }) => {
    await run((tx) => pools.seed(tx, [pool('base:b', 'base', [1n, 2n]), pool('base:a', 'base', [3n, 4n, 5n])]));
    const later = new Date(T0.getTime() + 5_000);
    await run(async (tx) => {
      const locked = await pools.lock(tx, ['base:b', 'base:a', 'base:b']);
      assert.equal(locked.map((one) => one.id), ['base:a', 'base:b']);
      await pools.update(tx, [{ ...locked[1]!, reserves: [HUGE, 7n], totalShares: HUGE + 1n, updatedAt: later }]);
    });
    assert.equal(await run((tx) => pools.onChain(tx, 'base')), [pool('base:a', 'base', [3n, 4n, 5n]), { id: 'base:b', chain: 'base', reserves: [HUGE, 7n], totalShares: HUGE + 1n, updatedAt: later }]);
  });

  it('a quote is marked executed once, by its own team only; a rollback unmarks it', async ({ quotes }) => {
    await run((tx) => quotes.insert(tx, quote()));
    assert.is(await run((tx) => quotes.markExecuted(tx, TEAM_B, quote().id, T0)), false, 'another team\'s quote');
    await run(async (tx) => {
      assert.is(await quotes.markExecuted(tx, TEAM_A, quote().id, T0), true);
      throw new Error('rolled back');
    }).catch(() => undefined);
    assert.is(await run((tx) => quotes.markExecuted(tx, TEAM_A, quote().id, T0)), true);
    assert.is(await run((tx) => quotes.markExecuted(tx, TEAM_A, quote().id, T0)), false);
  });

  it('a swap reads back whole, for its team only', async ({ quotes, swaps }) => {
    await run((tx) => quotes.insert(tx, quote()));
    const swap: SwapRecord = {
      id: '00000000-0000-4000-8000-0000000000aa',
      teamId: TEAM_A,
      quoteId: quote().id,
      accountId: 'acct-1',
      chain: 'ethereum',
      tokenIn: 'USDC',
      tokenOut: 'WETH',
      amountIn: 2_500_000_000n,
      expectedOutput: HUGE,
      amountOut: HUGE - 1n,
      minimumOutput: HUGE - 10n,
      dex: 'uniswap_v3',
      path: ['USDC', 'WETH'],
      pools: ['ethereum:uniswap_v3:USDC-WETH:500'],
      txHash: `0x${'ab'.repeat(32)}`,
      gasPriceWei: 8_000_000_000n,
      createdAt: T0,
    };
    await run((tx) => swaps.insert(tx, swap));
    assert.equal(await run((tx) => swaps.find(tx, TEAM_A, swap.id)), swap);
    assert.is(await run((tx) => swaps.find(tx, TEAM_B, swap.id)), undefined);
  });

  it('a liquidity position reads back for its team; it closes once; open ones list first', async ({ pools, liquidity }) => {
    await run((tx) => pools.seed(tx, [pool('base:uniswap_v3:USDC-WETH:500', 'base', [10n, 20n])]));
    const position = (id: string, openedAt: Date): LiquidityPosition => ({
      id,
      teamId: TEAM_A,
      accountId: 'acct-1',
      chain: 'base',
      poolId: 'base:uniswap_v3:USDC-WETH:500',
      shares: HUGE,
      deposited: [5n, HUGE],
      invariantPerShare: 10n ** 18n,
      status: 'open',
      withdrawn: null,
      openedAt,
      closedAt: null,
    });
    const first = position('00000000-0000-4000-8000-0000000000b1', T0);
    const second = position('00000000-0000-4000-8000-0000000000b2', new Date(T0.getTime() + 1000));
    await run(async (tx) => {
      await liquidity.insert(tx, first);
      await liquidity.insert(tx, second);
    });
    assert.equal(await run((tx) => liquidity.find(tx, TEAM_A, first.id)), first);
    assert.is(await run((tx) => liquidity.find(tx, TEAM_B, first.id)), undefined);
    const closedAt = new Date(T0.getTime() + 2000);
    assert.is(await run((tx) => liquidity.close(tx, TEAM_B, second.id, [1n, 2n], closedAt)), false);
    assert.is(await run((tx) => liquidity.close(tx, TEAM_A, second.id, [1n, HUGE], closedAt)), true);
    assert.is(await run((tx) => liquidity.close(tx, TEAM_A, second.id, [1n, HUGE], closedAt)), false);
    assert.equal(await run((tx) => liquidity.list(tx, TEAM_A)), [first, { ...second, status: 'closed', withdrawn: [1n, HUGE], closedAt }]);
    assert.equal(await run((tx) => liquidity.list(tx, TEAM_B)), []);
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
