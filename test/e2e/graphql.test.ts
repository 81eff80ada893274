import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { rawRequest } from '../../adapters/http/http-test-kit.js';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, data, gql, type GraphqlKernel } from './graphql-kit.js';

/** GraphQL over real HTTP: queries, mutations, scalars and errors (tenancy of every field: graphql-tenancy.test.ts). */
const test = suite('graphql e2e');
let g: GraphqlKernel;
let ada: TestUser;
let bob: TestUser;
let adaAccount: string;

const ACCOUNT = 'query($id: ID!) { account(id: $id) { id name balance currency status created_at } }';

test.before(async () => {
  g = await bootGraphql({ modules: ['identity', 'core-banking'] });
  ada = await g.createUser('Ada');
  bob = await g.createUser('Bob');
  const a = await data(g, 'mutation { createAccount(input: {name: "Ada main"}) { id status } }', undefined, ada.key);
  adaAccount = a.createAccount.id;
  await data(
    g,
    'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "150.25", asset_code: "USD", reference: "seed"}) { uuid amount } }',
    { id: adaAccount },
    ada.key,
  );
});
test.after(async () => {
  await g?.close();
});

test('account(id) returns the spec fields with the ledger balance and a Y-m-d H:i:s created_at', async () => {
  const { account } = await data(g, ACCOUNT, { id: adaAccount }, ada.key);
  assert.equal(
    { ...account, created_at: undefined },
    { id: adaAccount, name: 'Ada main', balance: '150.25', currency: 'USD', status: 'active', created_at: undefined },
  );
  assert.match(account.created_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const rest = await g.request('GET', `/api/v2/accounts/${adaAccount}/balances`, { key: ada.key });
  assert.is(rest.body.data.balances[0].available_balance, account.balance);
});

test('a new account without balances shows 0.00 in its main asset, as every money amount is shown', async () => {
  const created = await data(g, 'mutation { createAccount(input: {name: "empty"}) { id balance currency } }', undefined, bob.key);
  assert.equal({ ...created.createAccount, id: undefined }, { id: undefined, balance: '0.00', currency: 'USD' });
  const { account } = await data(g, ACCOUNT, { id: created.createAccount.id }, bob.key);
  assert.is(account.balance, '0.00');
});

test('POST /graphql is the same endpoint', async () => {
  const response = await gql(g, '{ me { team_id } }', undefined, ada.key, '/graphql');
  assert.is(response.status, 200);
  assert.is(response.body.data.me.team_id, ada.teamId);
});

test('accounts(first, page) pages with paginatorInfo', async () => {
  for (const name of ['two', 'three']) await data(g, `mutation { createAccount(input: {name: "${name}"}) { id } }`, undefined, ada.key);
  const { accounts } = await data(g, '{ accounts(first: 2, page: 2) { data { name } paginatorInfo { total currentPage lastPage } } }', undefined, ada.key);
  assert.equal(accounts.data.map((row: { name: string }) => row.name), ['three']);
  assert.equal(accounts.paginatorInfo, { total: 3, currentPage: 2, lastPage: 2 });
});

test('withdraw and transfer mutations move money through the same operations as REST', async () => {
  const w = await data(g, 'mutation($id: ID!) { withdraw(input: {account_id: $id, amount: "0.25", asset_code: "USD"}) { type amount balance_after } }', { id: adaAccount }, ada.key);
  assert.equal(w.withdraw, { type: 'withdrawal', amount: '0.25', balance_after: '150.00' });
  const other = await data(g, 'mutation { createAccount(input: {name: "savings"}) { id } }', undefined, ada.key);
  const t = await data(
    g,
    'mutation($from: ID!, $to: ID!) { createTransfer(input: {from_account: $from, to_account: $to, amount: "10.00", asset_code: "USD"}) { uuid status amount } }',
    { from: adaAccount, to: other.createAccount.id },
    ada.key,
  );
  assert.is(t.createTransfer.amount, '10.00');
  const read = await data(g, 'query($id: ID!) { transfer(id: $id) { uuid from_account } }', { id: t.createTransfer.uuid }, ada.key);
  assert.is(read.transfer.from_account, adaAccount);
  const history = await data(g, 'query($id: ID!) { transactions(account_id: $id, first: 5) { data { type amount } paginatorInfo { total } } }', { id: adaAccount }, ada.key);
  assert.ok(history.transactions.paginatorInfo.total >= 3);
  const today = await data(g, 'query($id: ID!) { transactions(account_id: $id, start_date: "2026-01-01", end_date: "2026-01-01") { paginatorInfo { total } } }', { id: adaAccount }, ada.key);
  assert.is(today.transactions.paginatorInfo.total, history.transactions.paginatorInfo.total);
  const before = await data(g, 'query($id: ID!) { transactions(account_id: $id, end_date: "2025-12-31") { paginatorInfo { total } } }', { id: adaAccount }, ada.key);
  assert.is(before.transactions.paginatorInfo.total, 0);
  const badDate = await gql(g, 'query($id: ID!) { transactions(account_id: $id, start_date: "2026-02-30") { paginatorInfo { total } } }', { id: adaAccount }, ada.key);
  assert.is(badDate.status, 400);
  assert.match(badDate.body.errors[0].message, /not a real calendar date/);
});

test('bad input is a clear error, never a 500 or an internal message', async () => {
  const response = await gql(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "1.234", asset_code: "USD"}) { uuid } }', { id: adaAccount }, ada.key);
  assert.is(response.status, 200);
  assert.is(response.body.data, null);
  assert.is(response.body.errors[0].extensions.status, 422);
  assert.match(response.body.errors[0].message, /amount/);
  const syntax = await gql(g, '{ account(id: ', undefined, ada.key);
  assert.is(syntax.status, 400);
  assert.is(syntax.body.errors[0].extensions.code, 'syntax_error');
  const unknown = await gql(g, '{ nope }', undefined, ada.key);
  assert.is(unknown.status, 400);
  assert.is(unknown.body.errors[0].extensions.code, 'validation_failed');
  const notJson = await g.request('POST', '/api/graphql', { key: ada.key, body: ['x'] });
  assert.is(notJson.status, 400);
  const tooMany = await gql(g, '{ accounts(first: 500) { data { id } } }', undefined, ada.key);
  assert.equal([tooMany.body.errors[0].extensions.code, tooMany.body.errors[0].extensions.source], ['validation_failed', { parameter: 'first' }]);
  const badVariable = await gql(g, ACCOUNT, { id: 5.5 }, ada.key);
  assert.is(badVariable.status, 400);
});

test('authentication: no key is a guest with no data; a bad key is 401; a read-only key cannot mutate', async () => {
  const guest = await gql(g, ACCOUNT, { id: adaAccount });
  assert.is(guest.status, 200);
  assert.is(guest.body.errors[0].extensions.code, 'unauthenticated');
  assert.is(guest.body.data.account, null);
  const bad = await gql(g, ACCOUNT, { id: adaAccount }, 'fak_not_a_real_key_000000000000000000');
  assert.is(bad.status, 401);
  const created = await g.request('POST', '/api/v2/api-keys', { key: ada.key, body: { name: 'ro', permissions: ['read'] } });
  const readOnly = created.body.data.key;
  const readable = await gql(g, ACCOUNT, { id: adaAccount }, readOnly);
  assert.is(readable.body.data.account.id, adaAccount);
  const write = await gql(g, 'mutation { createAccount(input: {name: "x"}) { id } }', undefined, readOnly);
  assert.is(write.body.errors[0].extensions.code, 'insufficient_permission');
});

test('the standard directives work: @include and @skip', async () => {
  const result = await data(g, 'query($yes: Boolean!) { a: me @include(if: $yes) { kind } b: me @skip(if: $yes) { kind } }', { yes: true }, ada.key);
  assert.ok(result.a.kind);
  assert.is(result.b, undefined);
});

test('two Authorization headers are a 401, not whichever key came first', async () => {
  const body = JSON.stringify({ query: ACCOUNT, variables: { id: adaAccount } });
  const port = Number(new URL(g.url).port);
  const res = await rawRequest(
    port,
    `POST /api/graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Authorization: Bearer ${ada.key}\r\nAuthorization: Bearer ${bob.key}\r\nConnection: close\r\n\r\n${body}`,
  );
  assert.is(res.status, 401);
  assert.not.match(res.body, /Ada main/);
});

test('assets and introspection (the standard __schema query, deeper than 10, is exempt from the limits)', async () => {
  const { assets } = await data(g, '{ assets { code precision } }', undefined, ada.key);
  assert.ok(assets.some((asset: { code: string }) => asset.code === 'USD'));
  const { getIntrospectionQuery } = await import('graphql');
  const introspection = await gql(g, getIntrospectionQuery(), undefined);
  assert.is(introspection.status, 200);
  const types = introspection.body.data.__schema.types.map((type: { name: string }) => type.name);
  for (const name of ['Account', 'Date', 'DateTime', 'Transaction', 'Transfer']) assert.ok(types.includes(name), name);
  const subscriptions = introspection.body.data.__schema.types.find((type: { name: string }) => type.name === 'Subscription');
  assert.equal(
    subscriptions.fields.map((field: { name: string }) => field.name).sort(),
    ['accountUpdated', 'paymentStatusChanged', 'transactionCreated', 'transferCompleted'],
  );
});

test.run();
