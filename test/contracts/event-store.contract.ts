import * as assert from 'uvu/assert';
import type { NewEvent } from '../../kernel/contract/event.js';
import { contractSuite, type OpenStore, rejection } from './harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ev = (teamId: string, aggregateType: string, aggregateId: string, n: number): NewEvent => ({
  type: `${aggregateType}.changed`,
  teamId,
  aggregateType,
  aggregateId,
  payload: { n },
});

export function eventStoreContract(label: string, open: OpenStore): void {
  const { it, store, suite } = contractSuite(`${label}: event store`, open);

  it('is empty at first: head 0, nothing to read', async () => {
    assert.is(await store().eventStore.head(), 0n);
    assert.equal(await store().eventStore.readAfter(0n, 100), []);
  });

  it('positions strictly increase within and across transactions; head is the last', async () => {
    const { unitOfWork, eventStore } = store();
    await unitOfWork.run(async (tx) => {
      await tx.append([ev('t', 'a', '1', 1), ev('t', 'a', '1', 2)]);
      await tx.append([ev('t', 'a', '1', 3)]);
    });
    await unitOfWork.run((tx) => tx.append([ev('t', 'a', '1', 4)]));
    await unitOfWork.run((tx) => tx.append([]));
    await unitOfWork.run((tx) => tx.append([ev('t', 'a', '1', 5), ev('t', 'a', '1', 6)]));
    const events = await eventStore.readAfter(0n, 100);
    assert.equal(
      events.map((e) => e.payload.n),
      [1, 2, 3, 4, 5, 6],
    );
    for (let i = 1; i < events.length; i++) {
      assert.ok(events[i]!.position > events[i - 1]!.position, `position ${i} did not increase`);
      assert.is(typeof events[i]!.position, 'bigint');
    }
    assert.is(await eventStore.head(), events.at(-1)!.position);
  });

  it('readAfter returns only later events, oldest first, at most `limit`', async () => {
    const { unitOfWork, eventStore } = store();
    await unitOfWork.run((tx) => tx.append([1, 2, 3, 4, 5].map((n) => ev('t', 'a', '1', n))));
    const all = await eventStore.readAfter(0n, 100);
    const afterSecond = await eventStore.readAfter(all[1]!.position, 2);
    assert.equal(
      afterSecond.map((e) => e.payload.n),
      [3, 4],
    );
    assert.equal(await eventStore.readAfter(all[4]!.position, 10), []);
    assert.equal(await eventStore.readAfter(0n, 0), []);
  });

  it('readAfter with types returns only events of those types, oldest first, at most `limit`', async () => {
    const { unitOfWork, eventStore } = store();
    await unitOfWork.run((tx) => tx.append([ev('t', 'a', '1', 1), ev('t', 'b', '1', 2), ev('t', 'c', '1', 3), ev('t', 'a', '1', 4), ev('t', 'b', '1', 5)]));
    const picked = await eventStore.readAfter(0n, 100, ['a.changed', 'b.changed']);
    assert.equal(picked.map((e) => e.payload.n), [1, 2, 4, 5]);
    assert.equal((await eventStore.readAfter(picked[0]!.position, 2, ['a.changed', 'b.changed'])).map((e) => e.payload.n), [2, 4]);
    assert.equal(await eventStore.readAfter(0n, 100, []), []);
    assert.equal(await eventStore.readAfter(0n, 100, ['unknown.type']), []);
  });

  it('stores every field: id (uuid), version, team, aggregate, JSON payload, occurredAt', async () => {
    const { unitOfWork, eventStore } = store();
    const payload = {
      amount: '123456789012345678901234567890.000000000000000001',
      nested: { list: [1, 'two', null, { three: true }] },
      at: '2026-01-01T00:00:00.000Z',
    };
    await unitOfWork.run((tx) =>
      tx.append([{ type: 'transfer.completed', teamId: 'team-x', aggregateType: 'transfer', aggregateId: 'tr-1', payload }]),
    );
    const [stored] = await eventStore.readAfter(0n, 1);
    assert.ok(stored);
    assert.ok(UUID.test(stored.id), `id ${stored.id} is not a uuid`);
    assert.is(stored.type, 'transfer.completed');
    assert.is(stored.version, 1);
    assert.is(stored.teamId, 'team-x');
    assert.is(stored.aggregateType, 'transfer');
    assert.is(stored.aggregateId, 'tr-1');
    assert.equal(stored.payload, payload);
    assert.instance(stored.occurredAt, Date);
    assert.ok(!Number.isNaN(stored.occurredAt.getTime()));
  });

  it('event ids are unique', async () => {
    const { unitOfWork, eventStore } = store();
    await unitOfWork.run((tx) => tx.append(Array.from({ length: 20 }, (_, n) => ev('t', 'a', '1', n))));
    const ids = new Set((await eventStore.readAfter(0n, 100)).map((e) => e.id));
    assert.is(ids.size, 20);
  });

  it('forAggregate returns one team’s events of one aggregate, oldest first', async () => {
    const { unitOfWork, eventStore } = store();
    await unitOfWork.run((tx) =>
      tx.append([ev('t1', 'account', 'A', 1), ev('t1', 'account', 'B', 2), ev('t2', 'account', 'A', 3), ev('t1', 'transfer', 'A', 4)]),
    );
    await unitOfWork.run((tx) => tx.append([ev('t1', 'account', 'A', 5)]));
    const trail = await eventStore.forAggregate('t1', 'account', 'A');
    assert.equal(
      trail.map((e) => e.payload.n),
      [1, 5],
    );
    assert.equal(await eventStore.forAggregate('t3', 'account', 'A'), []);
  });

  it('a payload that is not JSON (a bigint) is refused and rolls the unit of work back', async () => {
    const { unitOfWork, eventStore } = store();
    const error = await rejection(
      unitOfWork.run(async (tx) => {
        await tx.append([ev('t', 'a', '1', 1)]);
        await tx.append([{ ...ev('t', 'a', '1', 2), payload: { amount: 10n } }]);
      }),
    );
    assert.instance(error, TypeError);
    assert.is(await eventStore.head(), 0n);
  });

  it('a caller mutating its payload after append cannot change the stored event', async () => {
    const { unitOfWork, eventStore } = store();
    const payload: Record<string, unknown> = { amount: '1.00' };
    await unitOfWork.run(async (tx) => {
      await tx.append([{ ...ev('t', 'a', '1', 1), payload }]);
      payload.amount = '999.00';
    });
    const [stored] = await eventStore.readAfter(0n, 1);
    assert.equal(stored!.payload, { amount: '1.00' });
  });

  suite.run();
}
