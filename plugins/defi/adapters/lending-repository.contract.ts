import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { LendingPosition } from '../domain/positions/lending-position.js';
import type { LendingRepository } from '../ports.js';

const HUGE = 2n ** 200n + 7n;

/** What every store's LendingRepository must do, run on each store by lending-repository.test.ts. */
export function lendingRepositoryContract(title: string, harness: RepositoryHarness<LendingRepository>) {
  const { it, test, run } = repositorySuite(title, harness);
  const position = (id: string, overrides: Partial<LendingPosition> = {}): LendingPosition => ({
    id,
    teamId: TEAM_A,
    accountId: 'acct-1',
    chain: 'base',
    side: 'supply',
    token: 'WETH',
    principal: HUGE,
    status: 'open',
    settled: null,
    warned: false,
    openedAt: T0,
    closedAt: null,
    ...overrides,
  });
  const a = position('00000000-0000-4000-8000-0000000000c1');
  const b = position('00000000-0000-4000-8000-0000000000c2', { side: 'borrow', token: 'USDC', principal: 5n, openedAt: new Date(T0.getTime() + 1000) });
  const elsewhere = position('00000000-0000-4000-8000-0000000000c3', { chain: 'polygon' });
  const foreign = position('00000000-0000-4000-8000-0000000000c4', { teamId: TEAM_B });

  it('stores positions per team, finds the open ones of an account and chain, closes once', async (repo) => {
    await run(async (tx) => {
      for (const one of [a, b, elsewhere, foreign]) await repo.insert(tx, one);
    });
    assert.equal(await run((tx) => repo.find(tx, TEAM_A, a.id)), a);
    assert.is(await run((tx) => repo.find(tx, TEAM_B, a.id)), undefined);
    assert.equal(await run((tx) => repo.openOf(tx, TEAM_A, 'acct-1', 'base')), [a, b]);
    assert.equal((await run((tx) => repo.allOpen(tx))).map((one) => one.id).sort(), [a.id, b.id, elsewhere.id, foreign.id]);
    const at = new Date(T0.getTime() + 5000);
    assert.is(await run((tx) => repo.close(tx, TEAM_B, b.id, 6n, at)), false);
    assert.is(await run((tx) => repo.close(tx, TEAM_A, b.id, HUGE + 1n, at)), true);
    assert.is(await run((tx) => repo.close(tx, TEAM_A, b.id, HUGE + 1n, at)), false);
    assert.equal(await run((tx) => repo.openOf(tx, TEAM_A, 'acct-1', 'base')), [a]);
    assert.equal(await run((tx) => repo.list(tx, TEAM_A)), [elsewhere, a, { ...b, status: 'closed', settled: HUGE + 1n, closedAt: at }]);
    assert.equal(await run((tx) => repo.list(tx, TEAM_B)), [foreign]);
  });

  it('sets warned only where it differs, on open positions', async (repo) => {
    await run(async (tx) => {
      await repo.insert(tx, a);
      await repo.insert(tx, { ...b, status: 'closed', settled: 5n, closedAt: T0 });
    });
    assert.equal(await run((tx) => repo.setWarned(tx, [a.id, b.id], true)), [a.id]);
    assert.equal(await run((tx) => repo.setWarned(tx, [a.id], true)), []);
    assert.is((await run((tx) => repo.find(tx, TEAM_A, a.id)))!.warned, true);
    assert.equal(await run((tx) => repo.setWarned(tx, [a.id], false)), [a.id]);
    assert.equal(await run((tx) => repo.setWarned(tx, [], true)), []);
  });

  it('marks a market seeded once; a rolled-back unit of work stores nothing', async (repo) => {
    assert.is(await run((tx) => repo.markSeeded(tx, 'base', 'USDC', T0)), true);
    assert.is(await run((tx) => repo.markSeeded(tx, 'base', 'USDC', T0)), false);
    assert.is(await run((tx) => repo.markSeeded(tx, 'polygon', 'USDC', T0)), true);
    await run(async (tx) => {
      await repo.insert(tx, a);
      await repo.markSeeded(tx, 'base', 'WETH', T0);
      throw new Error('rolled back');
    }).catch(() => undefined);
    assert.is(await run((tx) => repo.find(tx, TEAM_A, a.id)), undefined);
    assert.is(await run((tx) => repo.markSeeded(tx, 'base', 'WETH', T0)), true);
  });

  return test;
}
