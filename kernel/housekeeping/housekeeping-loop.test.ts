import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sinon from 'sinon';
import { HousekeepingLoop } from './housekeeping-loop.js';

const logger = { info: sinon.spy(), warn: sinon.spy(), error: sinon.spy() };

test('each task runs on its own interval once started, a failure does not stop it, and stop() ends it', async () => {
  const timers = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    const loop = new HousekeepingLoop(logger);
    const fast = { name: 'fast', intervalMs: 1000, run: sinon.stub().resolves(3) };
    const flaky = { name: 'flaky', intervalMs: 2000, run: sinon.stub().rejects(new Error('database away')) };
    loop.register(fast);
    await timers.tickAsync(5000);
    assert.is(fast.run.callCount, 0, 'nothing runs before start');
    loop.start();
    loop.register(flaky);
    await timers.tickAsync(4000);
    assert.equal([fast.run.callCount, flaky.run.callCount], [4, 2]);
    assert.ok(logger.error.calledWithMatch('housekeeping round failed', { task: 'flaky' }));
    await loop.stop();
    await timers.tickAsync(4000);
    assert.equal([fast.run.callCount, flaky.run.callCount], [4, 2]);
  } finally {
    timers.restore();
  }
});

test('a round still running is not started again', async () => {
  const timers = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    const loop = new HousekeepingLoop(logger);
    let finish!: () => void;
    const slow = { name: 'slow', intervalMs: 1000, run: sinon.stub().callsFake(() => new Promise<number>((resolve) => (finish = () => resolve(1)))) };
    loop.register(slow);
    loop.start();
    await timers.tickAsync(3000);
    assert.is(slow.run.callCount, 1);
    finish();
    await timers.tickAsync(1000);
    assert.is(slow.run.callCount, 2);
    finish();
    await loop.stop();
  } finally {
    timers.restore();
  }
});

test.run();
