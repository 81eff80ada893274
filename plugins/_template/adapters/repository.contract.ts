import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { UnitOfWork } from '../../../kernel/public.js';
import { openTestStore, type StoreBundle, type StoreKind } from '../../../kit/testing.js';
import type { ItemRecord } from '../domain/item.js';
import type { ItemRepository } from '../ports.js';
import { templateMigrations } from './sql/migrations.js';

/**
 * What every store's ItemRepository must do, run against each store (memory,
 * PGlite, PostgreSQL when DATABASE_URL is set) by repository.test.ts.
 * `fresh` gives an empty repository over the opened store.
 */
export function itemRepositoryContract(kind: StoreKind, fresh: (store: StoreBundle) => Promise<ItemRepository>) {
  const test = suite(`template item repository: ${kind}`);
  let store: StoreBundle;
  let uow: UnitOfWork;
  let repo: ItemRepository;

  const T0 = new Date('2026-01-01T00:00:00.000Z');
  const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
  let serial = 0;
  const item = (teamId: string, overrides: Partial<ItemRecord> = {}): ItemRecord => {
    serial += 1;
    const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
    return { id, teamId, title: `item ${serial}`, status: 'pending', expiresAt: null, createdAt: T0, updatedAt: T0, ...overrides };
  };
  const insert = (...items: ItemRecord[]) => uow.run(async (tx) => { for (const one of items) await repo.insert(tx, one); });

  test.before(async () => {
    store = await openTestStore(kind, 'template', templateMigrations);
    uow = store.unitOfWork;
  });
  test.before.each(async () => {
    repo = await fresh(store);
  });
  test.after(() => store.close());

  test('an inserted item is found by its team only', async () => {
    const mine = item('team-a', { expiresAt: at(5) });
    await insert(mine);
    assert.equal(await uow.run((tx) => repo.find(tx, 'team-a', mine.id)), mine);
    assert.is(await uow.run((tx) => repo.find(tx, 'team-b', mine.id)), undefined);
  });

  test('list pages a team’s items oldest first with the total', async () => {
    const items = [item('team-a'), item('team-a'), item('team-b'), item('team-a')];
    await insert(...items);
    const first = await uow.run((tx) => repo.list(tx, 'team-a', { page: 1, perPage: 2 }));
    const second = await uow.run((tx) => repo.list(tx, 'team-a', { page: 2, perPage: 2 }));
    assert.equal(first.items.map((one) => one.id), [items[0]!.id, items[1]!.id]);
    assert.equal(second.items.map((one) => one.id), [items[3]!.id]);
    assert.is(first.total, 3);
  });

  test('activate moves a pending item once, and never another team’s', async () => {
    const pending = item('team-a');
    await insert(pending);
    assert.is(await uow.run((tx) => repo.activate(tx, 'team-b', pending.id, at(1))), undefined);
    const active = await uow.run((tx) => repo.activate(tx, 'team-a', pending.id, at(1)));
    assert.equal(active, { ...pending, status: 'active', updatedAt: at(1) });
    assert.is(await uow.run((tx) => repo.activate(tx, 'team-a', pending.id, at(2))), undefined);
  });

  test('expireDue expires active items past expiry, earliest first, up to the limit, across teams', async () => {
    const late = item('team-a', { status: 'active', expiresAt: at(3) });
    const early = item('team-b', { status: 'active', expiresAt: at(1) });
    const future = item('team-a', { status: 'active', expiresAt: at(60) });
    const pending = item('team-a', { expiresAt: at(1) });
    const never = item('team-a', { status: 'active' });
    await insert(late, early, future, pending, never);
    const firstPass = await uow.run((tx) => repo.expireDue(tx, at(10), 1));
    assert.equal(firstPass.map((one) => [one.id, one.status]), [[early.id, 'expired']]);
    const secondPass = await uow.run((tx) => repo.expireDue(tx, at(10), 10));
    assert.equal(secondPass.map((one) => one.id), [late.id]);
    assert.equal(await uow.run((tx) => repo.expireDue(tx, at(10), 10)), []);
    assert.is((await uow.run((tx) => repo.find(tx, 'team-a', future.id)))!.status, 'active');
  });

  test('a rolled-back unit of work leaves nothing behind', async () => {
    const lost = item('team-a');
    await uow
      .run(async (tx) => {
        await repo.insert(tx, lost);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    assert.is(await uow.run((tx) => repo.find(tx, 'team-a', lost.id)), undefined);
  });

  return test;
}
