import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sinon from 'sinon';
import { AppError } from '../../../kernel/errors/app-error.js';
import { Authenticator } from '../../../ports/authenticator.js';
import { actorWith, contextOf, identityKit, type IdentityKit, rejects } from '../adapters/test-kit.js';
import { CreateUser } from '../operations.js';
import { ApiKeyRepository, TeamRepository, UserRepository } from '../ports.js';

let kit: IdentityKit;
test.before.each(async () => {
  kit = await identityKit();
});
test.after.each(async () => {
  sinon.restore();
  await kit.close();
});

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'ok';
}

test("creates a team named '<name>'s team', the user and a working key", async () => {
  const created = await kit.get(CreateUser).execute({ name: 'Ada', email: 'Ada@Example.com' }, contextOf(kit.operator.actor));
  assert.is(created.user.name, 'Ada');
  assert.is(created.user.email, 'ada@example.com');
  assert.equal(created.api_key.permissions, ['read', 'write', 'delete']);
  assert.is(created.api_key.expires_at, null);
  assert.is(created.api_key.prefix, created.api_key.key.slice(4, 12));
  const team = await kit.store.unitOfWork.run((tx) => kit.get(TeamRepository).findById(tx, created.user.team_id));
  assert.equal({ name: team?.name, kind: team?.kind }, { name: "Ada's team", kind: 'user' });
  const actor = await kit.get(Authenticator).authenticate(created.api_key.key, '::1');
  assert.equal([actor.teamId, actor.userId, actor.apiKeyId], [created.user.team_id, created.user.id, created.api_key.id]);
});

test('uses team_name when given', async () => {
  const created = await kit.get(CreateUser).execute(
    { name: 'Ada', email: 'ada@example.com', team_name: 'Analytical Engines' },
    contextOf(kit.operator.actor),
  );
  const team = await kit.store.unitOfWork.run((tx) => kit.get(TeamRepository).findById(tx, created.user.team_id));
  assert.is(team?.name, 'Analytical Engines');
});

test('only the operator may create users', async () => {
  const ada = await kit.user('Ada');
  assert.is(await code(kit.get(CreateUser).execute({ name: 'Bob', email: 'bob@example.com' }, contextOf(ada.actor))), '403 insufficient_permission');
});

test('a used email (any case) is 409 email_taken', async () => {
  const op = contextOf(kit.operator.actor);
  await kit.get(CreateUser).execute({ name: 'Ada', email: 'ada@example.com' }, op);
  assert.is(await code(kit.get(CreateUser).execute({ name: 'Ada 2', email: ' ADA@example.com' }, op)), '409 email_taken');
});

test('bad name or email is 422 with a pointer', async () => {
  const op = contextOf(kit.operator.actor);
  assert.is(await code(kit.get(CreateUser).execute({ name: '  ', email: 'a@b.co' }, op)), '422 validation_failed');
  assert.is(await code(kit.get(CreateUser).execute({ name: 'Ada', email: 'nope' }, op)), '422 invalid_email');
});

test('a failure while issuing the key leaves no team and no user behind', async () => {
  sinon.stub(kit.get(ApiKeyRepository), 'insert').rejects(new Error('disk full'));
  const op = contextOf(actorWith(kit.operator.actor, ['read', 'write', 'delete']));
  await rejects(kit.get(CreateUser).execute({ name: 'Ada', email: 'ada@example.com' }, op), /disk full/);
  sinon.restore();
  const user = await kit.store.unitOfWork.run((tx) => kit.get(UserRepository).findByEmail(tx, 'ada@example.com'));
  assert.is(user, undefined);
  const created = await kit.get(CreateUser).execute({ name: 'Ada', email: 'ada@example.com' }, op);
  assert.ok(created.user.id);
});

test.run();
