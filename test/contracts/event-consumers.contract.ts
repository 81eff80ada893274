import * as assert from 'uvu/assert';
import type { NewEvent } from '../../kernel/contract/event.js';
import { ConsumerBackbone } from '../../kernel/events/consumer-backbone.js';
import { START_CURSOR } from '../../ports/event-consumers.js';
import { contractSuite, deferred, type OpenStore, runsConcurrently } from './harness.js';

const ev = (n: number, type = 'thing.happened'): NewEvent => ({ type, teamId: 't1', aggregateType: 'thing', aggregateId: String(n), payload: { n } });
const at = new Date('2026-01-01T00:00:00Z');
const clock = { now: () => at };
const silent = { info() {}, warn() {}, error() {} };

/** The ConsumerStore port and the kernel's backbone on top of it, for one kind of store. */
export function eventConsumersContract(label: string, open: OpenStore): void {
  const { it, store, suite } = contractSuite(`${label}: event consumers`, open);
  const backbone = () =>
    new ConsumerBackbone({ store: store().consumers, clock, logger: silent, pollIntervalMs: 1_000, batchSize: 3, maxAttempts: 3 });

  it('a new group starts before the first event; reading and saving moves the checkpoint; lag is what is left', async () => {
    const { unitOfWork, consumers } = store();
    await unitOfWork.run((tx) => tx.append([ev(1), ev(2), ev(3)]));
    await consumers.ensureGroup('g', at);
    await consumers.ensureGroup('g', at);
    const [fresh] = await consumers.checkpoints();
    assert.is(fresh!.cursor, START_CURSOR);
    assert.is(await consumers.pending(fresh!.cursor), 3);
    const result = await consumers.claim('g', async (tx, checkpoint) => {
      const events = await consumers.readAfter(tx, checkpoint.cursor, 2);
      assert.equal(events.map((e) => e.payload.n), [1, 2]);
      const last = events[1]!;
      await consumers.save(tx, 'g', { ...checkpoint, cursor: last.cursor, position: last.position, handled: 2, at });
      return last.cursor;
    });
    assert.ok(result.claimed);
    const [after] = await consumers.checkpoints();
    assert.is(after!.handled, 2);
    assert.is(await consumers.pending(after!.cursor), 1);
    const rest = await consumers.claim('g', (tx, checkpoint) => consumers.readAfter(tx, checkpoint.cursor, 10));
    assert.equal(rest.claimed && rest.value.map((e) => e.payload.n), [3]);
    assert.is(await consumers.hasAfter(START_CURSOR), true);
    assert.is(await consumers.hasAfter(after!.cursor), true);
    assert.is(await consumers.hasAfter(rest.claimed ? rest.value[0]!.cursor : ''), false);
  });

  it('a throw in the claim rolls the checkpoint back (crash before commit = resume from the old checkpoint)', async () => {
    const { unitOfWork, consumers } = store();
    await unitOfWork.run((tx) => tx.append([ev(1)]));
    await consumers.ensureGroup('g', at);
    await consumers
      .claim('g', async (tx, checkpoint) => {
        const [event] = await consumers.readAfter(tx, checkpoint.cursor, 1);
        await consumers.save(tx, 'g', { ...checkpoint, cursor: event!.cursor, position: event!.position, handled: 1, at });
        throw new Error('crash');
      })
      .catch(() => undefined);
    const [checkpoint] = await consumers.checkpoints();
    assert.is(checkpoint!.cursor, START_CURSOR);
    assert.is(await consumers.pending(checkpoint!.cursor), 1);
  });

  it('a group held by one claim is skipped by another, not waited for', async () => {
    const { consumers } = store();
    await consumers.ensureGroup('g', at);
    const release = deferred();
    const entered = deferred();
    const first = consumers.claim('g', async () => {
      entered.resolve();
      await release.promise;
      return 'first';
    });
    await entered.promise;
    if (runsConcurrently(store())) {
      const second = await consumers.claim('g', async () => 'second');
      assert.is(second.claimed, false);
    }
    release.resolve();
    assert.equal(await first, { claimed: true, value: 'first' });
  });

  it('the backbone hands every event to each group once, in order, and survives a restart from the checkpoint', async () => {
    const { unitOfWork } = store();
    await unitOfWork.run((tx) => tx.append([1, 2, 3, 4].map((n) => ev(n))));
    const seen: number[] = [];
    const one = backbone();
    one.register({ group: 'g', handle: async (_tx, event) => void seen.push(event.payload.n as number) });
    assert.is(await one.drain(), 4);
    await unitOfWork.run((tx) => tx.append([ev(5), ev(6)]));
    const two = backbone();
    two.register({ group: 'g', handle: async (_tx, event) => void seen.push(event.payload.n as number) });
    await two.drain();
    assert.equal(seen, [1, 2, 3, 4, 5, 6]);
  });

  it('a poison event is parked with its error after maxAttempts and does not block the events behind it', async () => {
    const { unitOfWork, consumers } = store();
    await unitOfWork.run((tx) => tx.append([ev(1), ev(2, 'poison.pill'), ev(3), ev(4)]));
    const seen: number[] = [];
    const b = backbone();
    b.register({
      group: 'g',
      handle: async (_tx, event) => {
        if (event.type === 'poison.pill') throw new Error('cannot digest');
        seen.push(event.payload.n as number);
      },
    });
    await b.drain();
    // Effects outside the unit of work (this array) repeat when a batch is retried one by one; transactional ones do not.
    assert.equal([...new Set(seen)], [1, 3, 4]);
    const parked = await consumers.parkedEvents(10);
    assert.is(parked.length, 1);
    assert.is(parked[0]!.type, 'poison.pill');
    assert.is(parked[0]!.error, 'cannot digest');
    assert.is(parked[0]!.attempts, 3);
    const [checkpoint] = await consumers.checkpoints();
    assert.is(checkpoint!.parked, 1);
    assert.is(await consumers.pending(checkpoint!.cursor), 0);
    assert.is(b.stats().groups[0]!.failures >= 3, true);
  });

  it('the handler writes and the checkpoint commit together (no double handling after a rollback)', async () => {
    const { unitOfWork } = store();
    await unitOfWork.run((tx) => tx.append([ev(1), ev(2)]));
    let calls = 0;
    const b = backbone();
    b.register({
      group: 'g',
      handle: async (tx, event) => {
        calls += 1;
        if (event.payload.n === 2 && calls === 2) throw new Error('transient');
        await tx.append([{ ...ev(100 + (event.payload.n as number)), type: 'derived.event' }]);
      },
      accepts: (event) => event.type === 'thing.happened',
    });
    await b.drain();
    const derived = (await store().eventStore.readAfter(0n, 100)).filter((e) => e.type === 'derived.event');
    assert.equal(derived.map((e) => e.payload.n).sort(), [101, 102]);
  });

  it('counts events by type, all time and since a time', async () => {
    const { unitOfWork, consumers } = store();
    await unitOfWork.run((tx) => tx.append([ev(1), ev(2), ev(3, 'other.kind')]));
    assert.equal(await consumers.countByType(), [
      { type: 'other.kind', count: 1 },
      { type: 'thing.happened', count: 2 },
    ]);
    assert.equal(await consumers.countByType(new Date('2999-01-01')), []);
  });

  if (label === 'postgres') {
    it('a commit of events is announced by NOTIFY to listeners on their own connection', async () => {
      const { unitOfWork, consumers } = store();
      let heard = deferred();
      const stop = await consumers.onRemoteCommit(() => heard.resolve());
      try {
        assert.is(consumers.wakeMode(), 'listen');
        // The listener also fires once on connecting (commits it may have missed); wait for the next one.
        heard = deferred();
        await unitOfWork.run((tx) => tx.append([ev(1)]));
        await heard.promise;
      } finally {
        await stop();
      }
      assert.is(consumers.wakeMode(), 'disconnected');
    });

    it('an event whose position is taken first but commits later is not skipped', async () => {
      const { unitOfWork, consumers } = store();
      await consumers.ensureGroup('g', at);
      const holdEarly = deferred();
      const earlyAppended = deferred();
      const early = unitOfWork.run(async (tx) => {
        await tx.append([ev(1, 'early.event')]);
        earlyAppended.resolve();
        await holdEarly.promise;
      });
      await earlyAppended.promise;
      await unitOfWork.run((tx) => tx.append([ev(2, 'late.event')]));
      // The later position is committed, the earlier one is not: the group must wait rather than pass it.
      const visible = await consumers.claim('g', (tx, c) => consumers.readAfter(tx, c.cursor, 10));
      assert.equal(visible.claimed && visible.value.map((e) => e.type), []);
      holdEarly.resolve();
      await early;
      const both = await consumers.claim('g', (tx, c) => consumers.readAfter(tx, c.cursor, 10));
      assert.equal(both.claimed && both.value.map((e) => e.type), ['early.event', 'late.event']);
    });
  }

  suite.run();
}
