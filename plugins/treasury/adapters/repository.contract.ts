import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { AllocationRecord } from '../domain/allocation.js';
import type { RebalanceRecord } from '../domain/rebalance.js';
import type { AllocationRepository, RebalanceRepository } from '../ports.js';

export interface TreasuryRepositories {
  readonly allocations: AllocationRepository;
  readonly rebalances: RebalanceRepository;
}

/**
 * What every store's treasury repositories must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function treasuryRepositoryContract(title: string, harness: RepositoryHarness<TreasuryRepositories>) {
  const { test, it, run, waitsFor } = repositorySuite(title, harness);
  const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
  let serial = 0;
  const uuid = () => `00000000-0000-4000-8000-${String((serial += 1)).padStart(12, '0')}`;
  const allocation = (teamId: string, token: string, overrides: Partial<AllocationRecord> = {}): AllocationRecord => ({
    teamId,
    token,
    targets: [{ chain: 'base', bps: 5000 }, { chain: 'polygon', bps: 3000 }, { chain: 'ethereum', bps: 2000 }],
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  });
  const rebalance = (teamId: string, overrides: Partial<RebalanceRecord> = {}): RebalanceRecord => ({
    id: uuid(),
    teamId,
    token: 'USDC',
    accountId: uuid(),
    toleranceBps: 50,
    dryRun: false,
    status: 'executing',
    total: 123_456_789_012_345_678_901_234_567n,
    feeTotal: 4_402n,
    withinToleranceBefore: false,
    withinToleranceAfter: true,
    chains: [
      { chain: 'base', bps: 5000, before: 0n, target: 61_728_394_506_172_839_450_615_082n, expected: 61_728_394_506_172_839_450_615_082n, after: null },
      { chain: 'ethereum', bps: 5000, before: 123_456_789_012_345_678_901_234_567n, target: 61_728_394_506_172_839_450_615_081n, expected: 61_728_394_506_172_839_450_615_083n, after: null },
    ],
    moves: [{ sourceChain: 'ethereum', destinationChain: 'base', protocol: 'wormhole', amount: 61_728_394_506_172_839_450_619_484n, feeAmount: 4_402n, receiveAmount: 61_728_394_506_172_839_450_615_082n, transferId: uuid(), status: 'pending' }],
    failureReason: null,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  });

  it('put replaces a team’s allocation of a token, keeps created_at, and only that team sees it', async ({ allocations }) => {
    await run((tx) => allocations.put(tx, allocation(TEAM_A, 'USDC')));
    const changed = allocation(TEAM_A, 'USDC', { targets: [{ chain: 'base', bps: 10_000 }], createdAt: at(5), updatedAt: at(5) });
    assert.equal(await run((tx) => allocations.put(tx, changed)), { ...changed, createdAt: T0 });
    assert.equal(await run((tx) => allocations.find(tx, TEAM_A, 'USDC')), { ...changed, createdAt: T0 });
    assert.is(await run((tx) => allocations.find(tx, TEAM_B, 'USDC')), undefined);
  });

  it('lock holds the allocation: a second lock of the same team and token waits for the first unit of work', async ({ allocations }) => {
    await run((tx) => allocations.put(tx, allocation(TEAM_A, 'USDC')));
    await waitsFor(
      (tx) => allocations.lock(tx, TEAM_A, 'USDC'),
      (tx) => allocations.lock(tx, TEAM_A, 'USDC'),
    );
    assert.is(await run((tx) => allocations.lock(tx, TEAM_B, 'USDC')), undefined);
  });

  it('list gives the team’s allocations by token', async ({ allocations }) => {
    await run(async (tx) => {
      await allocations.put(tx, allocation(TEAM_A, 'WETH'));
      await allocations.put(tx, allocation(TEAM_B, 'DAI'));
      await allocations.put(tx, allocation(TEAM_A, 'USDC'));
    });
    assert.equal((await run((tx) => allocations.list(tx, TEAM_A))).map((one) => one.token), ['USDC', 'WETH']);
    assert.equal((await run((tx) => allocations.list(tx, TEAM_B))).map((one) => one.token), ['DAI']);
  });

  it('a rebalance reads back exactly (amounts past 2^64 included), by its team only', async ({ rebalances }) => {
    const mine = rebalance(TEAM_A);
    await run((tx) => rebalances.insert(tx, mine));
    assert.equal(await run((tx) => rebalances.find(tx, TEAM_A, mine.id)), mine);
    assert.is(await run((tx) => rebalances.find(tx, TEAM_B, mine.id)), undefined);
  });

  it('lockByTransfer finds the rebalance that started a transfer, for its team only; update changes it', async ({ rebalances }) => {
    const mine = rebalance(TEAM_A);
    const dry = rebalance(TEAM_A, { dryRun: true, status: 'planned', moves: [{ ...mine.moves[0]!, transferId: null, status: 'planned' }] });
    await run(async (tx) => {
      await rebalances.insert(tx, mine);
      await rebalances.insert(tx, dry);
    });
    const transferId = mine.moves[0]!.transferId!;
    assert.is(await run((tx) => rebalances.lockByTransfer(tx, TEAM_B, transferId)), undefined);
    assert.is(await run((tx) => rebalances.lockByTransfer(tx, TEAM_A, uuid())), undefined);
    const locked = await run((tx) => rebalances.lockByTransfer(tx, TEAM_A, transferId));
    assert.is(locked?.id, mine.id);
    const done: RebalanceRecord = { ...mine, status: 'completed', moves: [{ ...mine.moves[0]!, status: 'completed' }], chains: mine.chains.map((one) => ({ ...one, after: one.expected })), updatedAt: at(9) };
    await run((tx) => rebalances.update(tx, done));
    assert.equal(await run((tx) => rebalances.find(tx, TEAM_A, mine.id)), done);
    await run((tx) => rebalances.update(tx, { ...done, teamId: TEAM_B, status: 'failed' }));
    assert.is((await run((tx) => rebalances.find(tx, TEAM_A, mine.id)))!.status, 'completed');
  });

  it('executing finds the account’s rebalance of the token still in flight, and nothing else', async ({ rebalances }) => {
    const running = rebalance(TEAM_A);
    const done = rebalance(TEAM_A, { accountId: running.accountId, status: 'completed' });
    await run(async (tx) => {
      await rebalances.insert(tx, done);
      await rebalances.insert(tx, running);
    });
    assert.is((await run((tx) => rebalances.executing(tx, TEAM_A, 'USDC', running.accountId)))?.id, running.id);
    assert.is(await run((tx) => rebalances.executing(tx, TEAM_A, 'WETH', running.accountId)), undefined);
    assert.is(await run((tx) => rebalances.executing(tx, TEAM_A, 'USDC', uuid())), undefined);
    assert.is(await run((tx) => rebalances.executing(tx, TEAM_B, 'USDC', running.accountId)), undefined);
    await run((tx) => rebalances.update(tx, { ...running, status: 'failed' }));
    assert.is(await run((tx) => rebalances.executing(tx, TEAM_A, 'USDC', running.accountId)), undefined);
  });

  it('a rolled-back unit of work leaves nothing behind', async ({ allocations, rebalances }) => {
    const lost = rebalance(TEAM_A);
    await run(async (tx) => {
      await allocations.put(tx, allocation(TEAM_A, 'WBTC'));
      await rebalances.insert(tx, lost);
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => rebalances.find(tx, TEAM_A, lost.id)), undefined);
    assert.is(await run((tx) => rebalances.lockByTransfer(tx, TEAM_A, lost.moves[0]!.transferId!)), undefined);
    assert.is(await run((tx) => allocations.find(tx, TEAM_A, 'WBTC')), undefined);
  });

  return test;
}
