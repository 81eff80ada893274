import * as assert from 'uvu/assert';
import type { IdempotencyKeyRef, IdempotencyRecord, IdempotencyStore } from '../../ports/idempotency-store.js';
import type { Tx } from '../../ports/unit-of-work.js';
import { barrier, contractSuite, deferred, type OpenStore, rejection, runsConcurrently } from './harness.js';

/** Records saved by one API key unless a test says otherwise; the key itself is (team, key). */
const API_KEY = 'api-key-1';

const record = (teamId: string, key: string, createdAt = new Date('2026-01-02T03:04:05.678Z')): IdempotencyRecord => ({
  teamId,
  apiKeyId: API_KEY,
  key,
  requestHash: 'a'.repeat(64),
  status: 201,
  body: JSON.stringify({ data: { id: 'x', amount: '10.00' } }),
  createdAt,
});

const ref = (teamId: string, key: string): IdempotencyKeyRef => ({ teamId, key });
const findOne = async (store: IdempotencyStore, tx: Tx, teamId: string, key: string) => (await store.find(tx, [ref(teamId, key)]))[0];
const lockOne = async (store: IdempotencyStore, tx: Tx, teamId: string, key: string) => (await store.tryLock(tx, [ref(teamId, key)]))[0];

export function idempotencyStoreContract(label: string, open: OpenStore): void {
  const { it, store, suite } = contractSuite(`${label}: idempotency store`, open);

  it('find returns nothing for an unknown key, then what save stored', async () => {
    const { unitOfWork, idempotency } = store();
    assert.is(await unitOfWork.run((tx) => findOne(idempotency, tx, 'team-1', 'k1')), undefined);
    await unitOfWork.run((tx) => idempotency.save(tx, [record('team-1', 'k1')]));
    const found = await unitOfWork.run((tx) => findOne(idempotency, tx, 'team-1', 'k1'));
    assert.equal(found, record('team-1', 'k1'));
    assert.instance(found!.createdAt, Date);
  });

  it('keys are scoped by team', async () => {
    const { unitOfWork, idempotency } = store();
    await unitOfWork.run((tx) => idempotency.save(tx, [record('team-1', 'shared')]));
    assert.is(await unitOfWork.run((tx) => findOne(idempotency, tx, 'team-2', 'shared')), undefined);
    await unitOfWork.run((tx) => idempotency.save(tx, [{ ...record('team-2', 'shared'), status: 200 }]));
    assert.is((await unitOfWork.run((tx) => findOne(idempotency, tx, 'team-1', 'shared')))!.status, 201);
    assert.is((await unitOfWork.run((tx) => findOne(idempotency, tx, 'team-2', 'shared')))!.status, 200);
  });

  it('keys are shared by every API key of a team: another key of the team finds the record and cannot save the key again', async () => {
    const { unitOfWork, idempotency } = store();
    await unitOfWork.run((tx) => idempotency.save(tx, [record('team-1', 'shared')]));
    const found = await unitOfWork.run((tx) => findOne(idempotency, tx, 'team-1', 'shared'));
    assert.equal([found!.apiKeyId, found!.status], [API_KEY, 201]);
    await rejection(unitOfWork.run((tx) => idempotency.save(tx, [{ ...record('team-1', 'shared'), apiKeyId: 'api-key-2', status: 200 }])));
    const after = await unitOfWork.run((tx) => findOne(idempotency, tx, 'team-1', 'shared'));
    assert.equal([after!.apiKeyId, after!.status], [API_KEY, 201]);
  });

  it('a record without a body (a response that carried a secret) keeps its hash and status', async () => {
    const { unitOfWork, idempotency } = store();
    await unitOfWork.run((tx) => idempotency.save(tx, [{ ...record('team-1', 'secret'), body: null }]));
    const found = await unitOfWork.run((tx) => findOne(idempotency, tx, 'team-1', 'secret'));
    assert.equal(found, { ...record('team-1', 'secret'), body: null });
  });

  it('a key is saved once: a second save is refused', async () => {
    const { unitOfWork, idempotency } = store();
    await unitOfWork.run((tx) => idempotency.save(tx, [record('team-1', 'once')]));
    await rejection(unitOfWork.run((tx) => idempotency.save(tx, [{ ...record('team-1', 'once'), status: 200 }])));
    assert.is((await unitOfWork.run((tx) => findOne(idempotency, tx, 'team-1', 'once')))!.status, 201);
  });

  it('a save in a rolled-back unit of work leaves nothing', async () => {
    const { unitOfWork, idempotency } = store();
    await rejection(
      unitOfWork.run(async (tx) => {
        await idempotency.save(tx, [record('team-1', 'gone')]);
        throw new Error('operation failed');
      }),
    );
    assert.is(await unitOfWork.run((tx) => findOne(idempotency, tx, 'team-1', 'gone')), undefined);
  });

  it('prune deletes only records created before the cut-off and says how many', async () => {
    const { unitOfWork, idempotency } = store();
    const cut = new Date('2026-01-02T00:00:00.000Z');
    await unitOfWork.run(async (tx) => {
      await idempotency.save(tx, [record('t', 'old-1', new Date(cut.getTime() - 86_400_000))]);
      await idempotency.save(tx, [record('t', 'old-2', new Date(cut.getTime() - 1))]);
      await idempotency.save(tx, [record('t', 'at-cut', cut)]);
      await idempotency.save(tx, [record('t', 'new', new Date(cut.getTime() + 1))]);
    });
    assert.is(await idempotency.prune(cut), 2);
    assert.is(await idempotency.prune(cut), 0);
    const left = await unitOfWork.run(async (tx) =>
      Promise.all(['old-1', 'old-2', 'at-cut', 'new'].map(async (k) => (await findOne(idempotency, tx, 't', k)) !== undefined)),
    );
    assert.equal(left, [false, false, true, true]);
  });

  it('tryLock is granted, re-granted to its holder, and free again once the transaction ends (commit or rollback)', async () => {
    const { unitOfWork, idempotency } = store();
    await unitOfWork.run(async (tx) => {
      assert.is(await lockOne(idempotency, tx, 'team-1', 'k'), true);
      assert.is(await lockOne(idempotency, tx, 'team-1', 'k'), true);
      // A nested run is the same transaction, hence the same holder.
      assert.is(await unitOfWork.run((inner) => lockOne(idempotency, inner, 'team-1', 'k')), true);
    });
    await rejection(
      unitOfWork.run(async (tx) => {
        assert.is(await lockOne(idempotency, tx, 'team-1', 'k'), true);
        throw new Error('rolled back');
      }),
    );
    assert.is(await unitOfWork.run((tx) => lockOne(idempotency, tx, 'team-1', 'k')), true);
  });

  it('tryLock excludes a second concurrent holder until the first transaction ends', async () => {
    const { unitOfWork, idempotency } = store();
    const locked = deferred();
    const release = deferred();
    const first = unitOfWork.run(async (tx) => {
      const got = await lockOne(idempotency, tx, 'team-1', 'busy');
      locked.resolve();
      await release.promise;
      return got;
    });
    await locked.promise;
    if (runsConcurrently(store())) {
      assert.is(await unitOfWork.run((tx) => lockOne(idempotency, tx, 'team-1', 'busy')), false);
      // Another key, or the same key of another team, is a different lock.
      assert.is(await unitOfWork.run((tx) => lockOne(idempotency, tx, 'team-1', 'other')), true);
      assert.is(await unitOfWork.run((tx) => lockOne(idempotency, tx, 'team-2', 'busy')), true);
      release.resolve();
      assert.is(await first, true);
    } else {
      // One transaction at a time: the second can only start after the first released its lock.
      const second = unitOfWork.run((tx) => lockOne(idempotency, tx, 'team-1', 'busy'));
      release.resolve();
      assert.is(await first, true);
      assert.is(await second, true);
    }
    assert.is(await unitOfWork.run((tx) => lockOne(idempotency, tx, 'team-1', 'busy')), true);
  });

  it('of many transactions racing for one key, exactly one holds it at a time', async () => {
    const { unitOfWork, idempotency } = store();
    const racers = 8;
    // On PostgreSQL all racers are inside their transactions at once (the barrier);
    // serialised stores run them one by one, each saving the key so later ones see it.
    const allIn = runsConcurrently(store()) ? barrier(racers) : undefined;
    const outcomes = await Promise.all(
      Array.from({ length: racers }, (_, i) =>
        unitOfWork.run(async (tx) => {
          const got = await lockOne(idempotency, tx, 'team-1', 'race');
          const done = got && (await findOne(idempotency, tx, 'team-1', 'race')) === undefined;
          if (done) await idempotency.save(tx, [{ ...record('team-1', 'race'), body: `racer ${i}` }]);
          await allIn?.arrive();
          return done;
        }),
      ),
    );
    assert.is(outcomes.filter(Boolean).length, 1);
  });

  it('many keys at once: locks answer in order, find returns only saved keys, save stores all or nothing', async () => {
    const { unitOfWork, idempotency } = store();
    await unitOfWork.run((tx) => idempotency.save(tx, [record('team-1', 'a'), record('team-2', 'a'), record('team-1', 'b')]));
    const found = await unitOfWork.run((tx) =>
      idempotency.find(tx, [ref('team-1', 'a'), ref('team-1', 'missing'), ref('team-2', 'a')]),
    );
    assert.equal(found.map((r) => `${r.teamId}/${r.key}`).sort(), ['team-1/a', 'team-2/a']);
    // One duplicate in a batch fails the whole save.
    await rejection(unitOfWork.run((tx) => idempotency.save(tx, [record('team-1', 'c'), record('team-1', 'a')])));
    assert.is(await unitOfWork.run((tx) => findOne(idempotency, tx, 'team-1', 'c')), undefined);
    const held = deferred();
    const release = deferred();
    const holder = unitOfWork.run(async (tx) => {
      await idempotency.tryLock(tx, [ref('team-1', 'held')]);
      held.resolve();
      await release.promise;
    });
    await held.promise;
    if (runsConcurrently(store())) {
      const locks = await unitOfWork.run((tx) =>
        idempotency.tryLock(tx, [ref('team-1', 'free'), ref('team-1', 'held'), ref('team-2', 'held')]),
      );
      assert.equal(locks, [true, false, true]);
    }
    release.resolve();
    await holder;
  });

  suite.run();
}
