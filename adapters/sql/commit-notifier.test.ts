import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sinon from 'sinon';
import { CommitNotifier } from './commit-notifier.js';

const logger = { info: sinon.spy(), warn: sinon.spy(), error: sinon.spy() };

test('signals during a send fold into one more send; none are lost', async () => {
  const releases: Array<() => void> = [];
  const send = sinon.spy(() => new Promise<void>((resolve) => releases.push(resolve)));
  const notifier = new CommitNotifier(send, logger);
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

test('a failed send is logged and the next signal sends again', async () => {
  const send = sinon.stub().onFirstCall().rejects(new Error('down')).resolves();
  const notifier = new CommitNotifier(send, logger);
  notifier.signal();
  await new Promise((resolve) => setImmediate(resolve));
  assert.ok(logger.warn.calledWithMatch('events NOTIFY failed'));
  notifier.signal();
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(send.callCount, 2);
});

test.run();
