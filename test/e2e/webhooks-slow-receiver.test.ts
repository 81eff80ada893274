import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { withTimeout } from '../contracts/harness.js';
import { bootTestKernel } from '../fixtures/boot.js';
import { WebhookReceiver } from './webhook-receiver.js';

/**
 * With the background loops running (as in a server), a receiver that never
 * answers holds only its own delivery: deliveries to other endpoints created
 * afterwards still go out at once, and the API is never blocked.
 */
const test = suite('webhooks: a slow receiver blocks nobody');

test('a hung endpoint does not hold back deliveries to others', async () => {
  const k = await bootTestKernel({ background: true, modules: ['core-banking', 'webhooks'], config: { pluginConfig: { webhooks: { allow_private: true } } } });
  const slow = new WebhookReceiver();
  const fast = new WebhookReceiver();
  await slow.up();
  await fast.up();
  slow.respond = () => 'hang';
  try {
    const ada = await k.createUser('Slow Ada');
    const bob = await k.createUser('Fast Bob');
    await k.request('POST', '/api/v2/webhooks', { key: ada.key, body: { url: slow.url, events: ['account.created'] } });
    await k.request('POST', '/api/v2/webhooks', { key: bob.key, body: { url: fast.url, events: ['account.created'] } });
    const opened = await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'A', type: 'personal' } });
    assert.is(opened.status, 201);
    await slow.until(1); // the slow endpoint now holds a send open
    for (let i = 0; i < 3; i++) {
      const response = await k.request('POST', '/api/v2/accounts', { key: bob.key, body: { name: `B${i}`, type: 'personal' } });
      assert.is(response.status, 201, 'the API answers while a delivery hangs');
    }
    // Bounded: a dispatcher that waited on the hung send would never get here.
    await withTimeout(10_000, 'fast deliveries', () => fast.until(3));
    assert.is(fast.received.length, 3);
    assert.is(slow.received.length, 1);
  } finally {
    await slow.down(); // ends the hung request, so the graceful stop below has nothing left in flight
    await fast.down();
    await k.close();
  }
});

test.run();
