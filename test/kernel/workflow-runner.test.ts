import sinon from 'sinon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openStore } from '../../adapters/open-store.js';
import type { StoreBundle } from '../../adapters/store.js';
import { KernelScheduler } from '../../kernel/scheduling/scheduler.js';
import { WorkflowRunner } from '../../kernel/workflows/workflow-runner.js';
import { recordingLogger } from '../adapters/quiet-logger.js';
import { ManualClock } from '../fixtures/manual-clock.js';
import { SeededIds } from '../fixtures/seeded.js';

const POLL_MS = 1000;

/**
 * Lets the runner's promise chains and the timers it sets for "at once" run
 * to the end. The fake clock moves 1 ms per turn (10 in all): a 0 ms timer
 * set while fake timers run is due 1 ms later, far inside POLL_MS.
 */
async function settle(timers: sinon.SinonFakeTimers): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    await timers.tickAsync(1);
  }
}

interface Harness {
  readonly store: StoreBundle;
  readonly runner: WorkflowRunner;
  readonly scheduler: KernelScheduler;
  readonly clock: ManualClock;
  readonly timers: sinon.SinonFakeTimers;
  readonly polls: sinon.SinonSpy;
  readonly batches: number[];
  readonly steps: string[];
  start(definition: string, count: number, runAt?: Date): Promise<void>;
  close(): Promise<void>;
}

/** A runner in the background over the memory store, with its timers (not promises) under the test's control. */
async function harness(): Promise<Harness> {
  const clock = new ManualClock();
  const store = await openStore({ kind: 'memory', clock });
  await store.init();
  // fetch's keep-alive sockets from earlier tests in this process may close while the fakes are in: their clearTimeout must still clear the real timer, or it fires later on a freed parser and crashes the run.
  const timers = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
  const polls = sinon.spy(store.workflows, 'dueRuns');
  const batches: number[] = [];
  const steps: string[] = [];
  const ids = new SeededIds('runner-test');
  const logger = recordingLogger();
  const scheduler = new KernelScheduler({ clock, logger });
  const runner = new WorkflowRunner({
    store: store.workflows,
    unitOfWork: store.unitOfWork,
    clock,
    ids,
    logger,
    scheduler,
    pollIntervalMs: POLL_MS,
    batchSize: 10,
    concurrency: 2,
  });
  runner.register({
    name: 'test.batched',
    steps: [{ name: 'settle', runBatch: async (_tx, runs) => (batches.push(runs.length), runs.map(() => undefined)) }],
  });
  runner.register({
    name: 'test.two-steps',
    steps: [
      { name: 'first', run: async () => void steps.push('first') },
      { name: 'second', run: async () => void steps.push('second') },
    ],
  });
  scheduler.start();
  await settle(timers);
  return {
    store,
    runner,
    scheduler,
    clock,
    timers,
    polls,
    batches,
    steps,
    async start(definition, count, runAt) {
      await store.unitOfWork.run((tx) =>
        runner.startMany(tx, Array.from({ length: count }, () => ({ definition, teamId: 'team-1', state: {}, emitEvents: false, ...(runAt ? { runAt } : {}) }))),
      );
    },
    async close() {
      await scheduler.stop();
      timers.restore();
      await store.close();
    },
  };
}

test('runs started for later do not wake the runner; the poll settles them together, then waits', async () => {
  const h = await harness();
  try {
    const pollsAtStart = h.polls.callCount;
    await h.start('test.batched', 3, new Date(h.clock.now().getTime() + 5_000));
    await settle(h.timers);
    assert.is(h.polls.callCount, pollsAtStart, 'no poll on start');

    h.clock.advance(5_000);
    await h.timers.tickAsync(POLL_MS);
    await settle(h.timers);
    assert.equal(h.batches, [3]);
    assert.is(h.polls.callCount, pollsAtStart + 1, 'one poll found and settled them; no second poll at once');
    const afterPass = h.polls.callCount;
    await h.timers.tickAsync(POLL_MS - 100);
    await settle(h.timers);
    assert.is(h.polls.callCount, afterPass, 'a partial batch does not poll again before the interval');
  } finally {
    await h.close();
  }
});

test('runs due now wake the runner; a full poll polls again at once', async () => {
  const h = await harness();
  try {
    await h.start('test.batched', 12);
    await settle(h.timers);
    assert.equal(h.batches, [10, 2]);
  } finally {
    await h.close();
  }
});

test('a run whose next step is due now goes on at once, not at the next poll', async () => {
  const h = await harness();
  try {
    await h.start('test.two-steps', 1);
    await settle(h.timers);
    assert.equal(h.steps, ['first', 'second']);
    const [run] = await h.store.workflows.dueRuns(h.clock.now(), 10);
    assert.is(run, undefined, 'the run finished');
  } finally {
    await h.close();
  }
});

test.run();
