import * as assert from 'uvu/assert';
import { repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { ItemRecord } from '../domain/item.js';
import type { ItemRepository } from '../ports.js';

/**
 * What every store's ItemRepository must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function itemRepositoryContract(title: string, harness: RepositoryHarness<ItemRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
  let serial = 0;
  const item = (teamId: string, overrides: Partial<ItemRecord> = {}): ItemRecord => {
    serial += 1;
    const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
    return { id, teamId, title: `item ${serial}`, status: 'pending', expiresAt: null, createdAt: T0, updatedAt: T0, ...overrides };
  };
  const insert = (repo: ItemRepository, ...items: ItemRecord[]) =>
    run(async (tx) => {
      for (const one of items) await repo.insert(tx, one);
    });

  it('an inserted item is found by its team only', async (repo) => {
    const mine = item(TEAM_A, { expiresAt: at(5) });
    await insert(repo, mine);
    assert.equal(await run((tx) => repo.find(tx, TEAM_A, mine.id)), mine);
    assert.is(await run((tx) => repo.find(tx, TEAM_B, mine.id)), undefined);
  });

  it('list pages a team’s items oldest first with the total', async (repo) => {
    const items = [item(TEAM_A), item(TEAM_A), item(TEAM_B), item(TEAM_A)];
    await insert(repo, ...items);
    const first = await run((tx) => repo.list(tx, TEAM_A, { page: 1, perPage: 2 }));
    const second = await run((tx) => repo.list(tx, TEAM_A, { page: 2, perPage: 2 }));
    assert.equal(first.items.map((one) => one.id), [items[0]!.id, items[1]!.id]);
    assert.equal(second.items.map((one) => one.id), [items[3]!.id]);
    assert.is(first.total, 3);
  });

  it('activate moves a pending item once, and never another team’s', async (repo) => {
    const pending = item(TEAM_A);
    await insert(repo, pending);
    assert.is(await run((tx) => repo.activate(tx, TEAM_B, pending.id, at(1))), undefined);
    assert.equal(await run((tx) => repo.activate(tx, TEAM_A, pending.id, at(1))), { ...pending, status: 'active', updatedAt: at(1) });
    assert.is(await run((tx) => repo.activate(tx, TEAM_A, pending.id, at(2))), undefined);
  });

  it('expireDue expires active items past expiry, earliest first, up to the limit, across teams', async (repo) => {
    const late = item(TEAM_A, { status: 'active', expiresAt: at(3) });
    const early = item(TEAM_B, { status: 'active', expiresAt: at(1) });
    const future = item(TEAM_A, { status: 'active', expiresAt: at(60) });
    const pending = item(TEAM_A, { expiresAt: at(1) });
    const never = item(TEAM_A, { status: 'active' });
    await insert(repo, late, early, future, pending, never);
    assert.equal((await run((tx) => repo.expireDue(tx, at(10), 1))).map((one) => [one.id, one.status]), [[early.id, 'expired']]);
    assert.equal((await run((tx) => repo.expireDue(tx, at(10), 10))).map((one) => one.id), [late.id]);
    assert.equal(await run((tx) => repo.expireDue(tx, at(10), 10)), []);
    assert.is((await run((tx) => repo.find(tx, TEAM_A, future.id)))!.status, 'active');
  });

  it('sweeps running at once expire each due item exactly once', async (repo) => {
    const due = Array.from({ length: 6 }, (_, index) => item(index % 2 ? TEAM_A : TEAM_B, { status: 'active', expiresAt: at(index) }));
    await insert(repo, ...due);
    const passes = await Promise.all([1, 2, 3].map(() => run((tx) => repo.expireDue(tx, at(10), 2))));
    const expired = passes.flat().map((one) => one.id);
    assert.is(new Set(expired).size, expired.length, 'an item was expired twice');
    const rest = await run((tx) => repo.expireDue(tx, at(10), 10));
    assert.equal([...expired, ...rest.map((one) => one.id)].sort(), due.map((one) => one.id).sort());
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    const lost = item(TEAM_A);
    await run(async (tx) => {
      await repo.insert(tx, lost);
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.is(await run((tx) => repo.find(tx, TEAM_A, lost.id)), undefined);
  });

  return test;
}
