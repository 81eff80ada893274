import { createHmac } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateSecret, overlappingSecret, signDelivery } from './signer.js';

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

test('during an overlap webhook-signature carries the current and the previous secret’s v1 signatures, space-separated; x-service-signature the current only', () => {
  const current = generateSecret(new Uint8Array(32).fill(1));
  const previous = generateSecret(new Uint8Array(32).fill(2));
  const headers = signDelivery(current, 'e3', 5, 'body', previous);
  const v1 = (secret: string) => `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update('e3.5.body').digest('base64')}`;
  assert.is(headers['webhook-signature'], `${v1(current)} ${v1(previous)}`);
  assert.is(headers['x-service-signature'], createHmac('sha256', current).update('body').digest('hex'));
});

test('the previous secret signs only before its overlap ends', () => {
  const until = new Date('2026-11-25T12:00:00Z');
  const rotated = { previousSecret: 'whsec_old', previousSecretUntil: until };
  assert.is(overlappingSecret(rotated, new Date(until.getTime() - 1)), 'whsec_old');
  assert.is(overlappingSecret(rotated, until), undefined);
  assert.is(overlappingSecret({ previousSecret: null, previousSecretUntil: null }, until), undefined);
});

test.run();
