import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoreKind } from '../../adapters/store.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';

/**
 * Concurrent changes to one webhook, on every store. PATCH and DELETE read
 * the webhook, change it and write it back; without a row lock two of them
 * interleave on PostgreSQL: parallel DELETEs all answer 200, and of two
 * PATCHes changing different fields the later write undoes the earlier.
 */
const stores: StoreKind[] = process.env.DATABASE_URL ? ['memory', 'pglite', 'postgres'] : ['memory', 'pglite'];

for (const store of stores) {
  const test = suite(`webhooks: concurrent changes (${store})`);
  let k: TestKernel;
  let ada: TestUser;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'webhooks'], config: { pluginConfig: { webhooks: { allow_private: true } } } });
    ada = await k.createUser('Ada');
  });
  test.after(async () => {
    await k?.close();
  });

  async function createWebhook(): Promise<string> {
    const response = await k.request('POST', '/api/v2/webhooks', { key: ada.key, body: { url: 'http://127.0.0.1:9/first', events: ['*'], description: 'first' } });
    assert.is(response.status, 201, JSON.stringify(response.body));
    return response.body.data.id;
  }

  test('parallel DELETEs of one webhook: exactly one answers 200, the others 404', async () => {
    const id = await createWebhook();
    const answers = await Promise.all(Array.from({ length: 20 }, () => k.request('DELETE', `/api/v2/webhooks/${id}`, { key: ada.key })));
    const statuses = answers.map((a) => a.status).sort();
    assert.equal(statuses, [200, ...Array(19).fill(404)], JSON.stringify(statuses));
    assert.is((await k.request('GET', `/api/v2/webhooks/${id}`, { key: ada.key })).status, 404);
  });

  test('two PATCHes of different fields at once both take effect', async () => {
    for (let round = 0; round < 10; round += 1) {
      const id = await createWebhook();
      const [url, description] = await Promise.all([
        k.request('PATCH', `/api/v2/webhooks/${id}`, { key: ada.key, body: { url: `http://127.0.0.1:9/round-${round}` } }),
        k.request('PATCH', `/api/v2/webhooks/${id}`, { key: ada.key, body: { description: `round ${round}` } }),
      ]);
      assert.is(url.status, 200, JSON.stringify(url.body));
      assert.is(description.status, 200, JSON.stringify(description.body));
      const after = (await k.request('GET', `/api/v2/webhooks/${id}`, { key: ada.key })).body.data;
      assert.is(after.url, `http://127.0.0.1:9/round-${round}`, `round ${round}`);
      assert.is(after.description, `round ${round}`, `round ${round}`);
    }
  });

  test.run();
}
