import sinon from 'sinon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../kernel/errors/app-error.js';
import { ForbiddenError, UnauthorizedError } from '../../../kernel/errors/errors.js';
import { Authenticator } from '../../../ports/authenticator.js';
import { contextOf, identityKit, type IdentityKit } from '../adapters/test-kit.js';
import { CreateApiKey, RevokeApiKey } from '../operations.js';
import { ApiKeyRepository } from '../ports.js';
import { API_KEY_REVOKED_EVENT } from '../../../ports/authenticator.js';
import type { StoredEvent } from '../../../kernel/contract/event.js';
import type { EventStream } from '../../../ports/event-stream.js';
import { ApiKeyCache } from './api-key-cache.js';
import { KeyHasher } from './key-hasher.js';

let kit: IdentityKit;
test.before.each(async () => {
  kit = await identityKit();
});
test.after.each(async () => {
  await kit.close();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

test('a user key authenticates as that user, team and key', async () => {
  const ada = await kit.user('Ada');
  const actor = await kit.get(Authenticator).authenticate(ada.key, '10.0.0.1');
  assert.is(actor.kind, 'user');
  assert.is(actor.teamId, ada.actor.teamId);
  assert.is(actor.userId, ada.actor.userId);
  assert.ok(actor.apiKeyId);
  assert.equal(actor.permissions, ['read', 'write', 'delete']);
  assert.is.not(actor.teamId, kit.operator.actor.teamId);
  assert.is(kit.operator.actor.kind, 'operator');
});

test('malformed, unknown and revoked keys are 401 alike', async () => {
  const auth = kit.get(Authenticator);
  const ada = await kit.user('Ada');
  await kit.get(RevokeApiKey).execute({ id: ada.actor.apiKeyId }, contextOf(ada.actor));
  for (const key of ['', 'Bearer x', 'fak_short', 'fak_' + 'x'.repeat(43), ada.key]) {
    const error = await failure(auth.authenticate(key, '127.0.0.1'));
    assert.instance(error, UnauthorizedError, key);
    assert.is(error.code, 'invalid_api_key');
  }
});

test('an expired key is 403 api_key_expired from its expiry instant', async () => {
  const ada = await kit.user('Ada');
  const created = await kit.get(CreateApiKey).execute(
    { expires_at: new Date(kit.clock.now().getTime() + 3_600_000).toISOString() },
    contextOf(ada.actor),
  );
  const auth = kit.get(Authenticator);
  await auth.authenticate(created.key, '127.0.0.1');
  kit.clock.advance(3_600_000);
  const error = await failure(auth.authenticate(created.key, '127.0.0.1'));
  assert.instance(error, ForbiddenError);
  assert.is(error.code, 'api_key_expired');
});

test('the IP allow-list admits listed blocks only (IPv4, IPv6, mapped)', async () => {
  const ada = await kit.user('Ada');
  const created = await kit.get(CreateApiKey).execute(
    { ip_allowlist: ['203.0.113.0/24', '2001:db8::/32'] },
    contextOf(ada.actor),
  );
  const auth = kit.get(Authenticator);
  for (const ip of ['203.0.113.9', '::ffff:203.0.113.200', '2001:db8:1::5']) {
    await auth.authenticate(created.key, ip);
  }
  for (const ip of ['198.51.100.1', '::1', '']) {
    const error = await failure(auth.authenticate(created.key, ip));
    assert.instance(error, ForbiddenError, ip);
    assert.is(error.code, 'ip_not_allowed');
  }
});

test('last_used_at is written at most once a minute', async () => {
  const ada = await kit.user('Ada');
  const auth = kit.get(Authenticator);
  const keys = kit.get(ApiKeyRepository);
  const hash = kit.get(KeyHasher).hash(ada.key);
  const lastUsed = () => kit.store.unitOfWork.run(async (tx) => (await keys.findByHashes(tx, [hash]).then((found) => found[0]))!.lastUsedAt?.toISOString());
  const first = kit.clock.now().toISOString();
  assert.is(await lastUsed(), first); // kit.user authenticated once
  kit.clock.advance(59_000);
  await auth.authenticate(ada.key, '127.0.0.1');
  assert.is(await lastUsed(), first);
  kit.clock.advance(1_000);
  await auth.authenticate(ada.key, '127.0.0.1');
  assert.is(await lastUsed(), kit.clock.now().toISOString());
});

test('requests arriving while a key\'s use is being recorded do not write it again', async () => {
  const ada = await kit.user('Ada');
  const auth = kit.get(Authenticator);
  const keys = kit.get(ApiKeyRepository);
  kit.clock.advance(60_000);
  const recordUse = sinon.spy(keys, 'recordUse');
  try {
    const actors = await Promise.all([1, 2, 3, 4].map(() => auth.authenticate(ada.key, '127.0.0.1')));
    assert.is(actors.length, 4);
    assert.is(recordUse.callCount, 1);
    kit.clock.advance(60_000);
    await auth.authenticate(ada.key, '127.0.0.1');
    assert.is(recordUse.callCount, 2);
  } finally {
    recordUse.restore();
  }
});

/** Revokes a key behind this process's back, as another process sharing the store would. */
async function revokeElsewhere(teamId: string, keyId: string): Promise<void> {
  await kit.store.unitOfWork.run((tx) => kit.get(ApiKeyRepository).revoke(tx, teamId, keyId, kit.clock.now()));
}

test('a key revoked by another process fails here once the cached copy is auth_cache_ms old', async () => {
  const ada = await kit.user('Ada');
  const auth = kit.get(Authenticator);
  await auth.authenticate(ada.key, '127.0.0.1');
  await revokeElsewhere(ada.actor.teamId, ada.actor.apiKeyId);
  kit.clock.advance(4_999);
  assert.is((await auth.authenticate(ada.key, '127.0.0.1')).apiKeyId, ada.actor.apiKeyId, 'cached within auth_cache_ms');
  kit.clock.advance(1);
  assert.is((await failure(auth.authenticate(ada.key, '127.0.0.1'))).code, 'invalid_api_key');
});

test('the api_key.revoked event of another process drops the cached key at once', async () => {
  const ada = await kit.user('Ada');
  const auth = kit.get(Authenticator);
  await auth.authenticate(ada.key, '127.0.0.1');
  let deliver: ((event: StoredEvent) => void) | undefined;
  const stream: EventStream = { subscribe: (listener) => ((deliver = listener), () => (deliver = undefined)) };
  const cache = kit.get(ApiKeyCache);
  cache.listen(stream);
  await revokeElsewhere(ada.actor.teamId, ada.actor.apiKeyId);
  const event = { type: API_KEY_REVOKED_EVENT, payload: { api_key_id: ada.actor.apiKeyId, revoked_at: kit.clock.now().toISOString() } };
  deliver!(event as unknown as StoredEvent);
  assert.is((await failure(auth.authenticate(ada.key, '127.0.0.1'))).code, 'invalid_api_key');
  cache.unlisten();
  assert.is(deliver, undefined);
});

test('a lookup in flight while its key is forgotten is not cached', async () => {
  const ada = await kit.user('Ada');
  const cache = kit.get(ApiKeyCache);
  const hash = kit.get(KeyHasher).hash(ada.key);
  cache.forget(ada.actor.apiKeyId);
  const [record] = await kit.store.unitOfWork.run((tx) => kit.get(ApiKeyRepository).findByHashes(tx, [hash]));
  const before = cache.generation;
  cache.forget(ada.actor.apiKeyId); // a revocation landing while the row was on its way
  cache.put(record!, before);
  assert.is(cache.get(hash), undefined);
  cache.put(record!, cache.generation);
  assert.is(cache.get(hash)?.id, ada.actor.apiKeyId);
});

test('auth_cache_ms 0 looks the key up on every request', async () => {
  await kit.close();
  kit = await identityKit({ config: { auth_cache_ms: 0 } });
  const ada = await kit.user('Ada');
  const auth = kit.get(Authenticator);
  await auth.authenticate(ada.key, '127.0.0.1');
  await revokeElsewhere(ada.actor.teamId, ada.actor.apiKeyId);
  assert.is((await failure(auth.authenticate(ada.key, '127.0.0.1'))).code, 'invalid_api_key');
});

test('a pepper changes the stored hash, and keys still authenticate', async () => {
  await kit.close();
  kit = await identityKit({ config: { pepper: 'a-long-server-side-secret' } });
  const ada = await kit.user('Ada');
  const stored = await kit.store.unitOfWork.run((tx) => kit.get(ApiKeyRepository).findById(tx, ada.actor.teamId, ada.actor.apiKeyId));
  const { createHash } = await import('node:crypto');
  assert.is.not(stored!.hash, createHash('sha256').update(ada.key).digest('hex'));
  assert.is((await kit.get(Authenticator).authenticate(ada.key, '::1')).userId, ada.actor.userId);
});

test.run();
