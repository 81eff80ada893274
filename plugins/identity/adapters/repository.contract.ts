import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { rejection, repositorySuite, type RepositoryHarness } from '../../../kit/testing.js';
import type { ApiKeyRecord, ApiKeyRepository, TeamRecord, TeamRepository, UserRecord, UserRepository } from '../ports.js';

/**
 * What every store's identity repositories must do, run against each store
 * (memory, PGlite, PostgreSQL when DATABASE_URL is set).
 */
export interface IdentityRepositories {
  readonly teams: TeamRepository;
  readonly users: UserRepository;
  readonly keys: ApiKeyRepository;
}

const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function team(id: string, kind: TeamRecord['kind'] = 'user'): TeamRecord {
  return { id, name: `team ${id}`, kind, createdAt: T0 };
}

function user(id: string, teamId: string, email = `${id}@example.test`): UserRecord {
  return { id, teamId, name: `user ${id}`, email, createdAt: T0 };
}

function key(id: string, teamId: string, userId: string, overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id,
    teamId,
    userId,
    kind: 'user',
    name: `key ${id}`,
    prefix: id.padEnd(8, 'x').slice(0, 8),
    hash: `hash-of-${id}`,
    permissions: ['read', 'write'],
    ipAllowlist: [],
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: null,
    createdAt: T0,
    ...overrides,
  };
}

export function identityRepositoryContract(label: string, harness: RepositoryHarness<IdentityRepositories>): Test {
  const { test, it, run } = repositorySuite(`identity repositories: ${label}`, harness);

  /** Two teams with one user each. */
  async function seed(r: IdentityRepositories): Promise<void> {
    await run(async (tx) => {
      await r.teams.insert(tx, team('t1'));
      await r.teams.insert(tx, team('t2'));
      await r.users.insert(tx, user('u1', 't1'));
      await r.users.insert(tx, user('u2', 't2'));
    });
  }

  it('stores teams and finds the one operator team', async (r) => {
    await run(async (tx) => {
      assert.is(await r.teams.findOperatorTeam(tx), undefined);
      await r.teams.insert(tx, team('t1'));
      await r.teams.insert(tx, team('op', 'operator'));
    });
    await run(async (tx) => {
      assert.equal(await r.teams.findById(tx, 't1'), team('t1'));
      assert.equal(await r.teams.findOperatorTeam(tx), team('op', 'operator'));
      assert.is(await r.teams.findById(tx, 'nope'), undefined);
    });
  });

  it('refuses a second operator team', async (r) => {
    await run((tx) => r.teams.insert(tx, team('op', 'operator')));
    await rejection(run((tx) => r.teams.insert(tx, team('op2', 'operator'))));
    const found = await run((tx) => r.teams.findOperatorTeam(tx));
    assert.is(found?.id, 'op');
  });

  it('scopes users by team; emails are unique (409 email_taken)', async (r) => {
    await seed(r);
    await run(async (tx) => {
      assert.equal(await r.users.findById(tx, 't1', 'u1'), user('u1', 't1'));
      assert.is(await r.users.findById(tx, 't2', 'u1'), undefined);
      assert.equal(await r.users.findByEmail(tx, 'u2@example.test'), user('u2', 't2'));
      assert.is(await r.users.findByEmail(tx, 'nobody@example.test'), undefined);
    });
    const error = (await rejection(run((tx) => r.users.insert(tx, user('u3', 't2', 'u1@example.test'))))) as {
      status?: number;
      code?: string;
    };
    assert.equal([error.status, error.code], [409, 'email_taken']);
  });

  it('rename changes a user of the team only, moving its email (a privacy erasure)', async (r) => {
    await seed(r);
    assert.is(await run((tx) => r.users.rename(tx, 't2', 'u1', 'x', 'x@erased.invalid')), undefined);
    const renamed = await run((tx) => r.users.rename(tx, 't1', 'u1', 'alias', 'alias@erased.invalid'));
    assert.equal(renamed, { ...user('u1', 't1'), name: 'alias', email: 'alias@erased.invalid' });
    await run(async (tx) => {
      assert.equal(await r.users.findById(tx, 't1', 'u1'), renamed);
      assert.equal(await r.users.findByEmail(tx, 'alias@erased.invalid'), renamed);
      assert.is(await r.users.findByEmail(tx, 'u1@example.test'), undefined);
    });
    const error = (await rejection(run((tx) => r.users.rename(tx, 't2', 'u2', 'alias', 'alias@erased.invalid')))) as { code?: string };
    assert.is(error.code, 'email_taken');
  });

  it('round-trips keys (arrays, dates, nulls) and finds them by hash and by team', async (r) => {
    await seed(r);
    const full = key('k1', 't1', 'u1', {
      kind: 'operator',
      permissions: ['read', 'write', 'delete'],
      ipAllowlist: ['10.0.0.0/8', '2001:db8::/32'],
      expiresAt: at(3600),
      lastUsedAt: at(1),
      revokedAt: null,
      createdAt: at(0.5),
    });
    await run(async (tx) => {
      await r.keys.insert(tx, full);
      await r.keys.insert(tx, key('k2', 't2', 'u2'));
    });
    await run(async (tx) => {
      assert.equal(await r.keys.findByHashes(tx, ['hash-of-k1']).then((found) => found[0]), full);
      assert.equal(await r.keys.findById(tx, 't1', 'k1'), full);
      assert.is(await r.keys.findById(tx, 't2', 'k1'), undefined);
      assert.is(await r.keys.findByHashes(tx, ['hash-of-nothing']).then((found) => found[0]), undefined);
      assert.equal(await r.keys.findByHashes(tx, ['hash-of-k2']).then((found) => found[0]), key('k2', 't2', 'u2'));
    });
  });

  it('refuses a second key with the same hash', async (r) => {
    await seed(r);
    await run((tx) => r.keys.insert(tx, key('k1', 't1', 'u1')));
    await rejection(run((tx) => r.keys.insert(tx, key('k9', 't1', 'u1', { hash: 'hash-of-k1' }))));
    assert.is(await run((tx) => r.keys.findById(tx, 't1', 'k9')), undefined);
  });

  it('lists a team newest first (ties by id), paginated, with the total', async (r) => {
    await seed(r);
    await run(async (tx) => {
      await r.keys.insert(tx, key('ka', 't1', 'u1', { createdAt: at(1) }));
      await r.keys.insert(tx, key('kb', 't1', 'u1', { createdAt: at(3) }));
      await r.keys.insert(tx, key('kc', 't1', 'u1', { createdAt: at(2) }));
      await r.keys.insert(tx, key('kd', 't1', 'u1', { createdAt: at(2) }));
      await r.keys.insert(tx, key('kz', 't2', 'u2', { createdAt: at(9) }));
    });
    const all = await run((tx) => r.keys.listByTeam(tx, 't1', { page: 1, perPage: 20 }));
    assert.equal(all.items.map((k) => k.id), ['kb', 'kd', 'kc', 'ka']);
    assert.is(all.total, 4);
    const second = await run((tx) => r.keys.listByTeam(tx, 't1', { page: 2, perPage: 3 }));
    assert.equal([second.items.map((k) => k.id), second.total], [['ka'], 4]);
    const empty = await run((tx) => r.keys.listByTeam(tx, 'nobody', { page: 1, perPage: 20 }));
    assert.equal([empty.items.length, empty.total], [0, 0]);
  });

  it('revokes within the team only, once', async (r) => {
    await seed(r);
    await run((tx) => r.keys.insert(tx, key('k1', 't1', 'u1')));
    assert.is(await run((tx) => r.keys.revoke(tx, 't2', 'k1', at(5))), undefined);
    assert.is((await run((tx) => r.keys.findByHashes(tx, ['hash-of-k1']).then((found) => found[0])))?.revokedAt, null);
    const revoked = await run((tx) => r.keys.revoke(tx, 't1', 'k1', at(5)));
    assert.equal(revoked?.revokedAt, at(5));
    const again = await run((tx) => r.keys.revoke(tx, 't1', 'k1', at(9)));
    assert.equal(again?.revokedAt, at(5));
    assert.is(await run((tx) => r.keys.revoke(tx, 't1', 'nope', at(5))), undefined);
  });

  it('brings an expiry forward within the team only, never later and never on a revoked key', async (r) => {
    await seed(r);
    await run((tx) => r.keys.insert(tx, key('k1', 't1', 'u1')));
    assert.is(await run((tx) => r.keys.expireBy(tx, 't2', 'k1', at(50))), undefined);
    assert.equal((await run((tx) => r.keys.expireBy(tx, 't1', 'k1', at(50))))?.expiresAt, at(50));
    assert.equal((await run((tx) => r.keys.expireBy(tx, 't1', 'k1', at(80))))?.expiresAt, at(50), 'never later');
    assert.equal((await run((tx) => r.keys.expireBy(tx, 't1', 'k1', at(20))))?.expiresAt, at(20));
    await run((tx) => r.keys.revoke(tx, 't1', 'k1', at(5)));
    assert.equal((await run((tx) => r.keys.expireBy(tx, 't1', 'k1', at(10))))?.expiresAt, at(20), 'a revoked key is left as it is');
    assert.is(await run((tx) => r.keys.expireBy(tx, 't1', 'nope', at(5))), undefined);
  });

  it('records a use only when last_used_at is unset or stale', async (r) => {
    await seed(r);
    await run((tx) => r.keys.insert(tx, key('k1', 't1', 'u1')));
    const lastUsed = async () => (await run((tx) => r.keys.findByHashes(tx, ['hash-of-k1']).then((found) => found[0])))?.lastUsedAt;
    await run((tx) => r.keys.recordUse(tx, 'k1', at(10), at(-50)));
    assert.equal(await lastUsed(), at(10));
    await run((tx) => r.keys.recordUse(tx, 'k1', at(30), at(-30)));
    assert.equal(await lastUsed(), at(10));
    await run((tx) => r.keys.recordUse(tx, 'k1', at(70), at(10)));
    assert.equal(await lastUsed(), at(70));
  });

  it('a failed unit of work leaves no team, user or key behind', async (r) => {
    const failure = await rejection(
      run(async (tx) => {
        await r.teams.insert(tx, team('t1'));
        await r.users.insert(tx, user('u1', 't1'));
        await r.keys.insert(tx, key('k1', 't1', 'u1'));
        throw new Error('boom');
      }),
    );
    assert.is((failure as Error).message, 'boom');
    await run(async (tx) => {
      assert.is(await r.teams.findById(tx, 't1'), undefined);
      assert.is(await r.users.findByEmail(tx, 'u1@example.test'), undefined);
      assert.is(await r.keys.findByHashes(tx, ['hash-of-k1']).then((found) => found[0]), undefined);
    });
    // and the same ids and email can be used afterwards
    await seed(r);
    await run((tx) => r.keys.insert(tx, key('k1', 't1', 'u1')));
  });

  it('a revocation rolled back leaves the key working', async (r) => {
    await seed(r);
    await run((tx) => r.keys.insert(tx, key('k1', 't1', 'u1')));
    await rejection(
      run(async (tx) => {
        await r.keys.revoke(tx, 't1', 'k1', at(5));
        throw new Error('boom');
      }),
    );
    assert.is((await run((tx) => r.keys.findByHashes(tx, ['hash-of-k1']).then((found) => found[0])))?.revokedAt, null);
  });

  return test;
}
