import sinon from 'sinon';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventBackbone } from '../../ports/event-consumers.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { WebhookReceiver, type Received } from './webhook-receiver.js';

/**
 * Contract with the Standard Webhooks reference library (`standardwebhooks`
 * on npm): real deliveries, received over HTTP, verify with it as a
 * receiver would, and stop verifying when one byte of what was signed
 * changes. If our signing scheme drifts from the spec, this suite fails.
 */
const test = suite('webhooks verified with standardwebhooks');
let k: TestKernel;
let ada: TestUser;
let hooks: WebhookReceiver;
let users = 0;

test.before(async () => {
  k = await bootTestKernel({ modules: ['core-banking', 'webhooks'], config: { pluginConfig: { webhooks: { allow_private: true } } } });
});
test.before.each(async () => {
  users += 1;
  ada = await k.createUser(`Ada ${users}`);
  hooks = new WebhookReceiver();
  await hooks.up();
});
test.after.each(async () => {
  await hooks.down();
});
test.after(async () => {
  await k?.close();
});

/** Subscribes (with the given secret, or a generated one), opens an account and returns the delivery of account.created. */
async function deliveryWith(secret?: string): Promise<{ secret: string; received: Received }> {
  const created = await k.request('POST', '/api/v2/webhooks', { key: ada.key, body: { url: hooks.url, events: ['account.created'], ...(secret ? { secret } : {}) } });
  assert.is(created.status, 201, JSON.stringify(created.body));
  const account = await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Main', type: 'personal' } });
  assert.is(account.status, 201, JSON.stringify(account.body));
  await k.get(EventBackbone).drain();
  await hooks.until(1);
  return { secret: created.body.data.secret, received: hooks.received[0]! };
}

/** Verifies as the library does, with its clock at the delivery's own timestamp (it refuses timestamps more than 5 minutes off). */
function verify(webhook: Webhook, body: string, headers: Record<string, string>): unknown {
  const clock = sinon.useFakeTimers({ now: Number(headers['webhook-timestamp']) * 1000, toFake: ['Date'] });
  try {
    return webhook.verify(body, headers);
  } finally {
    clock.restore();
  }
}

function standardHeaders(received: Received): Record<string, string> {
  return {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  };
}

function refuses(webhook: Webhook, body: string, headers: Record<string, string>, what: string): void {
  assert.throws(() => verify(webhook, body, headers), (error: unknown) => error instanceof WebhookVerificationError, what);
}

/** The body with one byte changed (a digit of the payload's date, so it stays valid JSON). */
function tampered(body: string): string {
  const at = body.search(/\d/);
  return body.slice(0, at) + String((Number(body[at]) + 1) % 10) + body.slice(at + 1);
}

test('a delivery signed with a generated whsec_ secret verifies with new Webhook(secret) and yields the payload', async () => {
  const { secret, received } = await deliveryWith();
  assert.match(secret, /^whsec_/);
  const payload = verify(new Webhook(secret), received.body, standardHeaders(received));
  assert.equal(payload, received.json);
  assert.is(received.json.event_type, 'account.created');
});

test('one byte changed in the body, the id or the timestamp, or another secret, fails verification', async () => {
  const { secret, received } = await deliveryWith();
  const webhook = new Webhook(secret);
  const headers = standardHeaders(received);
  assert.is.not(tampered(received.body), received.body);
  refuses(webhook, tampered(received.body), headers, 'body');
  refuses(webhook, received.body, { ...headers, 'webhook-id': headers['webhook-id']! + 'x' }, 'id');
  refuses(webhook, received.body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1) }, 'timestamp');
  refuses(new Webhook('whsec_' + Buffer.alloc(32, 7).toString('base64')), received.body, headers, 'secret');
});

test('the library signs exactly what we sent (same key, same id.timestamp.body, v1 and base64)', async () => {
  const { secret, received } = await deliveryWith();
  const headers = standardHeaders(received);
  const expected = new Webhook(secret).sign(headers['webhook-id']!, new Date(Number(headers['webhook-timestamp']) * 1000), received.body);
  assert.is(headers['webhook-signature'], expected);
});

test("a secret the team chose without the whsec_ prefix is keyed with its bytes: receivers use format 'raw'", async () => {
  const chosen = 'our-own-signing-secret-0123456789';
  const { received } = await deliveryWith(chosen);
  assert.equal(verify(new Webhook(chosen, { format: 'raw' }), received.body, standardHeaders(received)), received.json);
  refuses(new Webhook(chosen, { format: 'raw' }), tampered(received.body), standardHeaders(received), 'tampered body');
});

test.run();
