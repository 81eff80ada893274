import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../kernel/errors/app-error.js';
import { Authenticator, KeyInventory, UnitOfWork, type Actor, type RotatedKey } from '../../../kernel/public.js';
import { actorWith, contextOf, identityKit, rejects, type IdentityKit } from '../adapters/test-kit.js';
import { CreateApiKey } from '../operations.js';

/** Identity's KeyInventory provider: the team's API keys as metadata, and rotation with or without a grace. */
let kit: IdentityKit;
test.before.each(async () => {
  kit = await identityKit();
});
test.after.each(async () => {
  await kit.close();
});

const inventory = () => kit.get(KeyInventory);
const rotate = (actor: Actor, id: string, overlapSeconds: number): Promise<RotatedKey | undefined> =>
  kit.get(UnitOfWork).run((tx) => inventory().rotate(tx, actor, id, { overlapSeconds }));
const code = async (promise: Promise<unknown>): Promise<string> => ((await rejects(promise)) as AppError).code;

test('lists the team’s keys with name, owner, prefix and status, never a key or hash; another team’s is not found', async () => {
  const ada = await kit.user('Ada');
  const bob = await kit.user('Bob');
  const extra = await kit.get(CreateApiKey).execute({ name: 'Reporting', permissions: ['read'] }, contextOf(ada.actor));
  const listed = await kit.get(UnitOfWork).readOnly((tx) => inventory().list(tx, ada.actor.teamId));
  assert.equal(listed.map((one) => one.label).sort(), ['Reporting', 'default']);
  const reporting = listed.find((one) => one.id === extra.id)!;
  assert.equal(
    [reporting.kind, reporting.owner, reporting.fingerprint, reporting.status, reporting.rotatable, reporting.custody],
    ['api_key', ada.actor.userId, extra.key.slice(0, 12), 'active', true, null],
  );
  assert.not.ok(JSON.stringify(listed).includes(extra.key.slice(12)));
  assert.is(await kit.get(UnitOfWork).readOnly((tx) => inventory().find(tx, ada.actor.teamId, bob.actor.apiKeyId)), undefined);
  assert.is(await rotate(ada.actor, bob.actor.apiKeyId, 0), undefined);
  await kit.get(Authenticator).authenticate(bob.key, '127.0.0.1');
});

test('without grace the new key works and the old is revoked at once, with api_key.revoked; with a grace the old expires when it ends', async () => {
  const ada = await kit.user('Ada');
  const auth = kit.get(Authenticator);
  const first = (await rotate(ada.actor, ada.actor.apiKeyId, 0))!;
  assert.equal([first.entry.label, first.entry.owner, first.previousValidUntil], ['default', ada.actor.userId, kit.clock.now()]);
  await rejects(auth.authenticate(ada.key, '127.0.0.1'), /not valid/);
  const current = await auth.authenticate(first.secret, '127.0.0.1');
  const events = await kit.store.eventStore.forAggregate(ada.actor.teamId, 'api_key', ada.actor.apiKeyId);
  assert.equal(events.map((event) => event.type), ['api_key.revoked']);
  const second = (await rotate(current, first.entry.id, 600))!;
  assert.is(second.previousValidUntil.getTime() - kit.clock.now().getTime(), 600_000);
  kit.clock.advance(599_999);
  await auth.authenticate(first.secret, '127.0.0.1');
  kit.clock.advance(1);
  await rejects(auth.authenticate(first.secret, '127.0.0.1'), /expired/);
  await auth.authenticate(second.secret, '127.0.0.1');
  assert.is(await code(rotate(current, first.entry.id, 0)), 'key_not_active');
});

test('a grace never outlasts the key’s own expiry, and the new key keeps it', async () => {
  const ada = await kit.user('Ada');
  const expiresAt = new Date(kit.clock.now().getTime() + 60_000).toISOString();
  const short = await kit.get(CreateApiKey).execute({ name: 'short', expires_at: expiresAt }, contextOf(ada.actor));
  const rotated = (await rotate(ada.actor, short.id, 3600))!;
  assert.equal([rotated.previousValidUntil.toISOString(), rotated.entry.expiresAt?.toISOString()], [expiresAt, expiresAt]);
});

test('a key never grants more than the caller holds: delete is needed, and a narrower key cannot rotate a wider one', async () => {
  const ada = await kit.user('Ada');
  assert.is(await code(rotate(actorWith(ada.actor, ['read', 'write']), ada.actor.apiKeyId, 0)), 'insufficient_permission');
  const narrow = await kit.get(CreateApiKey).execute({ name: 'narrow', permissions: ['write', 'delete'] }, contextOf(ada.actor));
  const wide = await kit.get(CreateApiKey).execute({ name: 'wide', permissions: ['read', 'write', 'delete'] }, contextOf(ada.actor));
  const narrowActor = await kit.get(Authenticator).authenticate(narrow.key, '127.0.0.1');
  assert.is(await code(rotate(narrowActor, wide.id, 0)), 'permission_escalation');
  await kit.get(Authenticator).authenticate(wide.key, '127.0.0.1');
});

test.run();
