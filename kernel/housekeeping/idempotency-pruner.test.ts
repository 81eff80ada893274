import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openStore } from '../../adapters/open-store.js';
import { ManualClock } from '../../test/fixtures/manual-clock.js';
import { IdempotencyPruner } from './idempotency-pruner.js';

const DAY = 86_400_000;

test('records younger than the retention survive; older ones go', async () => {
  const bundle = await openStore({ kind: 'memory' });
  await bundle.init();
  const store = bundle.idempotency;
  const clock = new ManualClock('2026-03-01T00:00:00Z');
  const save = (key: string, at: string) =>
    bundle.unitOfWork.run((tx) => store.save(tx, [{ teamId: 't', apiKeyId: 'k', key, requestHash: 'h', status: 201, body: '{}', createdAt: new Date(at) }]));
  const find = (key: string) => bundle.unitOfWork.run(async (tx) => (await store.find(tx, [{ teamId: 't', key }]))[0]);
  await save('old', '2026-02-27T23:59:59Z');
  await save('edge', '2026-02-28T00:00:00Z');
  await save('new', '2026-02-28T12:00:00Z');
  const pruner = new IdempotencyPruner({ store, clock, retentionMs: DAY, intervalMs: 1000 });
  assert.is(await pruner.run(), 1);
  assert.ok(await find('edge'), 'exactly 24 h old is kept');
  assert.not.ok(await find('old'));
  clock.advance(DAY);
  assert.is(await pruner.run(), 2);
  await bundle.close();
});

test.run();
