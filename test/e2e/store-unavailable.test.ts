import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TcpProxy } from '../chaos/faults/tcp-proxy.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';

/**
 * When PostgreSQL cannot be reached (restarting, the network to it cut), a
 * request is the store's failure, not the client's: 503
 * `store_unavailable` with Retry-After in the envelope, over REST and
 * GraphQL, never a 500; once the database is back, the same requests
 * succeed. The service reaches DATABASE_URL's PostgreSQL through a TCP
 * proxy of the chaos harness's, whose cut resets every connection and
 * refuses new ones. Skipped without DATABASE_URL.
 */
const url = process.env.DATABASE_URL;
let k: TestKernel;
let ada: TestUser;
let proxy: TcpProxy;
let account: string;

test.before(async () => {
  if (!url) return;
  const server = new URL(url);
  proxy = new TcpProxy(Number(server.port || 5432));
  const port = await proxy.listen();
  server.host = `127.0.0.1:${port}`;
  k = await bootTestKernel({ store: 'postgres', config: { databaseUrl: server.toString() } });
  ada = await k.createUser('Ada unavailable');
  account = (await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
});
test.after(async () => {
  await proxy?.restore();
  await k?.close();
  await proxy?.close();
});

test('with the database cut off: 503 store_unavailable with Retry-After over REST and GraphQL; back again: the same requests succeed', async () => {
  if (!url) return;
  const deposit = () => k.request('POST', `/api/v2/accounts/${account}/deposit`, { key: ada.key, headers: { 'idempotency-key': 'deposit-while-cut' }, body: { asset_code: 'USD', amount: '5.00' } });
  const read = () => k.request('GET', `/api/v2/accounts/${account}/balances`, { key: ada.key });
  const graphql = () => k.request('POST', '/api/graphql', { key: ada.key, body: { query: `{ account(id: "${account}") { id } }` } });
  proxy.cut();
  for (const answer of [await deposit(), await read()]) {
    assert.is(answer.status, 503, JSON.stringify(answer.body));
    assert.is(answer.body.errors[0].code, 'store_unavailable');
    assert.is(answer.headers.get('retry-after'), '1');
  }
  const field = await graphql();
  assert.is(field.body.errors?.[0]?.extensions?.code, 'store_unavailable', JSON.stringify(field.body));
  proxy.restore();
  // The pool's connections died with the cut; the first request after may still meet one (503 again), never more than a few.
  let again = await deposit();
  for (let attempt = 0; again.status === 503 && attempt < 3; attempt++) again = await deposit();
  assert.is(again.status, 201, JSON.stringify(again.body));
  const balances = (await read()).body.data.balances;
  assert.is(balances.find((one: { asset_code: string }) => one.asset_code === 'USD').available_balance, '5.00', 'the deposit applied once');
  assert.is((await graphql()).body.data.account.id, account);
});

test.run();
