import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../kernel/errors/app-error.js';
import { ConflictError, type Actor, type KeyInventory, type KeyInventoryEntry, type KeyKind, type NewEvent, type RequestContext, type Tx, type UnitOfWork } from '../../../kernel/public.js';
import { ManualClock } from '../../../kit/testing.js';
import { GetKeyOperation, KeyProviders, ListKeysOperation, RotateKeyOperation } from './key-inventory.js';

/**
 * The inventory's operations over stand-in providers: kinds merged in their
 * order and paged, one team's keys only, a disabled kind's keys 404, the
 * overlap bounded by the kind, a module's refusal passed on, and key.rotated
 * appended in the rotation's unit of work without the secret.
 */
const clock = new ManualClock('2026-11-25T12:00:00.000Z');
const appended: NewEvent[] = [];
const tx = { store: 'memory', append: async (events: readonly NewEvent[]) => void appended.push(...events), afterCommit() {} } as Tx;
const uow = { run: (work: (tx: Tx) => Promise<unknown>) => work(tx), readOnly: (work: (tx: Tx) => Promise<unknown>) => work(tx) } as unknown as UnitOfWork;
const ctx = (teamId: string): RequestContext => ({ actor: { kind: 'user', teamId, userId: 'u', apiKeyId: 'k', permissions: ['read', 'write', 'delete'] } as Actor, requestId: 'r', ip: '127.0.0.1' });

function entry(kind: KeyKind, id: string, rotatable = true): KeyInventoryEntry {
  return { kind, id, label: id, owner: null, status: 'active', fingerprint: `fp-${id}`, createdAt: null, lastRotatedAt: null, expiresAt: null, overlapEndsAt: null, rotatable, custody: null };
}

/** A provider of one kind holding `keys` per team; rotate answers `new-<id>`, or refuses when the key is not rotatable. */
function provider(kind: KeyKind, keys: Record<string, string[]>, maxOverlapSeconds: number): KeyInventory & { rotations: number } {
  const rotatable = maxOverlapSeconds > 0;
  return {
    kind,
    module: kind,
    maxOverlapSeconds,
    rotations: 0,
    async list(_tx, teamId) {
      return (keys[teamId] ?? []).map((id) => entry(kind, id, rotatable));
    },
    async find(_tx, teamId, id) {
      return (keys[teamId] ?? []).includes(id) ? entry(kind, id, rotatable) : undefined;
    },
    async rotate(_tx, actor, id, request) {
      if (!(keys[actor.teamId] ?? []).includes(id)) return undefined;
      if (!rotatable) throw new ConflictError('not here', 'rotation_by_operator');
      this.rotations += 1;
      return { entry: entry(kind, `new-${id}`), secret: `secret-of-${id}`, previousValidUntil: new Date(clock.now().getTime() + request.overlapSeconds * 1000) };
    },
  };
}

const webhooks = provider('webhook_secret', { a: ['w1', 'w2'], b: ['w9'] }, 86_400);
const apiKeys = provider('api_key', { a: ['k1'], b: ['k9'] }, 3_600);
const partner = provider('partner_key', { a: ['p1:live'] }, 0);
// Registered out of order, custody_path left out (its module disabled).
const providers = new KeyProviders([webhooks, partner, apiKeys]);
const list = new ListKeysOperation(uow, providers);
const get = new GetKeyOperation(uow, providers);
const rotate = new RotateKeyOperation(uow, providers, clock);
const failure = async (promise: Promise<unknown>): Promise<[number, string]> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return [error.status, error.code];
    throw error;
  }
  throw new Error('expected a refusal');
};

test('lists the team’s keys of every kind in KEY_KINDS order, paged after merging; a kind narrows', async () => {
  const all = await list.execute({ page: 1, per_page: 20 }, ctx('a'));
  assert.equal([all.items.map((one) => one.id), all.total], [['k1', 'w1', 'w2', 'p1:live'], 4]);
  const second = await list.execute({ page: 2, per_page: 3 }, ctx('a'));
  assert.equal([second.items.map((one) => one.id), second.total, second.lastPage], [['p1:live'], 4, 2]);
  assert.equal((await list.execute({ kind: 'webhook_secret', page: 1, per_page: 20 }, ctx('a'))).items.map((one) => one.id), ['w1', 'w2']);
  assert.equal((await list.execute({ kind: 'custody_path', page: 1, per_page: 20 }, ctx('a'))).total, 0);
  assert.equal(await failure(list.execute({ kind: 'password' as KeyKind, page: 1, per_page: 20 }, ctx('a'))), [422, 'validation_failed']);
});

test('another team’s key, an unknown one and one of a disabled kind are 404', async () => {
  assert.is((await get.execute({ kind: 'api_key', id: 'k1' }, ctx('a'))).fingerprint, 'fp-k1');
  for (const [kind, id] of [['api_key', 'k9'], ['webhook_secret', 'nope'], ['custody_path', 'x:base']] as const) {
    assert.equal(await failure(get.execute({ kind, id }, ctx('a'))), [404, 'not_found'], `${kind} ${id}`);
    assert.equal(await failure(rotate.execute({ kind, id, overlap_seconds: 0 }, ctx('a'))), [404, 'not_found'], `rotate ${kind} ${id}`);
  }
});

test('a rotation answers the secret once and appends key.rotated without it; an overlap beyond the kind’s bound is 422 and rotates nothing', async () => {
  appended.length = 0;
  assert.equal(await failure(rotate.execute({ kind: 'api_key', id: 'k1', overlap_seconds: 3_601 }, ctx('a'))), [422, 'overlap_too_long']);
  assert.equal([apiKeys.rotations, appended.length], [0, 0]);
  const rotated = await rotate.execute({ kind: 'api_key', id: 'k1', overlap_seconds: 3_600 }, ctx('a'));
  assert.equal([rotated.id, rotated.replaced_id, rotated.secret, rotated.previous_valid_until], ['new-k1', 'k1', 'secret-of-k1', '2026-11-25T13:00:00.000Z']);
  assert.equal(appended, [
    {
      type: 'key.rotated',
      teamId: 'a',
      aggregateType: 'api_key',
      aggregateId: 'k1',
      payload: { kind: 'api_key', id: 'new-k1', replaced_id: 'k1', fingerprint: 'fp-new-k1', previous_valid_until: '2026-11-25T13:00:00.000Z', rotated_at: '2026-11-25T12:00:00.000Z' },
    },
  ]);
});

test('a key its module does not rotate here is that module’s 409, whatever the overlap asked', async () => {
  appended.length = 0;
  for (const overlap of [0, 60]) assert.equal(await failure(rotate.execute({ kind: 'partner_key', id: 'p1:live', overlap_seconds: overlap }, ctx('a'))), [409, 'rotation_by_operator']);
  assert.is(appended.length, 0);
});

test.run();
