import { createHash } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { systemContext } from '../../../kernel/contract/context.js';
import { AppError } from '../../../kernel/errors/app-error.js';
import { Authenticator } from '../../../ports/authenticator.js';
import { actorWith, contextOf, identityKit, type IdentityKit } from '../adapters/test-kit.js';
import { CreateApiKey, type CreateApiKeyInput } from '../operations.js';
import { ApiKeyRepository } from '../ports.js';

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

test('returns the key once; only its SHA-256 and display prefix are stored', async () => {
  const ada = await kit.user('Ada');
  const created = await kit.get(CreateApiKey).execute({ name: ' ci ' }, contextOf(ada.actor));
  assert.match(created.key, /^fak_[0-9A-Za-z]{43}$/);
  assert.is(created.prefix, created.key.slice(4, 12));
  assert.equal(
    { name: created.name, user_id: created.user_id, permissions: created.permissions, ip_allowlist: created.ip_allowlist },
    { name: 'ci', user_id: ada.actor.userId, permissions: ['read', 'write', 'delete'], ip_allowlist: [] },
  );
  assert.is(created.created_at, kit.clock.now().toISOString());
  const stored = await kit.store.unitOfWork.run((tx) => kit.get(ApiKeyRepository).findById(tx, ada.actor.teamId, created.id));
  assert.is(stored!.hash, createHash('sha256').update(created.key).digest('hex'));
  assert.not.ok(JSON.stringify(stored).includes(created.key));
});

test('keys are random per call', async () => {
  const ada = await kit.user('Ada');
  const a = await kit.get(CreateApiKey).execute({}, contextOf(ada.actor));
  const b = await kit.get(CreateApiKey).execute({}, contextOf(ada.actor));
  assert.is.not(a.key, b.key);
});

test('a key may not grant what its creator lacks (403); defaults are capped by the creator', async () => {
  const ada = await kit.user('Ada');
  const writer = actorWith(ada.actor, ['read', 'write']);
  const escalation = await failure(kit.get(CreateApiKey).execute({ permissions: ['write', 'delete'] }, contextOf(writer)));
  assert.is(escalation.status, 403);
  assert.is(escalation.code, 'permission_escalation');
  const capped = await kit.get(CreateApiKey).execute({}, contextOf(writer));
  assert.equal(capped.permissions, ['read', 'write']);
  const narrowed = await kit.get(CreateApiKey).execute({ permissions: ['read', 'read'] }, contextOf(writer));
  assert.equal(narrowed.permissions, ['read']);
  const readOnly = await failure(kit.get(CreateApiKey).execute({}, contextOf(actorWith(ada.actor, ['read']))));
  assert.is(readOnly.status, 403);
});

test("a key is capped by its creator's allow-list and expiry: none asked inherits them, wider is 403", async () => {
  const ada = await kit.user('Ada');
  const create = (input: CreateApiKeyInput, actor = ada.actor) => kit.get(CreateApiKey).execute(input, contextOf(actor));
  const limited = await create({ ip_allowlist: ['127.0.0.0/8', '10.0.0.0/8'], expires_at: '2026-03-01T00:00:00Z' });
  const creator = await kit.get(Authenticator).authenticate(limited.key, '127.0.0.1');

  const inherited = await create({}, creator);
  assert.equal([inherited.ip_allowlist, inherited.expires_at], [['127.0.0.0/8', '10.0.0.0/8'], '2026-03-01T00:00:00.000Z']);
  const explicitNone = await create({ ip_allowlist: [], expires_at: null }, creator);
  assert.equal([explicitNone.ip_allowlist, explicitNone.expires_at], [['127.0.0.0/8', '10.0.0.0/8'], '2026-03-01T00:00:00.000Z']);
  const narrower = await create({ ip_allowlist: ['127.0.0.1'], expires_at: '2026-02-01T00:00:00Z' }, creator);
  assert.equal([narrower.ip_allowlist, narrower.expires_at], [['127.0.0.1'], '2026-02-01T00:00:00.000Z']);

  const wider = await failure(create({ ip_allowlist: ['127.0.0.1', '192.0.2.0/24'] }, creator));
  assert.equal([wider.status, wider.code], [403, 'ip_allowlist_escalation']);
  const later = await failure(create({ expires_at: '2026-03-01T00:00:00.001Z' }, creator));
  assert.equal([later.status, later.code], [403, 'expiry_escalation']);
  const stored = await kit.store.unitOfWork.run((tx) => kit.get(ApiKeyRepository).listByTeam(tx, ada.actor.teamId, { page: 1, perPage: 100 }));
  assert.is(stored.total, 5, 'the refused requests created nothing');
  // Without limits of its own, the creator caps nothing.
  const open = await create({});
  assert.equal([open.ip_allowlist, open.expires_at], [[], null]);
});

test('no permissions at all is 422', async () => {
  const ada = await kit.user('Ada');
  const error = await failure(kit.get(CreateApiKey).execute({ permissions: [] }, contextOf(ada.actor)));
  assert.equal([error.status, error.source], [422, { pointer: '/permissions' }]);
});

test('expires_at in the past is 422 pointing at /expires_at', async () => {
  const ada = await kit.user('Ada');
  const error = await failure(kit.get(CreateApiKey).execute({ expires_at: '2025-12-31T23:59:59Z' }, contextOf(ada.actor)));
  assert.equal([error.status, error.code, error.source], [422, 'expires_at_in_past', { pointer: '/expires_at' }]);
  const future = await kit.get(CreateApiKey).execute({ expires_at: '2026-02-01T00:00:00+00:00' }, contextOf(ada.actor));
  assert.is(future.expires_at, '2026-02-01T00:00:00.000Z');
});

test('bad allow-list entries are 422 pointing at each entry', async () => {
  const ada = await kit.user('Ada');
  const error = await failure(
    kit.get(CreateApiKey).execute({ ip_allowlist: ['10.0.0.0/8', '10.0.0.0/99'] }, contextOf(ada.actor)),
  );
  assert.equal([error.status, error.code, error.source], [422, 'invalid_cidr', { pointer: '/ip_allowlist/1' }]);
});

test('users make keys for themselves; the CLI (system operator) names a member of the team', async () => {
  const ada = await kit.user('Ada');
  const bob = await kit.user('Bob');
  const other = await failure(kit.get(CreateApiKey).execute({ user_id: bob.actor.userId }, contextOf(ada.actor)));
  assert.is(other.status, 403);
  const cli = systemContext(ada.actor.teamId, 'cli-1');
  const missing = await failure(kit.get(CreateApiKey).execute({}, cli));
  assert.equal([missing.status, missing.source], [422, { pointer: '/user_id' }]);
  const foreign = await failure(kit.get(CreateApiKey).execute({ user_id: bob.actor.userId }, cli));
  assert.is(foreign.status, 404);
  const made = await kit.get(CreateApiKey).execute({ user_id: ada.actor.userId, permissions: ['read'] }, cli);
  const actor = await kit.get(Authenticator).authenticate(made.key, '::1');
  assert.equal([actor.kind, actor.userId, actor.permissions], ['user', ada.actor.userId, ['read']]);
});

test('a key made by the operator team is an operator key', async () => {
  const made = await kit.get(CreateApiKey).execute({ permissions: ['read'] }, contextOf(kit.operator.actor));
  const actor = await kit.get(Authenticator).authenticate(made.key, '::1');
  assert.is(actor.kind, 'operator');
});

test.run();
