import sinon from 'sinon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { recordingLogger } from '../../test/adapters/quiet-logger.js';
import { ManualClock } from '../../test/fixtures/manual-clock.js';
import { KernelScheduler } from './scheduler.js';
import { systemTimers, type Timers } from './timers.js';

const MINUTE = 60_000;

/** Lets promise chains (passes, their endings) run to the end; fake timers do not move. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** A task whose passes end when the test says, counting how many run at once. */
function controlled(name: string, intervalMs: number) {
  const ends: Array<(done: number) => void> = [];
  let inFlight = 0;
  let most = 0;
  const run = sinon.stub().callsFake(
    () =>
      new Promise<number>((resolve) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        ends.push((done) => {
          inFlight -= 1;
          resolve(done);
        });
      }),
  );
  return {
    task: { name, intervalMs, run },
    /** Ends the oldest pass in flight with `done`. */
    end: (done = 0) => ends.shift()!(done),
    get most() {
      return most;
    },
  };
}

interface Harness {
  readonly scheduler: KernelScheduler;
  readonly clock: ManualClock;
  readonly timers: sinon.SinonFakeTimers;
  readonly logger: ReturnType<typeof recordingLogger>;
  /** Delays of the timers set so far through the scheduler's timer source. */
  readonly delays: readonly number[];
  /** Moves the Clock and the timers together, as they move in a server. */
  pass(ms: number): Promise<void>;
  close(): Promise<void>;
}

function harness(): Harness {
  // fetch's keep-alive sockets from earlier tests in this process may close while the fakes are in: their clearTimeout must still clear the real timer, or it fires later on a freed parser and crashes the run.
  const timers = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
  const clock = new ManualClock();
  const logger = recordingLogger();
  const delays: number[] = [];
  const recording: Timers = { set: (callback, delayMs) => (delays.push(delayMs), systemTimers.set(callback, delayMs)), clear: systemTimers.clear };
  const scheduler = new KernelScheduler({ clock, logger, timers: recording });
  return {
    scheduler,
    clock,
    timers,
    logger,
    delays,
    async pass(ms) {
      clock.advance(ms);
      await timers.tickAsync(ms);
      await settle();
    },
    async close() {
      await scheduler.stop({ abandon: true });
      timers.restore();
    },
  };
}

test('every: nothing before start, the first pass at start, then one per interval of Clock time', async () => {
  const h = harness();
  try {
    const run = sinon.stub().resolves(2);
    h.scheduler.every({ name: 'prune', intervalMs: MINUTE, run });
    await h.pass(5 * MINUTE);
    assert.is(run.callCount, 0, 'nothing runs before start');
    h.scheduler.start();
    assert.is(run.callCount, 1, 'the first pass begins with start, not a tick later');
    await settle();
    assert.ok(h.logger.entries.some((e) => e.message === 'scheduled task done' && e.fields?.task === 'prune' && e.fields?.done === 2));
    await h.timers.tickAsync(3 * MINUTE);
    await settle();
    assert.is(run.callCount, 1, 'timers alone do not run it while the Clock stands still');
    await h.pass(MINUTE);
    assert.is(run.callCount, 2);
    await h.pass(MINUTE - 1);
    assert.is(run.callCount, 2, 'not before the interval has passed');
    await h.pass(1);
    assert.is(run.callCount, 3);
  } finally {
    await h.close();
  }
});

test('every: a pass still running is not started again; one that overran is followed at once', async () => {
  const h = harness();
  try {
    const slow = controlled('slow', MINUTE);
    h.scheduler.every(slow.task);
    h.scheduler.start();
    await h.pass(3 * MINUTE);
    assert.is(slow.task.run.callCount, 1);
    slow.end();
    await settle();
    assert.is(slow.task.run.callCount, 2, 'the interval has long passed: the next pass comes at once');
    slow.end();
    await h.pass(MINUTE - 1);
    assert.is(slow.task.run.callCount, 2);
    await h.pass(1);
    assert.is(slow.task.run.callCount, 3);
    slow.end();
    assert.is(slow.most, 1, 'never two passes at once');
  } finally {
    await h.close();
  }
});

test('a failed pass is logged with its task and the next one runs as usual, whether it rejects or throws', async () => {
  const h = harness();
  try {
    const rejecting = { name: 'rejects', intervalMs: MINUTE, run: sinon.stub().rejects(new Error('database away')) };
    const throwing = {
      name: 'throws',
      intervalMs: MINUTE,
      run: sinon.stub().callsFake(() => {
        throw new Error('not even a promise');
      }),
    };
    h.scheduler.every(rejecting);
    h.scheduler.every(throwing);
    h.scheduler.start();
    await settle();
    await h.pass(MINUTE);
    assert.equal([rejecting.run.callCount, throwing.run.callCount], [2, 2]);
    const failures = h.logger.entries.filter((e) => e.level === 'error' && e.message === 'scheduled task failed');
    assert.equal(
      // The error itself, not its text: the logger serialises its stack and cause.
      failures.map((e) => [e.fields?.task, e.fields?.error instanceof Error && e.fields.error.message]),
      [
        ['rejects', 'database away'],
        ['throws', 'not even a promise'],
        ['rejects', 'database away'],
        ['throws', 'not even a promise'],
      ],
    );
  } finally {
    await h.close();
  }
});

test('a task registered after start begins at once; stop() waits for passes in flight and ends the schedule', async () => {
  const h = harness();
  try {
    h.scheduler.start();
    const late = controlled('late', MINUTE);
    h.scheduler.every(late.task);
    assert.is(late.task.run.callCount, 1);
    let stopped = false;
    const stopping = h.scheduler.stop().then(() => (stopped = true));
    await settle();
    assert.not.ok(stopped, 'stop() waits for the pass in flight');
    late.end();
    await stopping;
    await h.pass(5 * MINUTE);
    assert.is(late.task.run.callCount, 1, 'no pass after stop');
  } finally {
    await h.close();
  }
});

test('at: runs once when the Clock reaches the due time; one already due runs at start', async () => {
  const h = harness();
  try {
    const later = { name: 'later', run: sinon.stub().resolves(1) };
    const overdue = { name: 'overdue', run: sinon.stub().resolves(1) };
    h.scheduler.at(new Date(h.clock.now().getTime() + 10 * MINUTE), later);
    h.scheduler.at(new Date(h.clock.now().getTime() - MINUTE), overdue);
    await settle();
    assert.is(overdue.run.callCount, 0, 'nothing before start');
    h.scheduler.start();
    await settle();
    assert.equal([later.run.callCount, overdue.run.callCount], [0, 1]);
    await h.timers.tickAsync(10 * MINUTE);
    await settle();
    assert.is(later.run.callCount, 0, 'the timer fired, but the Clock has not reached the due time');
    await h.pass(10 * MINUTE - 1);
    assert.is(later.run.callCount, 0);
    await h.pass(1);
    assert.is(later.run.callCount, 1);
    await h.pass(60 * MINUTE);
    assert.equal([later.run.callCount, overdue.run.callCount], [1, 1], 'each ran once');
  } finally {
    await h.close();
  }
});

test('at: a due time beyond the longest timer is reached by re-checking, not by an overflowing timer', async () => {
  const h = harness();
  try {
    const far = { name: 'far', run: sinon.stub().resolves(0) };
    const days = 40;
    h.scheduler.at(new Date(h.clock.now().getTime() + days * 86_400_000), far);
    h.scheduler.start();
    await h.pass(1);
    assert.is(far.run.callCount, 0);
    // Node fires a timer beyond its limit after 1 ms: the task would be looked at every millisecond for 40 days.
    assert.ok(h.delays.every((delay) => delay <= 2_147_483_647), `no timer beyond setTimeout's limit: ${h.delays}`);
    await h.pass(days * 86_400_000);
    assert.is(far.run.callCount, 1);
  } finally {
    await h.close();
  }
});

test('loop: a pass at start; after a pass that did something another at once; idle, one per interval of timer time', async () => {
  const h = harness();
  try {
    const poll = controlled('poll', 1000);
    h.scheduler.loop(poll.task);
    h.scheduler.start();
    assert.is(poll.task.run.callCount, 1);
    poll.end(5);
    await h.timers.tickAsync(0);
    await settle();
    assert.is(poll.task.run.callCount, 2, 'found work: polls again at once');
    poll.end(0);
    await settle();
    await h.timers.tickAsync(999);
    await settle();
    assert.is(poll.task.run.callCount, 2, 'idle: waits for the interval');
    await h.timers.tickAsync(1);
    await settle();
    assert.is(poll.task.run.callCount, 3, 'the interval is timer time: the Clock never moved');
    poll.end(0);
  } finally {
    await h.close();
  }
});

test('loop: a wake during a pass is remembered and runs exactly one pass after it, never one alongside', async () => {
  const h = harness();
  try {
    const poll = controlled('poll', 1000);
    const loop = h.scheduler.loop(poll.task);
    loop.wake();
    await h.timers.tickAsync(0);
    assert.is(poll.task.run.callCount, 0, 'a wake before start does nothing');
    h.scheduler.start();
    loop.wake();
    loop.wake();
    await settle();
    assert.is(poll.task.run.callCount, 1, 'woken during the pass: no second pass alongside');
    poll.end(0);
    await settle();
    await h.timers.tickAsync(0);
    await settle();
    assert.is(poll.task.run.callCount, 2, 'the wake was not lost: one more pass at once, though the first found nothing');
    poll.end(0);
    await settle();
    await h.timers.tickAsync(0);
    await settle();
    assert.is(poll.task.run.callCount, 2, 'two wakes during one pass make one more pass, not two');
    await h.timers.tickAsync(1000);
    await settle();
    assert.is(poll.task.run.callCount, 3, 'then the poll interval as usual');
    poll.end(0);
    await settle();
    loop.wake();
    await h.timers.tickAsync(0);
    await settle();
    assert.is(poll.task.run.callCount, 4, 'idle and woken: at once');
    poll.end(0);
    assert.is(poll.most, 1);
  } finally {
    await h.close();
  }
});

test('loop: one timer per pass and per wake, nothing more (the transfer hot path)', async () => {
  const h = harness();
  try {
    const poll = controlled('poll', 1000);
    h.scheduler.loop(poll.task);
    h.scheduler.start();
    for (let round = 0; round < 5; round += 1) {
      poll.end(1);
      await settle();
      await h.timers.tickAsync(0);
      await settle();
    }
    assert.is(poll.task.run.callCount, 6);
    assert.is(h.delays.length, 5, 'each pass that ended armed one timer');
    poll.end(0);
  } finally {
    await h.close();
  }
});

test('loop: wakes while idle share the one timer that fires at once (every commit wakes the event loops)', async () => {
  const h = harness();
  try {
    const poll = controlled('poll', 1000);
    const loop = h.scheduler.loop(poll.task);
    h.scheduler.start();
    poll.end(0);
    await settle();
    assert.equal(h.delays, [1000], 'idle: the poll interval');
    loop.wake();
    loop.wake();
    loop.wake();
    assert.equal(h.delays, [1000, 0], 'three wakes, one timer at no delay');
    await h.timers.tickAsync(0);
    await settle();
    assert.is(poll.task.run.callCount, 2, 'one pass for the three wakes');
    poll.end(0);
    await settle();
    loop.wake();
    assert.equal(h.delays, [1000, 0, 1000, 0], 'after it fired, the next wake arms again');
    await h.timers.tickAsync(0);
    await settle();
    assert.is(poll.task.run.callCount, 3);
    poll.end(0);
  } finally {
    await h.close();
  }
});

test('loop: stop({ abandon }) does not wait for the pass in flight, and nothing runs after it', async () => {
  const h = harness();
  try {
    const poll = controlled('poll', 1000);
    const loop = h.scheduler.loop(poll.task);
    h.scheduler.start();
    await h.scheduler.stop({ abandon: true });
    poll.end(1);
    loop.wake();
    await h.timers.tickAsync(10_000);
    await settle();
    assert.is(poll.task.run.callCount, 1);
  } finally {
    await h.close();
  }
});

test('an interval of 0 is refused: it would run a task back to back for ever', () => {
  const scheduler = new KernelScheduler({ clock: new ManualClock(), logger: recordingLogger() });
  assert.throws(() => scheduler.every({ name: 'busy', intervalMs: 0, run: async () => 0 }), /'busy': intervalMs must be more than 0/);
  assert.throws(() => scheduler.loop({ name: 'spin', intervalMs: -1, run: async () => 0 }), /'spin'/);
});

test.run();
