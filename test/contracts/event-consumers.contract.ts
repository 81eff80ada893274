import * as assert from 'uvu/assert';
import type { NewEvent } from '../../kernel/contract/event.js';
import { ConsumerBackbone } from '../../kernel/events/consumer-backbone.js';
import { KernelScheduler } from '../../kernel/scheduling/scheduler.js';
import { START_CURSOR, type ConsumerStore } from '../../ports/event-consumers.js';
import { ManualClock } from '../fixtures/manual-clock.js';
import { contractSuite, deferred, type OpenStore, rejection, runsConcurrently } from './harness.js';

const ev = (n: number, type = 'thing.happened'): NewEvent => ({ type, teamId: 't1', aggregateType: 'thing', aggregateId: String(n), payload: { n } });
const at = new Date('2026-01-01T00:00:00Z');
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const RETRY_BASE_MS = 1_000;

/** The store with some methods replaced (the others still bound to it). */
function overriding(consumers: ConsumerStore, overrides: Partial<ConsumerStore>): ConsumerStore {
  return new Proxy(consumers, {
    get: (target, name) => {
      if (name in overrides) return overrides[name as keyof ConsumerStore];
      const value = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The ConsumerStore port and the kernel's backbone on top of it, for one kind of store. */
export function eventConsumersContract(label: string, open: OpenStore): void {
  const { it, store, suite } = contractSuite(`${label}: event consumers`, open);
  let clock = new ManualClock(at);
  suite.before.each(() => {
    clock = new ManualClock(at);
  });
  const backbone = (consumers: ConsumerStore = store().consumers) =>
    new ConsumerBackbone({
      store: consumers,
      clock,
      logger: silent,
      // Never started: the contract drives the backbone with drain().
      scheduler: new KernelScheduler({ clock, logger: silent }),
      pollIntervalMs: 1_000,
      batchSize: 3,
      maxAttempts: 3,
      retryBaseMs: RETRY_BASE_MS,
      retryMaxMs: 60_000,
    });
  const pending = async (cursor: string) => (await store().consumers.pendingByType(cursor)).reduce((sum, { count }) => sum + count, 0);

  it('a new group starts before the first event; reading and saving moves the checkpoint; lag is what is left', async () => {
    const { unitOfWork, consumers } = store();
    await unitOfWork.run((tx) => tx.append([ev(1), ev(2), ev(3)]));
    await consumers.ensureGroup('g', at);
    await consumers.ensureGroup('g', at);
    const [fresh] = await consumers.checkpoints();
    assert.is(fresh!.cursor, START_CURSOR);
    assert.is(await pending(fresh!.cursor), 3);
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
    assert.is(await pending(after!.cursor), 1);
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
    assert.is(await pending(checkpoint!.cursor), 1);
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

  it('a poison event is retried after a growing backoff by the clock, parked after maxAttempts, and does not block the events behind it', async () => {
    const { unitOfWork, consumers } = store();
    await unitOfWork.run((tx) => tx.append([ev(1), ev(2, 'poison.pill'), ev(3), ev(4)]));
    const seen: number[] = [];
    let tries = 0;
    const b = backbone();
    b.register({
      group: 'g',
      handle: async (_tx, event) => {
        if (event.type !== 'poison.pill') return void seen.push(event.payload.n as number);
        tries += 1;
        throw new Error('cannot digest');
      },
    });
    await b.drain();
    // The event before the poison went on at once; the poison waits for its backoff: one try, not a burst.
    assert.equal([...new Set(seen)], [1]);
    assert.is(tries, 1);
    let [checkpoint] = await consumers.checkpoints();
    assert.equal([checkpoint!.attempts, checkpoint!.retryAt?.getTime()], [1, at.getTime() + RETRY_BASE_MS]);
    clock.advance(RETRY_BASE_MS - 1);
    await b.drain();
    assert.is(tries, 1, 'not before the retry time');
    clock.advance(1);
    await b.drain();
    assert.is(tries, 2);
    [checkpoint] = await consumers.checkpoints();
    assert.equal([checkpoint!.attempts, checkpoint!.retryAt?.getTime()], [2, clock.now().getTime() + 2 * RETRY_BASE_MS], 'the backoff doubles');
    clock.advance(2 * RETRY_BASE_MS);
    await b.drain();
    // Effects outside the unit of work (this array) repeat when a batch is retried; transactional ones do not.
    assert.equal([...new Set(seen)], [1, 3, 4]);
    assert.is(tries, 3);
    const parked = await consumers.parkedEvents(10);
    assert.is(parked.length, 1);
    assert.equal([parked[0]!.type, parked[0]!.error, parked[0]!.attempts], ['poison.pill', 'cannot digest', 3]);
    [checkpoint] = await consumers.checkpoints();
    assert.equal([checkpoint!.parked, checkpoint!.attempts, checkpoint!.retryAt], [1, 0, null]);
    assert.is(await pending(checkpoint!.cursor), 0);
    assert.is(b.stats().groups[0]!.failures, 3);
    assert.is(b.stats().window.failed, 3);
  });

  it('a store failure inside a handler is retried without counting towards parking', async () => {
    const { unitOfWork, consumers } = store();
    await unitOfWork.run((tx) => tx.append([ev(1)]));
    const lostConnection = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const judged = overriding(consumers, { isStoreFailure: (error: unknown) => error === lostConnection });
    let calls = 0;
    const b = backbone(judged);
    b.register({
      group: 'g',
      handle: async () => {
        calls += 1;
        if (calls <= 2) throw lostConnection;
      },
    });
    for (let i = 0; i < 3; i++) await b.drain();
    assert.is(calls, 3);
    const [checkpoint] = await consumers.checkpoints();
    assert.equal([checkpoint!.handled, checkpoint!.attempts, checkpoint!.failingCursor], [1, 0, null]);
    assert.equal(await consumers.parkedEvents(10), []);
    assert.is(b.stats().groups[0]!.failures, 0);
  });

  it('an operator re-drive hands a parked event to its group again: handled ones leave the list, failing ones stay with the new error', async () => {
    const { unitOfWork, consumers } = store();
    await unitOfWork.run((tx) => tx.append([ev(1, 'poison.pill'), ev(2, 'poison.pill'), ev(3)]));
    let healed = false;
    const handled: number[] = [];
    const b = backbone();
    b.register({
      group: 'g',
      handle: async (tx, event) => {
        if (event.type === 'poison.pill' && !(healed && event.payload.n === 1)) throw new Error(`still broken ${event.payload.n}`);
        await tx.append([{ ...ev(100 + (event.payload.n as number)), type: 'derived.event' }]);
        handled.push(event.payload.n as number);
      },
      accepts: (event) => event.type !== 'derived.event',
    });
    for (let i = 0; i < 6; i++) {
      await b.drain();
      clock.advance(60_000);
    }
    const parked = await consumers.parkedEvents(10, 'g');
    assert.equal(parked.map((p) => p.type), ['poison.pill', 'poison.pill']);
    // A re-drive takes the oldest first, also when more are parked than one re-drive hands back.
    assert.equal(await consumers.parkedPositions('g', 1), [1n]);
    assert.equal(await consumers.parkedPositions('g', 10), [1n, 2n]);
    assert.equal(await consumers.parkedPositions('other', 10), []);
    healed = true;
    const results = await b.redrive('g');
    assert.equal(
      results.map((r) => [r.position, r.outcome, r.error]),
      [
        [1n, 'handled', null],
        [2n, 'failed', 'still broken 2'],
      ],
    );
    const left = await consumers.parkedEvents(10, 'g');
    assert.equal(left.map((p) => [p.position, p.error, p.attempts]), [[2n, 'still broken 2', 4]]);
    // The handler's writes committed with the re-drive, once.
    const derived = (await store().eventStore.readAfter(0n, 100)).filter((e) => e.type === 'derived.event').map((e) => e.payload.n);
    assert.equal(derived.sort(), [101, 103]);
    assert.equal((await b.redrive('g', 1n)).map((r) => r.outcome), ['missing']);
    assert.match(String(await rejection(b.redrive('no.such.group'))), /not found/);
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
    clock.advance(RETRY_BASE_MS);
    await b.drain();
    const derived = (await store().eventStore.readAfter(0n, 100)).filter((e) => e.type === 'derived.event');
    assert.equal(derived.map((e) => e.payload.n).sort(), [101, 102]);
  });

  it('counts events by type since a time (a range over occurred_at)', async () => {
    const { unitOfWork, consumers } = store();
    await unitOfWork.run((tx) => tx.append([ev(1), ev(2), ev(3, 'other.kind')]));
    assert.equal(await consumers.countSince(at), [
      { type: 'other.kind', count: 1 },
      { type: 'thing.happened', count: 2 },
    ]);
    assert.equal(await consumers.countSince(new Date('2999-01-01')), []);
  });

  it('team filters: pending per type, the next pending event, the team head, counts since a time, parked events and counts', async () => {
    const { unitOfWork, consumers } = store();
    const of = (team: string, n: number, type = 'thing.happened'): NewEvent => ({ ...ev(n, type), teamId: team });
    await unitOfWork.run((tx) => tx.append([of('t1', 1), of('t2', 2, 'other.kind'), of('t1', 3, 'other.kind'), of('t2', 4)]));
    const all = await store().eventStore.readAfter(0n, 10);
    await consumers.ensureGroup('g', at);
    // The group handles the first event (t1's); what it has left per team:
    await consumers.claim('g', async (tx, checkpoint) => {
      const [event] = await consumers.readAfter(tx, checkpoint.cursor, 1);
      await consumers.save(tx, 'g', { ...checkpoint, cursor: event!.cursor, position: event!.position, handled: 1, at });
    });
    const [checkpoint] = await consumers.checkpoints();
    assert.equal(await consumers.pendingByType(checkpoint!.cursor, 't1'), [{ type: 'other.kind', count: 1 }]);
    assert.equal(await consumers.pendingByType(checkpoint!.cursor, 't2'), [
      { type: 'other.kind', count: 1 },
      { type: 'thing.happened', count: 1 },
    ]);
    assert.equal(await consumers.pendingByType(checkpoint!.cursor, 't3'), []);
    assert.is(await pending(checkpoint!.cursor), 3, 'without a team: every team');
    const next = await consumers.nextPending(checkpoint!.cursor);
    assert.equal([next?.type, next?.teamId], ['other.kind', 't2']);
    const nextOfT1 = await consumers.nextPending(checkpoint!.cursor, 't1');
    assert.equal([nextOfT1?.type, nextOfT1?.teamId], ['other.kind', 't1']);
    assert.is(await consumers.nextPending(checkpoint!.cursor, 't3'), undefined);
    assert.is(await consumers.teamHead('t1'), all[2]!.position);
    assert.is(await consumers.teamHead('t2'), all[3]!.position);
    assert.is(await consumers.teamHead('t3'), 0n);
    assert.equal(await consumers.countSince(at, 't1'), [
      { type: 'other.kind', count: 1 },
      { type: 'thing.happened', count: 1 },
    ]);
    assert.equal(await consumers.countSince(at, 't3'), []);
    await unitOfWork.run(async (tx) => {
      for (const [group, event] of [['g', all[1]!], ['g', all[3]!], ['h', all[0]!]] as const) {
        await consumers.park(tx, { group, position: event.position, eventId: event.id, type: event.type, teamId: event.teamId, error: 'boom', attempts: 3, parkedAt: at });
      }
    });
    assert.equal((await consumers.parkedEvents(10, undefined, 't2')).map((p) => [p.group, p.teamId]), [['g', 't2'], ['g', 't2']]);
    assert.equal((await consumers.parkedEvents(10, 'h', 't2')).length, 0);
    assert.equal((await consumers.parkedEvents(10, 'h', 't1')).map((p) => p.position), [all[0]!.position]);
    assert.equal(await consumers.parkedCounts('t2'), [{ group: 'g', count: 2 }]);
    assert.equal(await consumers.parkedCounts('t1'), [{ group: 'h', count: 1 }]);
    assert.equal(await consumers.parkedCounts(), [
      { group: 'g', count: 2 },
      { group: 'h', count: 1 },
    ]);
    assert.equal(await consumers.parkedCounts('t3'), []);
  });

  it('the horizon: a commit moves `committed` on, and `readable` never passes it', async () => {
    const { unitOfWork, consumers } = store();
    const before = await consumers.horizon();
    await unitOfWork.run((tx) => tx.append([ev(1)]));
    const after = await consumers.horizon();
    assert.ok(after.committed > before.committed);
    assert.ok(after.readable <= after.committed);
  });

  it('store failures are told apart from the work\'s own', async () => {
    const { consumers } = store();
    const coded = (code: string) => Object.assign(new Error(code), { code });
    assert.is(consumers.isStoreFailure(new Error('handler bug')), false);
    assert.is(consumers.isStoreFailure(coded('23505')), false, 'a unique violation is the work\'s');
    for (const code of ['08006', '40001', '40P01', '53300', '57P01']) {
      assert.is(consumers.isStoreFailure(new Error('wrapped', { cause: coded(code) })), store().family === 'sql', code);
    }
  });

  if (label === 'postgres') {
    it('a handler failing with a serialization failure is retried by the unit of work, not counted', async () => {
      const { unitOfWork, consumers } = store();
      await unitOfWork.run((tx) => tx.append([ev(1)]));
      let calls = 0;
      const b = backbone();
      b.register({
        group: 'g',
        handle: async () => {
          calls += 1;
          if (calls === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
        },
      });
      await b.drain();
      assert.is(calls, 2);
      const [checkpoint] = await consumers.checkpoints();
      assert.equal([checkpoint!.handled, checkpoint!.attempts], [1, 0]);
      assert.is(b.stats().groups[0]!.failures, 0);
    });

    it('drain waits for events committed before it that an older running transaction keeps unreadable', async () => {
      const { unitOfWork, consumers } = store();
      const holdOlder = deferred();
      const olderWrote = deferred();
      const older = unitOfWork.run(async (tx) => {
        await tx.append([ev(1, 'older.event')]);
        await store().eventStore.head(); // writes the event now: this transaction has an id, older than the next one's
        olderWrote.resolve();
        await holdOlder.promise;
      });
      await olderWrote.promise;
      await unitOfWork.run((tx) => tx.append([ev(2, 'newer.event')]));
      // The older transaction ends only once the drain has found nothing readable and is waiting.
      let horizons = 0;
      const watched = overriding(consumers, {
        horizon: async () => {
          horizons += 1;
          if (horizons === 3) holdOlder.resolve();
          return consumers.horizon();
        },
      });
      const seen: string[] = [];
      const b = backbone(watched);
      b.register({ group: 'g', handle: async (_tx, event) => void seen.push(event.type) });
      await b.drain();
      holdOlder.resolve(); // (already, unless the drain gave up early)
      await older;
      assert.ok(horizons >= 3, 'the drain went on after an empty pass');
      assert.ok(seen.includes('newer.event'), 'the event committed before the drain was handled');
    });

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

    it('work committed without events (an outbox) is announced to other processes by wakeWorkers({ everywhere })', async () => {
      const { consumers } = store();
      let heard = deferred();
      const stop = await consumers.onRemoteCommit(() => heard.resolve());
      try {
        // The listener also fires once on connecting; wait for the next one.
        heard = deferred();
        backbone(consumers).wakeWorkers({ everywhere: true });
        await heard.promise;
      } finally {
        await stop();
      }
    });

    it('an event whose position is taken first but commits later is not skipped', async () => {
      const { unitOfWork, consumers } = store();
      await consumers.ensureGroup('g', at);
      const holdEarly = deferred();
      const earlyAppended = deferred();
      const early = unitOfWork.run(async (tx) => {
        await tx.append([ev(1, 'early.event')]);
        // Appends are written before commit; reading the log in the transaction writes them now, taking the position.
        await store().eventStore.head();
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
