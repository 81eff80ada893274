import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sinon from 'sinon';
import { openStore } from '../../adapters/open-store.js';
import { ManualClock } from '../../test/fixtures/manual-clock.js';
import { IdempotencyPruner } from './idempotency-pruner.js';

const DAY = 86_400_000;
const logger = { info: sinon.spy(), warn: sinon.spy(), error: sinon.spy() };

test('records younger than the retention survive; older ones go', async () => {
  const bundle = await openStore({ kind: 'memory' });
  await bundle.init();
  const store = bundle.idempotency;
  const clock = new ManualClock('2026-03-01T00:00:00Z');
  const save = (key: string, at: string) =>
    bundle.unitOfWork.run((tx) => store.save(tx, { teamId: 't', key, requestHash: 'h', status: 201, body: '{}', createdAt: new Date(at) }));
  const find = (key: string) => bundle.unitOfWork.run((tx) => store.find(tx, 't', key));
  await save('old', '2026-02-27T23:59:59Z');
  await save('edge', '2026-02-28T00:00:00Z');
  await save('new', '2026-02-28T12:00:00Z');
  const pruner = new IdempotencyPruner({ store, clock, logger, retentionMs: DAY, intervalMs: 1000 });
  assert.is(await pruner.pruneNow(), 1);
  assert.ok(await find('edge'), 'exactly 24 h old is kept');
  assert.not.ok(await find('old'));
  clock.advance(DAY);
  assert.is(await pruner.pruneNow(), 2);
  await bundle.close();
});

test('the background loop prunes on its interval and stops cleanly', async () => {
  const timers = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    const store = { prune: sinon.stub().resolves(3) };
    const pruner = new IdempotencyPruner({ store: store as never, clock: new ManualClock(), logger, retentionMs: DAY, intervalMs: 1000 });
    pruner.startBackground();
    await timers.tickAsync(3000);
    assert.is(store.prune.callCount, 3);
    await pruner.stopBackground();
    await timers.tickAsync(3000);
    assert.is(store.prune.callCount, 3);
  } finally {
    timers.restore();
  }
});

test.run();
