import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../kernel/errors/app-error.js';
import { Authenticator } from '../../../ports/authenticator.js';
import { actorWith, contextOf, identityKit, type IdentityKit, rejects } from '../adapters/test-kit.js';
import { CreateApiKey, ListApiKeys, RevokeApiKey } from '../operations.js';

let kit: IdentityKit;
test.before.each(async () => {
  kit = await identityKit();
});
test.after.each(async () => {
  await kit.close();
});

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
  return 200;
}

test("lists only the caller's team keys, newest first, never a secret or hash", async () => {
  const ada = await kit.user('Ada');
  const bob = await kit.user('Bob');
  const secrets = [ada.key, bob.key];
  for (let index = 0; index < 3; index += 1) {
    kit.clock.advance(1_000);
    secrets.push((await kit.get(CreateApiKey).execute({ name: `k${index}` }, contextOf(ada.actor))).key);
  }
  const page = await kit.get(ListApiKeys).execute({}, contextOf(ada.actor));
  assert.is(page.total, 4);
  assert.equal(page.items.map((key) => key.name), ['k2', 'k1', 'k0', 'default']);
  const text = JSON.stringify(page.items);
  for (const secret of secrets) assert.not.ok(text.includes(secret.slice(4)));
  assert.not.ok(text.includes('hash'));
  assert.equal(Object.keys(page.items[0]!).sort(), [
    'created_at', 'expires_at', 'id', 'ip_allowlist', 'last_used_at', 'name', 'permissions', 'prefix', 'revoked_at', 'status', 'user_id',
  ]);
});

test('paginates with page and per_page (default 20, at most 100)', async () => {
  const ada = await kit.user('Ada');
  for (let index = 0; index < 4; index += 1) await kit.get(CreateApiKey).execute({}, contextOf(ada.actor));
  const second = await kit.get(ListApiKeys).execute({ page: 2, per_page: 2 }, contextOf(ada.actor));
  assert.equal([second.items.length, second.page, second.perPage, second.total, second.lastPage], [2, 2, 2, 5, 3]);
  const third = await kit.get(ListApiKeys).execute({ page: 3, per_page: 2 }, contextOf(ada.actor));
  assert.is(third.items.length, 1);
  const defaults = await kit.get(ListApiKeys).execute({}, contextOf(ada.actor));
  assert.is(defaults.perPage, 20);
  assert.is((await kit.get(ListApiKeys).execute({ per_page: 1000 }, contextOf(ada.actor))).perPage, 100);
});

test('revoking stops the key at once and shows in the list', async () => {
  const ada = await kit.user('Ada');
  const extra = await kit.get(CreateApiKey).execute({}, contextOf(ada.actor));
  kit.clock.advance(5_000);
  const revoked = await kit.get(RevokeApiKey).execute({ id: extra.id }, contextOf(ada.actor));
  assert.equal(revoked, { id: extra.id, revoked_at: kit.clock.now().toISOString() });
  await rejects(kit.get(Authenticator).authenticate(extra.key, '::1'));
  const listed = (await kit.get(ListApiKeys).execute({}, contextOf(ada.actor))).items.find((key) => key.id === extra.id);
  assert.equal([listed?.status, listed?.revoked_at], ['revoked', revoked.revoked_at]);
  kit.clock.advance(5_000);
  assert.equal(await kit.get(RevokeApiKey).execute({ id: extra.id }, contextOf(ada.actor)), revoked);
  // One api_key.revoked event, committed with the first revocation (open sockets close on it), none for the second.
  const events = await kit.store.eventStore.forAggregate(ada.actor.teamId, 'api_key', extra.id);
  assert.equal(
    events.map((event) => [event.type, event.payload]),
    [['api_key.revoked', { api_key_id: extra.id, revoked_at: revoked.revoked_at }]],
  );
});

test("another team's key id is 404 and stays valid", async () => {
  const ada = await kit.user('Ada');
  const bob = await kit.user('Bob');
  assert.is(await status(kit.get(RevokeApiKey).execute({ id: bob.actor.apiKeyId }, contextOf(ada.actor))), 404);
  assert.is(await status(kit.get(RevokeApiKey).execute({ id: 'no-such-key' }, contextOf(ada.actor))), 404);
  await kit.get(Authenticator).authenticate(bob.key, '::1');
});

test('listing needs read, revoking needs delete', async () => {
  const ada = await kit.user('Ada');
  assert.is(await status(kit.get(ListApiKeys).execute({}, contextOf(actorWith(ada.actor, ['write'])))), 403);
  assert.is(await status(kit.get(RevokeApiKey).execute({ id: ada.actor.apiKeyId }, contextOf(actorWith(ada.actor, ['read', 'write'])))), 403);
});

test('an expired key is listed as expired', async () => {
  const ada = await kit.user('Ada');
  await kit.get(CreateApiKey).execute({ name: 'short', expires_at: '2026-01-01T00:01:00Z' }, contextOf(ada.actor));
  kit.clock.advance(120_000);
  const page = await kit.get(ListApiKeys).execute({}, contextOf(ada.actor));
  assert.is(page.items.find((key) => key.name === 'short')?.status, 'expired');
});

test.run();
