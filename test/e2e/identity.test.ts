import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCommand } from '../../adapters/cli/run-command.js';
import { OperatorKeys } from '../../ports/operator-keys.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';

/**
 * Identity over real HTTP: a booted kernel (identity only, so this suite does
 * not depend on other modules), the operator key from BANK_ADMIN_KEY-style
 * bootstrap, and the fixture's manual clock.
 */
const test = suite('identity e2e');
let k: TestKernel;
let ada: TestUser;
let bob: TestUser;
let users = 0;

test.before(async () => {
  k = await bootTestKernel({ modules: ['identity'] });
});
test.before.each(async () => {
  users += 1;
  ada = await k.createUser(`Ada ${users}`);
  bob = await k.createUser(`Bob ${users}`);
});
test.after(async () => {
  await k?.close();
});

const codes = (body: any): string[] => (body?.errors ?? []).map((error: { code: string }) => error.code);

async function newKey(owner: TestUser, body: Record<string, unknown>): Promise<any> {
  const response = await k.request('POST', '/api/v2/api-keys', { key: owner.key, body });
  assert.is(response.status, 201, JSON.stringify(response.body));
  return response.body.data;
}

test('the operator creates a user whose key works; the user cannot use admin routes', async () => {
  const response = await k.request('POST', '/api/v2/admin/users', {
    key: k.operatorKey,
    body: { name: 'Grace', email: 'grace@example.test', team_name: 'Navy' },
  });
  assert.is(response.status, 201);
  const { user, api_key } = response.body.data;
  assert.ok(user.id && user.team_id);
  assert.equal([user.name, user.email], ['Grace', 'grace@example.test']);
  assert.match(api_key.key, /^fak_[0-9A-Za-z]{43}$/);
  assert.equal(api_key.permissions, ['read', 'write', 'delete']);
  const listed = await k.request('GET', '/api/v2/api-keys', { key: api_key.key });
  assert.is(listed.status, 200);
  assert.equal(listed.body.data.map((key: any) => key.id), [api_key.id]);
  const admin = await k.request('POST', '/api/v2/admin/users', {
    key: api_key.key,
    body: { name: 'Eve', email: 'eve@example.test' },
  });
  assert.is(admin.status, 403);
});

test('a duplicate email is 409 email_taken; a bad email 422 with a pointer', async () => {
  const body = { name: 'Dup', email: 'dup@example.test' };
  assert.is((await k.request('POST', '/api/v2/admin/users', { key: k.operatorKey, body })).status, 201);
  const again = await k.request('POST', '/api/v2/admin/users', { key: k.operatorKey, body: { ...body, email: body.email.toUpperCase() } });
  assert.equal([again.status, codes(again.body)], [409, ['email_taken']]);
  const bad = await k.request('POST', '/api/v2/admin/users', { key: k.operatorKey, body: { name: 'X', email: 'nope' } });
  assert.is(bad.status, 422);
  assert.equal(bad.body.errors[0].source, { pointer: '/email' });
});

test('a read-only key reads but gets 403 on POST and may not mint wider keys', async () => {
  const readOnly = await newKey(ada, { name: 'reader', permissions: ['read'] });
  assert.equal(readOnly.permissions, ['read']);
  assert.is((await k.request('GET', '/api/v2/api-keys', { key: readOnly.key })).status, 200);
  const post = await k.request('POST', '/api/v2/api-keys', { key: readOnly.key, body: { permissions: ['read'] } });
  assert.is(post.status, 403);
  const writer = await newKey(ada, { permissions: ['read', 'write'] });
  const escalate = await k.request('POST', '/api/v2/api-keys', { key: writer.key, body: { permissions: ['delete'] } });
  assert.equal([escalate.status, codes(escalate.body)], [403, ['permission_escalation']]);
});

test("an Idempotency-Key is the team's: another key of the team retrying gets no secret and creates nothing", async () => {
  const headers = { 'idempotency-key': 'team-shared' };
  const wide = { name: 'wide', permissions: ['read', 'write', 'delete'] };
  const first = await k.request('POST', '/api/v2/api-keys', { key: ada.key, body: wide, headers });
  assert.is(first.status, 201);
  const writeOnly = await newKey(ada, { permissions: ['write'] });
  const before = (await k.request('GET', '/api/v2/api-keys?per_page=100', { key: ada.key })).body.data.length;
  // The same request from the team's other key: it already succeeded for the team, and its secret was never saved.
  const replay = await k.request('POST', '/api/v2/api-keys', { key: writeOnly.key, body: wide, headers });
  assert.equal([replay.status, codes(replay.body), replay.headers.get('idempotent-replayed')], [409, ['idempotent_replay_unavailable'], null]);
  assert.not.ok(JSON.stringify(replay.body).includes(first.body.data.key));
  // Another request under the team's used key, from either key, is refused.
  const other = await k.request('POST', '/api/v2/api-keys', { key: writeOnly.key, body: { permissions: ['write'] }, headers });
  assert.equal([other.status, codes(other.body)], [422, ['idempotency_key_reused']]);
  assert.is((await k.request('GET', '/api/v2/api-keys?per_page=100', { key: ada.key })).body.data.length, before, 'nothing created');
});

test('a response carrying a new key is never saved: a retry with its Idempotency-Key is 409, and nothing stores the secret', async () => {
  const headers = { 'idempotency-key': 'mint-1' };
  const body = { name: 'ci' };
  const made = await k.request('POST', '/api/v2/api-keys', { key: ada.key, body, headers });
  assert.is(made.status, 201);
  const retry = await k.request('POST', '/api/v2/api-keys', { key: ada.key, body, headers });
  assert.equal([retry.status, codes(retry.body)], [409, ['idempotent_replay_unavailable']]);
  assert.equal(retry.body.errors[0].source, { header: 'Idempotency-Key' });
  assert.match(retry.body.errors[0].detail, /shown once/);
  assert.not.ok(JSON.stringify(retry.body).includes(made.body.data.key));
  // A different request under the key is still 422, as for any other route.
  const other = await k.request('POST', '/api/v2/api-keys', { key: ada.key, body: { name: 'other' }, headers });
  assert.equal([other.status, codes(other.body)], [422, ['idempotency_key_reused']]);
  const listed = await k.request('GET', '/api/v2/api-keys', { key: ada.key });
  assert.is(listed.body.data.filter((key: any) => key.name === 'ci').length, 1, 'the retry created nothing');

  const operatorHeaders = { 'idempotency-key': 'user-1' };
  const userBody = { name: 'Kept', email: `kept${users}@example.test` };
  const user = await k.request('POST', '/api/v2/admin/users', { key: k.operatorKey, body: userBody, headers: operatorHeaders });
  assert.is(user.status, 201);
  const operator = await k.get(OperatorKeys).ensureOperator();
  const refs = [
    { teamId: ada.teamId, apiKeyId: await keyIdOf(ada.key, ada.key), key: 'mint-1' },
    { teamId: operator.teamId, apiKeyId: await keyIdOf(k.operatorKey, k.operatorKey), key: 'user-1' },
  ];
  const saved = await k.store.unitOfWork.run((tx) => k.store.idempotency.find(tx, refs));
  assert.equal(saved.map((record) => [record.key, record.status, record.body]).sort(), [['mint-1', 201, null], ['user-1', 201, null]]);
  const retryUser = await k.request('POST', '/api/v2/admin/users', { key: k.operatorKey, body: userBody, headers: operatorHeaders });
  assert.equal([retryUser.status, codes(retryUser.body)], [409, ['idempotent_replay_unavailable']]);
});

test('a revoked key is 401 on the very next request', async () => {
  const extra = await newKey(ada, { name: 'temp' });
  assert.is((await k.request('GET', '/api/v2/api-keys', { key: extra.key })).status, 200);
  const revoked = await k.request('DELETE', `/api/v2/api-keys/${extra.id}`, { key: ada.key });
  assert.is(revoked.status, 200);
  assert.equal(Object.keys(revoked.body.data).sort(), ['id', 'revoked_at']);
  assert.is(revoked.body.data.id, extra.id);
  assert.is((await k.request('GET', '/api/v2/api-keys', { key: extra.key })).status, 401);
});

test('an expired key is 403 api_key_expired once the clock passes expires_at', async () => {
  const expiresAt = new Date(k.clock.now().getTime() + 60 * 60 * 1000).toISOString();
  const short = await newKey(ada, { expires_at: expiresAt });
  assert.is(short.expires_at, expiresAt);
  assert.is((await k.request('GET', '/api/v2/api-keys', { key: short.key })).status, 200);
  k.clock.advance(60 * 60 * 1000);
  const expired = await k.request('GET', '/api/v2/api-keys', { key: short.key });
  assert.equal([expired.status, codes(expired.body)], [403, ['api_key_expired']]);
});

test('expires_at in the past or not a timestamp is 422 pointing at /expires_at', async () => {
  for (const expires_at of [new Date(k.clock.now().getTime() - 1000).toISOString(), 'tomorrow']) {
    const response = await k.request('POST', '/api/v2/api-keys', { key: ada.key, body: { expires_at } });
    assert.is(response.status, 422, expires_at);
    assert.equal(response.body.errors[0].source, { pointer: '/expires_at' });
  }
});

test('the IP allow-list: listed blocks pass, others are 403 ip_not_allowed', async () => {
  const remote = await newKey(ada, { ip_allowlist: ['10.0.0.0/8', '2001:db8::/32'] });
  const blocked = await k.request('GET', '/api/v2/api-keys', { key: remote.key });
  assert.equal([blocked.status, codes(blocked.body)], [403, ['ip_not_allowed']]);
  const local = await newKey(ada, { ip_allowlist: ['127.0.0.0/8', '::1'] });
  assert.equal(local.ip_allowlist, ['127.0.0.0/8', '::1']);
  assert.is((await k.request('GET', '/api/v2/api-keys', { key: local.key })).status, 200);
  const bad = await k.request('POST', '/api/v2/api-keys', { key: ada.key, body: { ip_allowlist: ['::1', '300.1.1.1/8'] } });
  assert.is(bad.status, 422);
  assert.equal(bad.body.errors[0].source, { pointer: '/ip_allowlist/1' });
});

test("a key with an allow-list and an expiry mints only keys within them (inherited when none is asked)", async () => {
  const expiresAt = new Date(k.clock.now().getTime() + 60 * 60 * 1000).toISOString();
  const limited = await newKey(ada, { ip_allowlist: ['127.0.0.0/8', '::1'], expires_at: expiresAt });
  const child = await newKey({ ...ada, key: limited.key }, { name: 'child' });
  assert.equal([child.ip_allowlist, child.expires_at], [['127.0.0.0/8', '::1'], expiresAt]);
  const open = await k.request('POST', '/api/v2/api-keys', { key: limited.key, body: { ip_allowlist: ['0.0.0.0/0'] } });
  assert.equal([open.status, codes(open.body)], [403, ['ip_allowlist_escalation']]);
  const later = new Date(k.clock.now().getTime() + 2 * 60 * 60 * 1000).toISOString();
  const longer = await k.request('POST', '/api/v2/api-keys', { key: limited.key, body: { expires_at: later } });
  assert.equal([longer.status, codes(longer.body)], [403, ['expiry_escalation']]);
});

test("another team's key id is 404 and that key keeps working", async () => {
  const response = await k.request('DELETE', `/api/v2/api-keys/${await ownKeyId(bob)}`, { key: ada.key });
  assert.equal([response.status, codes(response.body)], [404, ['not_found']]);
  assert.is((await k.request('GET', '/api/v2/api-keys', { key: bob.key })).status, 200);
});

test('lists never contain a secret or a hash, and paginate', async () => {
  const made = [await newKey(ada, { name: 'one' }), await newKey(ada, { name: 'two' })];
  const page = await k.request('GET', '/api/v2/api-keys?per_page=2&page=1', { key: ada.key });
  assert.is(page.status, 200);
  assert.equal(page.body.meta.per_page, 2);
  assert.is(page.body.meta.total, 3);
  assert.ok(page.body.links.next);
  const all = await k.request('GET', '/api/v2/api-keys', { key: ada.key });
  const text = JSON.stringify(all.body);
  for (const secret of [ada.key, ...made.map((key) => key.key)]) assert.not.ok(text.includes(secret.slice(4)), 'secret listed');
  assert.not.ok(/hash/i.test(text));
  assert.ok(all.body.data.every((key: any) => key.key === undefined && typeof key.prefix === 'string'));
  const tooMany = await k.request('GET', '/api/v2/api-keys?per_page=101', { key: ada.key });
  assert.is(tooMany.status, 422);
});

test('no key, a malformed key and an unknown key are 401', async () => {
  assert.is((await k.request('GET', '/api/v2/api-keys')).status, 401);
  assert.is((await k.request('GET', '/api/v2/api-keys', { key: 'fak_nope' })).status, 401);
  assert.is((await k.request('GET', '/api/v2/api-keys', { key: 'fak_' + 'Z'.repeat(43) })).status, 401);
});

test('the CLI commands create a user, create, list and revoke keys', async () => {
  const { teamId: operatorTeam } = await k.get(OperatorKeys).ensureOperator();
  const cli = async (...argv: string[]) => {
    const outcome = await runCommand(k.kernel, argv, operatorTeam);
    assert.is(outcome.exitCode, 0, outcome.stderr);
    return JSON.parse(outcome.stdout).data;
  };
  const created = await cli('users', 'create', '--name', 'Cli', '--email', 'cli@example.test', '--team-name', 'Shell');
  const team = created.user.team_id;
  const key = await cli('keys', 'create', '--team', team, '--user-id', created.user.id, '--permissions', 'read, write', '--ip-allowlist', '127.0.0.1,::1');
  assert.equal([key.permissions, key.ip_allowlist], [['read', 'write'], ['127.0.0.1', '::1']]);
  assert.is((await k.request('GET', '/api/v2/api-keys', { key: key.key })).status, 200);
  const listed = await cli('keys', 'list', '--team', team);
  assert.equal(listed.map((item: any) => item.id).sort(), [created.api_key.id, key.id].sort());
  assert.not.ok(JSON.stringify(listed).includes(key.key.slice(4)));
  const revoked = await cli('keys', 'revoke', '--team', team, '--id', key.id);
  assert.is(revoked.id, key.id);
  assert.is((await k.request('GET', '/api/v2/api-keys', { key: key.key })).status, 401);
  const refused = await runCommand(k.kernel, ['keys', 'create', '--team', team, '--user-id', created.user.id, '--permissions', 'read,admin'], operatorTeam);
  assert.is(refused.exitCode, 2);
});

/** The id of the key `key`, listed with `caller` (a key of the same team). */
async function keyIdOf(key: string, caller: string): Promise<string> {
  const listed = await k.request('GET', '/api/v2/api-keys?per_page=100', { key: caller });
  return listed.body.data.find((item: any) => item.prefix === key.slice(4, 12)).id;
}

async function ownKeyId(owner: TestUser): Promise<string> {
  const listed = await k.request('GET', '/api/v2/api-keys', { key: owner.key });
  return listed.body.data[0].id;
}

test.run();
