import sinon from 'sinon';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoreKind } from '../../adapters/store.js';
import { EventBackbone } from '../../ports/event-consumers.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { bootTestKernel } from '../fixtures/boot.js';

/** The probes over real HTTP on the real kernel: what a load balancer or an orchestrator sees. */
const stores: StoreKind[] = process.env.DATABASE_URL ? ['memory', 'pglite', 'postgres'] : ['memory', 'pglite'];

for (const store of stores) {
  const test = suite(`health probes (${store})`);

  test('ready while the store answers and the consumer groups keep up; 503 "consumers" while one trails', async () => {
    const k = await bootTestKernel({ store, config: { readiness: { storeTimeoutMs: 5_000, maxConsumerLag: 0 } } });
    try {
      await k.get(EventBackbone).drain();
      const ready = await k.request('GET', '/api/health/ready');
      assert.is(ready.status, 200);
      assert.equal(ready.body.data.checks, { store: 'ok', consumers: 'ok', shutdown: 'ok' });
      // The backbone is not running in tests: the account's event waits until drained.
      const owner = await k.createUser('Lagging');
      assert.is((await k.request('POST', '/api/v2/accounts', { key: owner.key, body: { name: 'Main', type: 'personal' } })).status, 201);
      const lagging = await k.request('GET', '/api/health/ready');
      assert.is(lagging.status, 503);
      assert.is(lagging.body.errors[0].detail, 'Not ready: consumers.');
      assert.is((await k.request('GET', '/api/health/live')).status, 200);
      await k.get(EventBackbone).drain();
      assert.is((await k.request('GET', '/api/health/ready')).status, 200);
    } finally {
      await k.close();
    }
  });

  test('maxConsumerLag null leaves consumer lag out of readiness', async () => {
    const k = await bootTestKernel({ store, config: { readiness: { storeTimeoutMs: 5_000, maxConsumerLag: null } } });
    try {
      const owner = await k.createUser('Rebuilding');
      assert.is((await k.request('POST', '/api/v2/accounts', { key: owner.key, body: { name: 'Main', type: 'personal' } })).status, 201);
      const ready = await k.request('GET', '/api/health/ready');
      assert.is(ready.status, 200);
      assert.equal(ready.body.data.checks, { store: 'ok', shutdown: 'ok' });
    } finally {
      await k.close();
    }
  });

  test('a failing store is 503 naming store and consumers, without its error; live stays 200', async () => {
    const k = await bootTestKernel({ store });
    const unitOfWork = k.get(UnitOfWork);
    const run = sinon.stub(unitOfWork, 'run').rejects(new Error('connect ECONNREFUSED db.internal:5432'));
    try {
      const res = await k.request('GET', '/api/health/ready');
      assert.is(res.status, 503);
      assert.is(res.body.errors[0].detail, 'Not ready: store, consumers.');
      assert.not.match(JSON.stringify(res.body), /db\.internal/);
      assert.is((await k.request('GET', '/api/health/live')).status, 200);
    } finally {
      run.restore();
      await k.close();
    }
  });

  test('a store that does not answer in time is 503 once storeTimeoutMs passes', async () => {
    const k = await bootTestKernel({ store, config: { readiness: { storeTimeoutMs: 20, maxConsumerLag: 10_000 } } });
    const run = sinon.stub(k.get(UnitOfWork), 'run').returns(new Promise<never>(() => undefined));
    try {
      const res = await k.request('GET', '/api/health/ready');
      assert.is(res.status, 503);
      assert.is(res.body.errors[0].detail, 'Not ready: store, consumers.');
    } finally {
      run.restore();
      await k.close();
    }
  });

  test.run();
}
