import { createHmac } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateSecret, signDelivery } from './signer.js';

const test = suite('webhooks signer');

test('x-service-signature is hex HMAC of the body keyed with the whole secret; v1 is base64 HMAC of id.timestamp.body keyed with the decoded whsec_ part', () => {
  const secret = generateSecret(new Uint8Array(32).fill(7));
  assert.match(secret, /^whsec_/);
  const body = '{"id":"e1","event_type":"account.created","created_at":"2026-01-01T00:00:00.000Z","data":{}}';
  const headers = signDelivery(secret, 'e1', 1767225600, body);
  assert.is(headers['x-service-signature'], createHmac('sha256', secret).update(body).digest('hex'));
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  assert.is(headers['webhook-signature'], `v1,${createHmac('sha256', key).update(`e1.1767225600.${body}`).digest('base64')}`);
  assert.equal([headers['webhook-id'], headers['webhook-timestamp']], ['e1', '1767225600']);
});

test('a secret without the whsec_ prefix keys both signatures with its own bytes', () => {
  const headers = signDelivery('plain-secret-value-123', 'e2', 1, 'x');
  assert.is(headers['webhook-signature'], `v1,${createHmac('sha256', 'plain-secret-value-123').update('e2.1.x').digest('base64')}`);
});

test.run();
