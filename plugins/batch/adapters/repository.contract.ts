import * as assert from 'uvu/assert';
import { ALL, page, repositorySuite, T0, TEAM_A, TEAM_B, type RepositoryHarness } from '../../../kit/testing.js';
import type { BatchRecord, ItemRecord } from '../domain/batch.js';
import type { BatchRepository } from '../ports.js';

/**
 * What every store's BatchRepository must do, run on each store by
 * repository.test.ts (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export function batchRepositoryContract(title: string, harness: RepositoryHarness<BatchRepository>) {
  const { test, it, run } = repositorySuite(title, harness);
  const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
  let serial = 0;
  const batch = (teamId: string, total: number): { batch: BatchRecord; items: ItemRecord[] } => {
    serial += 1;
    const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
    const record: BatchRecord = { id, teamId, type: 'transfer', status: 'processing', total, completed: 0, failed: 0, createdAt: T0, updatedAt: T0, completedAt: null };
    const items = Array.from({ length: total }, (_, index): ItemRecord => ({
      teamId,
      batchId: id,
      index,
      status: 'pending',
      fromAccount: 'acc-from',
      toAccount: index % 2 ? null : 'acc-to',
      assetCode: 'USD',
      amount: BigInt(index + 1) * 10n ** 20n,
      reference: index === 0 ? 'first' : null,
      movementId: null,
      errorCode: null,
      errorDetail: null,
      processedAt: null,
    }));
    return { batch: record, items };
  };
  const insert = (repo: BatchRepository, made: { batch: BatchRecord; items: ItemRecord[] }) => run((tx) => repo.insert(tx, made.batch, made.items));

  it('a batch and its items are found by their team only, items in order with big amounts intact', async (repo) => {
    const made = batch(TEAM_A, 3);
    await insert(repo, made);
    assert.equal(await run((tx) => repo.find(tx, TEAM_A, made.batch.id)), made.batch);
    assert.is(await run((tx) => repo.find(tx, TEAM_B, made.batch.id)), undefined);
    assert.is(await run((tx) => repo.find(tx, TEAM_A, 'not-a-uuid')), undefined);
    assert.equal(await run((tx) => repo.items(tx, TEAM_A, made.batch.id, ALL)), { items: made.items, total: 3 });
    assert.equal((await run((tx) => repo.items(tx, TEAM_A, made.batch.id, page(2, 2)))).items, [made.items[2]]);
    assert.equal(await run((tx) => repo.items(tx, TEAM_B, made.batch.id, ALL)), { items: [], total: 0 });
  });

  it('list pages a team’s batches newest first with the total', async (repo) => {
    const [one, two, other, three] = [batch(TEAM_A, 1), batch(TEAM_A, 1), batch(TEAM_B, 1), batch(TEAM_A, 1)];
    for (const made of [one!, two!, other!, three!]) await insert(repo, made);
    const first = await run((tx) => repo.list(tx, TEAM_A, page(1, 2)));
    assert.equal([first.items.map((row) => row.id), first.total], [[three!.batch.id, two!.batch.id], 3]);
    assert.equal((await run((tx) => repo.list(tx, TEAM_A, page(2, 2)))).items.map((row) => row.id), [one!.batch.id]);
  });

  it('an item is claimed while pending, ends once, and the batch counts it; the last item completes the batch', async (repo) => {
    const made = batch(TEAM_A, 2);
    await insert(repo, made);
    const id = made.batch.id;
    assert.is(await run((tx) => repo.claim(tx, TEAM_B, id, 0)), undefined, 'another team claims nothing');
    await run(async (tx) => {
      assert.equal(await repo.claim(tx, TEAM_A, id, 0), made.items[0]);
      const ended = await repo.finish(tx, TEAM_A, id, 0, { status: 'completed', movementId: 'm-1' }, at(1));
      assert.equal([ended.status, ended.movementId, ended.processedAt], ['completed', 'm-1', at(1)]);
      const counted = await repo.countOutcome(tx, TEAM_A, id, 'completed', at(1));
      assert.equal([counted.status, counted.completed, counted.failed, counted.completedAt], ['processing', 1, 0, null]);
    });
    assert.is(await run((tx) => repo.claim(tx, TEAM_A, id, 0)), undefined, 'an ended item is never claimed again');
    await run(async (tx) => {
      assert.ok(await repo.claim(tx, TEAM_A, id, 1));
      const failed = await repo.finish(tx, TEAM_A, id, 1, { status: 'failed', errorCode: 'insufficient_funds', errorDetail: 'not enough' }, at(2));
      assert.equal([failed.status, failed.errorCode, failed.errorDetail, failed.movementId], ['failed', 'insufficient_funds', 'not enough', null]);
      const counted = await repo.countOutcome(tx, TEAM_A, id, 'failed', at(2));
      assert.equal(counted, { ...made.batch, status: 'completed', completed: 1, failed: 1, updatedAt: at(2), completedAt: at(2) });
    });
    assert.equal((await run((tx) => repo.find(tx, TEAM_A, id)))!.status, 'completed');
  });

  it('items of one batch ending at once are each counted once', async (repo) => {
    const made = batch(TEAM_A, 6);
    await insert(repo, made);
    const id = made.batch.id;
    const ends = await Promise.all(
      made.items.map((item) =>
        run(async (tx) => {
          const claimed = await repo.claim(tx, TEAM_A, id, item.index);
          if (!claimed) return undefined;
          await repo.finish(tx, TEAM_A, id, item.index, { status: 'completed', movementId: `m-${item.index}` }, at(1));
          return repo.countOutcome(tx, TEAM_A, id, 'completed', at(1));
        }),
      ),
    );
    assert.equal(ends.filter((one) => one?.status === 'completed').length, 1, 'exactly one item saw the batch complete');
    assert.equal((await run((tx) => repo.find(tx, TEAM_A, id)))!.completed, 6);
  });

  it('a rolled-back unit of work leaves nothing behind', async (repo) => {
    const made = batch(TEAM_A, 2);
    await insert(repo, made);
    await run(async (tx) => {
      await repo.insert(tx, batch(TEAM_A, 1).batch, []);
      await repo.claim(tx, TEAM_A, made.batch.id, 0);
      await repo.finish(tx, TEAM_A, made.batch.id, 0, { status: 'completed', movementId: 'm' }, at(1));
      await repo.countOutcome(tx, TEAM_A, made.batch.id, 'completed', at(1));
      throw new Error('roll back');
    }).catch(() => undefined);
    assert.equal(await run((tx) => repo.find(tx, TEAM_A, made.batch.id)), made.batch);
    assert.equal((await run((tx) => repo.items(tx, TEAM_A, made.batch.id, ALL))).items, made.items);
    assert.is((await run((tx) => repo.list(tx, TEAM_A, ALL))).total, 1);
  });

  return test;
}
