import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sinon from 'sinon';
import { Authenticator } from '../../../ports/authenticator.js';
import { OperatorKeys } from '../../../ports/operator-keys.js';
import { contextOf, identityKit, type IdentityKit, rejects } from '../adapters/test-kit.js';
import { ListApiKeys, RevokeApiKey } from '../operations.js';
import { TeamRepository } from '../ports.js';

let kit: IdentityKit;
test.before.each(async () => {
  kit = await identityKit();
});
test.after.each(async () => {
  sinon.restore();
  await kit.close();
});

const PRESET = 'fak_preset_operator_key_0123456789abcdef';
const ROTATED = 'fak_rotated_operator_key_0123456789abcde';

test('the first call created a random operator key; later calls create nothing', async () => {
  assert.match(kit.operator.key, /^fak_[0-9A-Za-z]{43}$/);
  assert.is(kit.operator.actor.kind, 'operator');
  assert.equal(kit.operator.actor.permissions, ['read', 'write', 'delete']);
  const again = await kit.get(OperatorKeys).ensureOperator();
  assert.equal(again, { created: false, teamId: kit.operator.actor.teamId });
});

test('a preset key is used as is on an empty store', async () => {
  await kit.close();
  kit = await identityKit({ operatorKey: PRESET });
  assert.equal(kit.bootstrap, { created: true, key: PRESET, teamId: kit.operator.actor.teamId });
  assert.is(kit.operator.actor.kind, 'operator');
});

test('a new preset on an existing operator is added as another operator key (rotation)', async () => {
  const operators = kit.get(OperatorKeys);
  const auth = kit.get(Authenticator);
  assert.equal(await operators.ensureOperator(ROTATED), { created: false, teamId: kit.operator.actor.teamId });
  const rotated = await auth.authenticate(ROTATED, '::1');
  assert.is(rotated.kind, 'operator');
  assert.is(rotated.teamId, kit.operator.actor.teamId);
  await auth.authenticate(kit.operator.key, '::1'); // the old key works until revoked
  await operators.ensureOperator(ROTATED); // idempotent: no second copy
  const page = await kit.get(ListApiKeys).execute({}, contextOf(rotated));
  assert.is(page.total, 2);
  // Rotation ends by revoking the old key with the new one.
  await kit.get(RevokeApiKey).execute({ id: kit.operator.actor.apiKeyId }, contextOf(rotated));
  await rejects(auth.authenticate(kit.operator.key, '::1'));
});

test('a revoked preset stays revoked after a restart', async () => {
  const operators = kit.get(OperatorKeys);
  await operators.ensureOperator(ROTATED);
  const rotated = await kit.get(Authenticator).authenticate(ROTATED, '::1');
  await kit.get(RevokeApiKey).execute({ id: rotated.apiKeyId }, contextOf(kit.operator.actor));
  await operators.ensureOperator(ROTATED);
  await rejects(kit.get(Authenticator).authenticate(ROTATED, '::1'));
});

test('a malformed preset is refused', async () => {
  await rejects(kit.get(OperatorKeys).ensureOperator('fak_short'), /BANK_ADMIN_KEY/);
  await rejects(kit.get(OperatorKeys).ensureOperator('sk_' + 'a'.repeat(40)), /BANK_ADMIN_KEY/);
});

test('losing a race to create the operator reads the winner instead of failing', async () => {
  // As if another process created the operator between our read and our insert.
  const teams = kit.get(TeamRepository);
  const stub = sinon.stub(teams, 'findOperatorTeam');
  stub.onFirstCall().resolves(undefined);
  stub.callThrough();
  const outcome = await kit.get(OperatorKeys).ensureOperator();
  assert.equal(outcome, { created: false, teamId: kit.operator.actor.teamId });
  const page = await kit.get(ListApiKeys).execute({}, contextOf(kit.operator.actor));
  assert.is(page.total, 1);
});

test.run();
