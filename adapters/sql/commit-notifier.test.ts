import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sinon from 'sinon';
import { CommitNotifier } from './commit-notifier.js';

const logger = { debug: sinon.spy(), info: sinon.spy(), warn: sinon.spy(), error: sinon.spy() };

test('signals during a send fold into one more send; none are lost', async () => {
  const releases: Array<() => void> = [];
  const send = sinon.spy(() => new Promise<void>((resolve) => releases.push(resolve)));
  const notifier = new CommitNotifier(send, logger, 0);
  notifier.signal();
  notifier.signal();
  notifier.signal();
  assert.is(send.callCount, 1);
  releases.shift()!();
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(send.callCount, 2, 'the signals that came during the first send are announced once');
  releases.shift()!();
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(send.callCount, 2);
  notifier.signal();
  assert.is(send.callCount, 3);
  releases.shift()!();
});

test('signals during a send wait the gap before the next send', async () => {
  const clock = sinon.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    const send = sinon.spy(async () => {});
    const notifier = new CommitNotifier(send, logger, 10);
    notifier.signal();
    notifier.signal();
    await Promise.resolve();
    await Promise.resolve();
    assert.is(send.callCount, 1);
    await clock.tickAsync(9);
    assert.is(send.callCount, 1, 'not before the gap');
    notifier.signal();
    await clock.tickAsync(1);
    assert.is(send.callCount, 2, 'one send covers every signal of the gap');
    await clock.tickAsync(50);
    assert.is(send.callCount, 2);
  } finally {
    clock.restore();
  }
});

test('a signal just after a send, with none during it, also waits the gap', async () => {
  const clock = sinon.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    const send = sinon.spy(async () => {});
    const notifier = new CommitNotifier(send, logger, 10);
    notifier.signal();
    await Promise.resolve();
    await Promise.resolve();
    assert.is(send.callCount, 1);
    notifier.signal();
    await Promise.resolve();
    assert.is(send.callCount, 1, 'not at once');
    await clock.tickAsync(10);
    assert.is(send.callCount, 2);
    await clock.tickAsync(10);
    notifier.signal();
    await Promise.resolve();
    assert.is(send.callCount, 3, 'idle again: at once');
  } finally {
    clock.restore();
  }
});

test('a failed send is logged and the next signal sends again', async () => {
  const send = sinon.stub().onFirstCall().rejects(new Error('down')).resolves();
  const notifier = new CommitNotifier(send, logger, 0);
  notifier.signal();
  await new Promise((resolve) => setImmediate(resolve));
  assert.ok(logger.warn.calledWithMatch('events NOTIFY failed'));
  notifier.signal();
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(send.callCount, 2);
});

test.run();
