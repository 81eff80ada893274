import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ceremonyRefusal, parseAuthenticatorDataHead, parseClientData } from './ceremony.js';
import { counterAdvances } from './passkey.js';

const hash = new Uint8Array(32).fill(7);
const head = (flags: number, counter = 0) => {
  const bytes = new Uint8Array(37);
  bytes.set(hash);
  bytes[32] = flags;
  new DataView(bytes.buffer).setUint32(33, counter);
  return parseAuthenticatorDataHead(bytes)!;
};
const expected = { type: 'webauthn.get', origins: ['http://localhost:8080'], rpIdHash: hash, requireUserVerification: true } as const;
const client = { type: 'webauthn.get', challenge: 'c', origin: 'http://localhost:8080' };

test('clientDataJSON must be an object with type, challenge and origin strings', () => {
  assert.equal(parseClientData(JSON.stringify(client)), client);
  for (const text of ['', 'null', '[]', '{"type":1}', '{"type":"a","challenge":"b"}']) assert.is(parseClientData(text), undefined, text);
});

test('authenticatorData needs its 37-byte head; the counter is big-endian uint32', () => {
  assert.is(parseAuthenticatorDataHead(new Uint8Array(36)), undefined);
  assert.is(head(0x05, 0xfffffffe).counter, 0xfffffffe);
});

test('each mismatch has its own reason', () => {
  assert.is(ceremonyRefusal(client, head(0x05), expected), undefined);
  assert.is(ceremonyRefusal({ ...client, type: 'webauthn.create' }, head(0x05), expected), 'wrong_ceremony_type');
  assert.is(ceremonyRefusal({ ...client, origin: 'https://evil.example' }, head(0x05), expected), 'origin_mismatch');
  assert.is(ceremonyRefusal(client, head(0x05), { ...expected, rpIdHash: new Uint8Array(32) }), 'rp_id_mismatch');
  assert.is(ceremonyRefusal(client, head(0x04), expected), 'user_not_present');
  assert.is(ceremonyRefusal(client, head(0x01), expected), 'user_not_verified');
  assert.is(ceremonyRefusal(client, head(0x01), { ...expected, requireUserVerification: false }), undefined);
});

test('the counter must increase, unless the authenticator keeps none', () => {
  assert.ok(counterAdvances(0, 0));
  assert.ok(counterAdvances(0, 1));
  assert.ok(counterAdvances(4, 5));
  assert.not.ok(counterAdvances(5, 5));
  assert.not.ok(counterAdvances(5, 0));
});

test.run();
