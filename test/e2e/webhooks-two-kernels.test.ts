import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventBackbone } from '../../ports/event-consumers.js';
import { EventStore } from '../../ports/event-store.js';
import { bootTestKernel } from '../fixtures/boot.js';
import { WebhookReceiver } from './webhook-receiver.js';

/**
 * Two kernels (two "server processes") on one PostgreSQL database, both
 * running their backbone loops: the fan-out group and the deliveries are
 * claimed with SKIP LOCKED, so each event reaches each subscription once.
 * Needs DATABASE_URL; skipped without it.
 */
const test = suite('webhooks: two kernels on one PostgreSQL database');
const databaseUrl = process.env.DATABASE_URL;

test('each event is delivered once per subscription while both kernels work', async () => {
  const a = await bootTestKernel({ store: 'postgres', seed: 'kernel-a', background: true, modules: ['core-banking', 'webhooks'], config: { pluginConfig: { webhooks: { allow_private: true } } } });
  const b = await bootTestKernel({ store: 'postgres', seed: 'kernel-b', background: true, modules: ['core-banking', 'webhooks'], config: { pluginConfig: { webhooks: { allow_private: true } } } });
  const one = new WebhookReceiver();
  const two = new WebhookReceiver();
  await one.up();
  await two.up();
  try {
    // Both loops run, so both processes LISTEN for the events trigger's NOTIFY.
    assert.is(a.store.consumers.wakeMode(), 'listen');
    assert.is(b.store.consumers.wakeMode(), 'listen');
    const user = await a.createUser('Twin');
    for (const receiver of [one, two]) {
      const hook = await a.request('POST', '/api/v2/webhooks', { key: user.key, body: { url: receiver.url, events: ['*'] } });
      assert.is(hook.status, 201);
    }
    const account = await a.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Main', type: 'personal' } });
    const id = account.body.data.uuid as string;
    // Half the writes through each kernel, concurrently.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).request('POST', `/api/v2/accounts/${id}/deposit`, { key: user.key, body: { amount: `${i + 1}.00`, asset_code: 'USD' } }),
      ),
    );
    const events = (await a.get(EventStore).readAfter(0n, 10_000)).filter((e) => e.teamId === user.teamId);
    assert.is(events.length, 21);
    // The loops deliver on their own (NOTIFY wake-ups); wait for the count, then make sure nothing more comes.
    await Promise.all([one.until(events.length), two.until(events.length)]);
    await Promise.all([a.get(EventBackbone).drain(), b.get(EventBackbone).drain()]);
    for (const receiver of [one, two]) {
      const ids = receiver.received.map((r) => r.json.id);
      assert.is(ids.length, events.length, 'no event sent twice');
      assert.equal([...new Set(ids)].sort(), events.map((e) => e.id).sort());
    }
  } finally {
    await one.down();
    await two.down();
    await b.close();
    await a.close();
  }
});

if (databaseUrl) test.run();
else console.log('webhooks two-kernel test: skipped (set DATABASE_URL to run it)');
