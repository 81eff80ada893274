import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import { withTimeout, type StoreBundle } from '../../../kit/testing.js';
import { START_CURSOR, type NewEvent, type Tx } from '../../../kernel/public.js';
import { EventCounts } from '../application/event-counts.js';
import { EventTally } from '../application/event-tally.js';
import type { EventTallyRepository } from '../ports.js';

/**
 * What every store's event tally must do, run against each store (memory,
 * PGlite, PostgreSQL when DATABASE_URL is set), and the exact all-time
 * counts the dashboard builds on it. `reset` empties the store and hands out
 * an empty repository.
 */
export interface EventTallyHarness {
  open(): Promise<StoreBundle>;
  reset(store: StoreBundle): Promise<EventTallyRepository>;
}

const at = new Date('2026-01-01T00:00:00Z');
const ev = (n: number, type = 'thing.happened', teamId = 't1'): NewEvent => ({ type, teamId, aggregateType: 'thing', aggregateId: String(n), payload: { n } });
const counted = (thing: number, other: number) => [
  ...(other > 0 ? [{ type: 'other.kind', count: other }] : []),
  ...(thing > 0 ? [{ type: 'thing.happened', count: thing }] : []),
];

export function eventTallyContract(label: string, harness: EventTallyHarness): Test {
  const test = suite(`dashboard event tally: ${label}`);
  let store: StoreBundle | undefined;
  let repo: EventTallyRepository;
  const it = (name: string, body: () => Promise<void>) => test(name, () => withTimeout(15_000, name, body));
  const run = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => store!.unitOfWork.run(work);
  const append = (...events: NewEvent[]) => run((tx) => tx.append(events));
  const counts = () => new EventCounts(store!.unitOfWork, store!.consumers, repo);

  /** One batch of the tally group, as the backbone runs it: the handler's writes and the checkpoint in one unit of work. */
  const tallyBatch = async (limit: number): Promise<number> => {
    const tally = new EventTally(repo);
    await store!.consumers.ensureGroup(tally.group, at);
    const result = await store!.consumers.claim(tally.group, async (tx, checkpoint) => {
      const events = await store!.consumers.readAfter(tx, checkpoint.cursor, limit);
      if (events.length === 0) return 0;
      await tally.handleBatch(tx, events);
      const last = events[events.length - 1]!;
      await store!.consumers.save(tx, tally.group, { ...checkpoint, cursor: last.cursor, position: last.position, handled: checkpoint.handled + events.length, at });
      return events.length;
    });
    return result.claimed ? result.value : 0;
  };

  test.before(async () => {
    store = await harness.open();
  });
  test.before.each(async () => {
    repo = await harness.reset(store!);
  });
  test.after(async () => {
    await store?.close();
  });

  it('adds counts per type and moves the mark only when given; a rollback undoes both', async () => {
    assert.equal(await run((tx) => repo.read(tx)), { counts: [], through: START_CURSOR });
    await run((tx) => repo.add(tx, [{ teamId: 't1', type: 'thing.happened', count: 2 }, { teamId: 't1', type: 'other.kind', count: 1 }], '0:3'));
    await run((tx) => repo.add(tx, [{ teamId: 't1', type: 'thing.happened', count: 5 }]));
    assert.equal(await run((tx) => repo.read(tx)), { counts: counted(7, 1), through: '0:3' });
    const failed = await run(async (tx) => {
      await repo.add(tx, [{ teamId: 't1', type: 'other.kind', count: 4 }], '0:9');
      throw new Error('rolled back');
    }).catch((error: Error) => error.message);
    assert.is(failed, 'rolled back');
    await run((tx) => repo.add(tx, []));
    assert.equal(await run((tx) => repo.read(tx)), { counts: counted(7, 1), through: '0:3' });
  });

  it('all-time counts are exact before the tally ran, part way, and once it caught up', async () => {
    await append(ev(1), ev(2), ev(3, 'other.kind'), ev(4), ev(5, 'other.kind'));
    assert.equal(await counts().byType(), counted(3, 2), 'from the log alone');
    assert.is(await tallyBatch(2), 2);
    assert.equal((await run((tx) => repo.read(tx))).counts, counted(2, 0), 'the tally holds the first two');
    assert.equal(await counts().byType(), counted(3, 2), 'the tally plus what lies past its mark');
    await append(ev(6));
    assert.is(await tallyBatch(10), 4);
    assert.equal((await run((tx) => repo.read(tx))).counts, counted(4, 2));
    assert.equal(await counts().byType(), counted(4, 2), 'caught up');
    assert.is(await tallyBatch(10), 0);
    assert.equal(await counts().byType(at), counted(4, 2), 'since a time: from the log');
    assert.equal(await counts().byType(new Date('2999-01-01')), []);
  });

  it('keeps a tally per team beside the service\'s: each team reads only its own counts, with the same mark', async () => {
    await run((tx) =>
      repo.add(
        tx,
        [
          { teamId: 't1', type: 'thing.happened', count: 2 },
          { teamId: 't2', type: 'thing.happened', count: 3 },
          { teamId: 't2', type: 'other.kind', count: 1 },
        ],
        '0:6',
      ),
    );
    await run((tx) => repo.add(tx, [{ teamId: 't1', type: 'thing.happened', count: 1 }]));
    assert.equal(await run((tx) => repo.read(tx)), { counts: counted(6, 1), through: '0:6' });
    assert.equal(await run((tx) => repo.read(tx, 't1')), { counts: counted(3, 0), through: '0:6' });
    assert.equal(await run((tx) => repo.read(tx, 't2')), { counts: counted(3, 1), through: '0:6' });
    assert.equal(await run((tx) => repo.read(tx, 't3')), { counts: [], through: '0:6' });
  });

  it('a team\'s all-time and windowed counts are exact before, part way through and after the tally, and hold none of another team\'s', async () => {
    await append(ev(1), ev(2, 'thing.happened', 't2'), ev(3, 'other.kind'), ev(4, 'other.kind', 't2'), ev(5, 'thing.happened', 't2'));
    assert.equal(await counts().byType(undefined, 't1'), counted(1, 1), 'from the log alone');
    assert.equal(await counts().byType(undefined, 't2'), counted(2, 1));
    assert.is(await tallyBatch(3), 3);
    assert.equal(await counts().byType(undefined, 't1'), counted(1, 1), 'tally plus what lies past its mark');
    assert.equal(await counts().byType(undefined, 't2'), counted(2, 1));
    assert.is(await tallyBatch(10), 2);
    assert.equal(await counts().byType(undefined, 't1'), counted(1, 1), 'caught up');
    assert.equal(await counts().byType(undefined, 't2'), counted(2, 1));
    assert.equal(await counts().byType(undefined, 't3'), []);
    assert.equal(await counts().byType(), counted(3, 2), 'the service: every team');
    assert.equal(await counts().byType(at, 't2'), counted(2, 1), 'since a time: from the log');
  });

  it('a re-driven event (no cursor) adds its count and leaves the mark where the batches put it', async () => {
    await append(ev(1), ev(2, 'other.kind'));
    await tallyBatch(10);
    const before = await run((tx) => repo.read(tx));
    const [stored] = await store!.eventStore.readAfter(0n, 1);
    await run((tx) => new EventTally(repo).handleBatch(tx, [stored!]));
    assert.equal(await run((tx) => repo.read(tx)), { counts: counted(2, 1), through: before.through });
  });

  return test;
}
