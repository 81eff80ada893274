import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, type GraphqlKernel } from './graphql-kit.js';

/**
 * Issue 20's points found from outside, each over real HTTP against the
 * whole service (every module): paths match exactly, and Idempotency-Keys
 * are the team's (docs/http.md).
 */
const test = suite('hardening e2e');
let g: GraphqlKernel;
let ada: TestUser;
/** A second key of Ada's team (the same permissions), a read-only one and a write-only one. */
let adaOther: string;
let adaReader: string;
let adaWriter: string;
let bob: TestUser;

const DEPOSIT = 'mutation($id: ID!, $amount: String!) { deposit(input: {account_id: $id, amount: $amount, asset_code: "USD"}) { uuid } }';

test.before(async () => {
  g = await bootGraphql({ rateLimits: false });
  ada = await g.createUser('Ada');
  bob = await g.createUser('Bob');
  const key = async (body: Record<string, unknown>) => {
    const created = await g.request('POST', '/api/v2/api-keys', { key: ada.key, body });
    assert.is(created.status, 201, JSON.stringify(created.body));
    return created.body.data.key as string;
  };
  adaOther = await key({ name: 'failover' });
  adaReader = await key({ name: 'reader', permissions: ['read'] });
  adaWriter = await key({ name: 'writer', permissions: ['write'] });
});
test.after(async () => {
  await g?.close();
});

async function account(user: TestUser, name: string): Promise<string> {
  const created = await g.request('POST', '/api/v2/accounts', { key: user.key, body: { name, type: 'personal' } });
  assert.is(created.status, 201, JSON.stringify(created.body));
  return created.body.data.uuid;
}

async function usd(user: TestUser, id: string): Promise<string> {
  const balances = await g.request('GET', `/api/v2/accounts/${id}/balances`, { key: user.key });
  assert.is(balances.status, 200, JSON.stringify(balances.body));
  const rows = balances.body.data.balances ?? balances.body.data;
  return rows.find((row: { asset_code: string }) => row.asset_code === 'USD')?.available_balance ?? '0';
}

async function auditOk(): Promise<void> {
  const audit = await g.request('GET', '/api/v2/admin/ledger/audit', { key: g.k.operatorKey });
  assert.is(audit.status, 200);
  assert.ok(audit.body.data.ok, JSON.stringify(audit.body.data));
}

test('every route of the OpenAPI document matches exactly: another case or a trailing slash is 404 route_not_found', async () => {
  const document = JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  const modules = new Set<string>();
  const wrong: string[] = [];
  for (const [template, operations] of Object.entries(document.paths)) {
    const path = template.replace(/\{[^}]+\}/g, 'x1');
    for (const [method, operation] of Object.entries(operations)) {
      for (const tag of (operation as { tags?: string[] }).tags ?? []) modules.add(tag);
      const exact = await g.request(method.toUpperCase(), path, { body: method === 'get' || method === 'delete' ? undefined : {} });
      if (exact.body?.errors?.[0]?.code === 'route_not_found') wrong.push(`${method} ${path}: the exact path is not found`);
      for (const variant of [path.toUpperCase(), path.replace(/^\/api/, '/API'), `${path}/`]) {
        const answer = await g.request(method.toUpperCase(), variant, { body: method === 'get' || method === 'delete' ? undefined : {} });
        if (answer.status !== 404 || answer.body?.errors?.[0]?.code !== 'route_not_found') wrong.push(`${method} ${variant}: ${answer.status}`);
      }
    }
  }
  assert.ok(modules.size >= 10, `only ${modules.size} tags walked`);
  assert.equal(wrong, []);
  // The case the issue found, with the operator key: no route, so no audit.
  const upper = await g.request('GET', '/API/V2/ADMIN/LEDGER/AUDIT', { key: g.k.operatorKey });
  assert.equal([upper.status, upper.body.errors[0].code], [404, 'route_not_found']);
});

test('an Idempotency-Key is the team’s: a retry with the team’s other key replays, over REST and GraphQL; the deposit is applied once', async () => {
  const id = await account(ada, 'idempotent');
  const headers = { 'idempotency-key': 'deposit-7' };
  const first = await g.request('POST', `/api/v2/accounts/${id}/deposit`, { key: ada.key, body: { amount: '10.00', asset_code: 'USD' }, headers });
  assert.is(first.status, 201, JSON.stringify(first.body));
  const retry = await g.request('POST', `/api/v2/accounts/${id}/deposit`, { key: adaOther, body: { amount: '10.00', asset_code: 'USD' }, headers });
  assert.equal([retry.status, retry.headers.get('idempotent-replayed'), retry.body], [201, 'true', first.body]);
  // Another request under the team's used key, from either key: refused, nothing applied.
  const other = await g.request('POST', `/api/v2/accounts/${id}/deposit`, { key: adaOther, body: { amount: '11.00', asset_code: 'USD' }, headers });
  assert.equal([other.status, other.body.errors[0].code], [422, 'idempotency_key_reused']);

  const mutation = { 'idempotency-key': 'gql-deposit-7' };
  const sent = await g.request('POST', '/api/graphql', { key: ada.key, body: { query: DEPOSIT, variables: { id, amount: '5.00' } }, headers: mutation });
  assert.is(sent.status, 200);
  assert.ok(sent.body.data?.deposit?.uuid, JSON.stringify(sent.body));
  const resent = await g.request('POST', '/api/graphql', { key: adaOther, body: { query: DEPOSIT, variables: { id, amount: '5.00' } }, headers: mutation });
  assert.equal([resent.headers.get('idempotent-replayed'), resent.body], ['true', sent.body]);
  // A read-only key of the team gets no replay of a mutation: it is refused as any mutation it sends.
  const reader = await g.request('POST', '/api/graphql', { key: adaReader, body: { query: DEPOSIT, variables: { id, amount: '5.00' } }, headers: mutation });
  assert.is(reader.headers.get('idempotent-replayed'), null);
  assert.is(reader.body.errors?.[0]?.extensions?.code, 'insufficient_permission', JSON.stringify(reader.body));
  // A key with other permissions might not pass what the fields checked as they ran: no replay, and no second deposit.
  const writer = await g.request('POST', '/api/graphql', { key: adaWriter, body: { query: DEPOSIT, variables: { id, amount: '5.00' } }, headers: mutation });
  assert.is(writer.headers.get('idempotent-replayed'), null);
  assert.is(writer.body.errors?.[0]?.extensions?.code, 'idempotency_key_reused', JSON.stringify(writer.body));
  assert.is(await usd(ada, id), '15.00');
  await auditOk();
});

test('two teams using the same Idempotency-Key are independent', async () => {
  const mine = await account(ada, 'team-a');
  const theirs = await account(bob, 'team-b');
  const headers = { 'idempotency-key': 'same-everywhere' };
  const a = await g.request('POST', `/api/v2/accounts/${mine}/deposit`, { key: ada.key, body: { amount: '3.00', asset_code: 'USD' }, headers });
  const b = await g.request('POST', `/api/v2/accounts/${theirs}/deposit`, { key: bob.key, body: { amount: '4.00', asset_code: 'USD' }, headers });
  assert.equal([a.status, b.status, b.headers.get('idempotent-replayed')], [201, 201, null]);
  assert.equal([await usd(ada, mine), await usd(bob, theirs)], ['3.00', '4.00']);
  await auditOk();
});

test.run();
