import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { BridgeQuoteRecord } from '../domain/bridge-quote.js';
import type { BridgeQuoteRepository } from '../ports.js';

const HUGE = 10n ** 47n + 7n;

/**
 * What every store's bridge quote repository must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function bridgeQuoteRepositoryContract(title: string, harness: RepositoryHarness<BridgeQuoteRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  const quote = (overrides: Partial<BridgeQuoteRecord> = {}): BridgeQuoteRecord => ({
    id: '00000000-0000-4000-8000-000000000001',
    teamId: TEAM_A,
    protocol: 'layerzero',
    sourceChain: 'ethereum',
    destinationChain: 'base',
    token: 'USDC',
    inputAmount: 1_000_000_000n,
    feeAmount: 30_000n,
    receiveAmount: 999_970_000n,
    feeUsdMicros: 30_001n,
    durationSeconds: 214,
    destinationGasPriceWei: 10_000_000n,
    alternatives: [
      { protocol: 'axelar', receiveAmount: 999_700_000n, feeAmount: 300_000n, durationSeconds: 832 },
      { protocol: 'wormhole', receiveAmount: 999_990_000n, feeAmount: 10_000n, durationSeconds: 802 },
    ],
    expiresAt: new Date(T0.getTime() + 300_000),
    createdAt: T0,
    ...overrides,
  });

  it('a quote reads back whole, for its team only', async (quotes) => {
    const stored = quote();
    await run((tx) => quotes.insert(tx, stored));
    assert.equal(await run((tx) => quotes.find(tx, TEAM_A, stored.id)), stored);
    assert.is(await run((tx) => quotes.find(tx, TEAM_B, stored.id)), undefined);
    assert.is(await run((tx) => quotes.find(tx, TEAM_A, '00000000-0000-4000-8000-0000000000ff')), undefined);
  });

  it('amounts past 64 bits and a quote without alternatives read back exactly', async (quotes) => {
    const big = quote({ id: '00000000-0000-4000-8000-000000000002', inputAmount: HUGE, feeAmount: 7n, receiveAmount: HUGE - 7n, feeUsdMicros: HUGE, destinationGasPriceWei: HUGE, alternatives: [] });
    await run((tx) => quotes.insert(tx, big));
    assert.equal(await run((tx) => quotes.find(tx, TEAM_A, big.id)), big);
  });

  it('a rolled-back unit of work stores no quote', async (quotes) => {
    await run(async (tx) => {
      await quotes.insert(tx, quote());
      throw new Error('rolled back');
    }).catch(() => undefined);
    assert.is(await run((tx) => quotes.find(tx, TEAM_A, quote().id)), undefined);
  });

  return test;
}
