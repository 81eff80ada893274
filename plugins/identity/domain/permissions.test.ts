import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Actor } from '../../../kernel/contract/context.js';
import { ForbiddenError } from '../../../kernel/errors/errors.js';
import {
  intersectPermissions,
  lackingPermissions,
  normalisePermissions,
  requireOperator,
  requirePermission,
} from './permissions.js';

const actor = (kind: Actor['kind'], permissions: Actor['permissions']): Actor => ({
  kind,
  teamId: 't',
  userId: 'u',
  apiKeyId: 'k',
  permissions,
});

test('normalises to canonical order without duplicates', () => {
  assert.equal(normalisePermissions(['delete', 'read', 'delete']), ['read', 'delete']);
});

test('lists what the grantor lacks', () => {
  assert.equal(lackingPermissions(['read'], ['write', 'read', 'delete']), ['write', 'delete']);
  assert.equal(lackingPermissions(['read', 'write'], ['write']), []);
});

test('intersects', () => {
  assert.equal(intersectPermissions(['read', 'write', 'delete'], ['write', 'read']), ['read', 'write']);
});

test('guards throw 403 with codes', () => {
  requirePermission(actor('user', ['write']), 'write');
  try {
    requirePermission(actor('user', ['read']), 'write');
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ForbiddenError);
    assert.is((error as ForbiddenError).code, 'insufficient_permission');
  }
  requireOperator(actor('operator', []));
  assert.throws(() => requireOperator(actor('user', ['read', 'write', 'delete'])), (error: ForbiddenError) => error.code === 'insufficient_permission');
});

test.run();
