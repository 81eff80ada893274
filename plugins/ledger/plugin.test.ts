import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { MovementView, PostingView, TrialBalanceView } from './operations.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * The ledger module over real HTTP and GraphQL: a deposit and a transfer
 * (with its fee) show in the trial balance, balanced per asset, and in the
 * journal; another team sees none of it. On every store (memory, PGlite,
 * PostgreSQL when DATABASE_URL is set).
 */
for (const store of e2eStores()) {
  const test = suite(`ledger: trial balance and journal over HTTP and GraphQL: ${store}`);
  let g: GraphqlKernel;
  let alice: TestUser;
  let bob: TestUser;
  let main: string;
  let savings: string;

  const get = (path: string, user: TestUser) => g.request('GET', `/api/v2${path}`, { key: user.key });
  const post = async (path: string, body: unknown, user: TestUser) => {
    const answer = await g.request('POST', `/api/v2${path}`, { key: user.key, body });
    assert.ok(answer.status < 300, `${path}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['core-banking', 'ledger'], rateLimits: false });
    alice = await g.createUser('Alice Ledger');
    bob = await g.createUser('Bob Ledger');
    main = (await post('/accounts', { name: 'Main', type: 'personal' }, alice)).uuid;
    savings = (await post('/accounts', { name: 'Savings', type: 'savings' }, alice)).uuid;
    await post(`/accounts/${main}/deposit`, { amount: '100.00', asset_code: 'USD' }, alice);
    await post(`/accounts/${main}/deposit`, { amount: '0.50000000', asset_code: 'BTC' }, alice);
    await post('/transfers', { from_account: main, to_account: savings, amount: '30.00', asset_code: 'USD' }, alice);
    g.k.clock.advance(3_600_000);
    assert.ok((await g.k.runWorkflows()) > 0, 'the transfer settled');
  });
  test.after(() => g.close());

  test('the trial balance shows debits = credits per asset, customers in one line and each system account on its own', async () => {
    const answer = await get('/ledger/trial-balance', alice);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    const balance = TrialBalanceView.parse(answer.body.data);
    assert.ok(balance.balanced);
    assert.equal(balance.holdings.map((holding) => [holding.asset_code, holding.chain, holding.balanced]), [['BTC', null, true], ['USD', null, true]]);
    const usd = balance.holdings.find((holding) => holding.asset_code === 'USD')!;
    assert.is(usd.debits, usd.credits);
    const world = usd.lines.find((line) => line.account === 'system:world')!;
    assert.equal([world.debits, world.credits, world.balance], ['100.00', '0.00', '-100.00']);
    const customers = usd.lines.find((line) => line.account === null)!;
    assert.is(customers.accounts, 2);
    // Customers hold what came in minus the fee the transfer paid to system:fees.
    const fees = usd.lines.find((line) => line.account === 'system:fees');
    const fee = fees ? BigInt(fees.balance.replace('.', '')) : 0n;
    assert.is(BigInt(customers.balance.replace('.', '')), 10_000n - fee);
    await assertConservation(g.k.kernel);
  });

  test('an account’s postings are newest first and each movement balances', async () => {
    const answer = await get(`/ledger/accounts/${main}/postings?per_page=10`, alice);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    const postings = answer.body.data.map((row: unknown) => PostingView.parse(row));
    assert.ok(postings.length >= 3, JSON.stringify(postings));
    assert.equal(postings.at(-1).kind, 'deposit');
    assert.equal([postings.at(-1).amount, postings.at(-1).asset_code], ['100.00', 'USD']);
    for (let i = 1; i < postings.length; i += 1) assert.ok(postings[i - 1].created_at >= postings[i].created_at);
    for (const movementId of new Set(postings.map((row: { movement_id: string }) => row.movement_id))) {
      const movement = MovementView.parse((await get(`/ledger/movements/${movementId}`, alice)).body.data);
      const sums = new Map<string, bigint>();
      for (const posting of movement.postings) sums.set(posting.asset_code, (sums.get(posting.asset_code) ?? 0n) + BigInt(posting.amount.replace('.', '')));
      assert.ok([...sums.values()].every((sum) => sum === 0n), `${movementId} sums to zero`);
    }
    const paged = await get(`/ledger/accounts/${main}/postings?per_page=1&page=2`, alice);
    assert.equal([paged.body.data.length, paged.body.meta.total], [1, postings.length]);
    const world = await get('/ledger/accounts/system:world/postings', alice);
    assert.is(world.status, 200);
    assert.ok(world.body.data.every((row: { account_id: string }) => row.account_id === 'system:world'));
  });

  test('another team sees none of it: 404 for the account and the movement, an empty trial balance', async () => {
    const movementId = (await get(`/ledger/accounts/${main}/postings`, alice)).body.data[0].movement_id;
    assert.is((await get(`/ledger/accounts/${main}/postings`, bob)).status, 404);
    assert.is((await get(`/ledger/movements/${movementId}`, bob)).status, 404);
    assert.equal((await get('/ledger/trial-balance', bob)).body.data.holdings, []);
    assert.equal((await get('/ledger/accounts/system:world/postings', bob)).body.data, []);
    const graphql = await gql(g, 'query($id: ID!) { ledgerMovement(id: $id) { id } }', { id: movementId }, bob.key);
    assert.is(graphql.body.errors?.[0]?.extensions?.code, 'not_found');
  });

  test('bad input is a 4xx with a pointer', async () => {
    const bad = await get(`/ledger/accounts/${main}/postings?per_page=0`, alice);
    assert.is(bad.status, 422, JSON.stringify(bad.body));
    assert.ok(bad.body.errors[0].source, JSON.stringify(bad.body));
    assert.is((await get('/ledger/accounts/no-such-account/postings', alice)).status, 404);
    assert.is((await get('/ledger/movements/no-such-movement', alice)).status, 404);
    const graphql = await gql(g, 'query($id: ID!) { ledgerAccountPostings(account_id: $id, first: 0) { data { seq } } }', { id: main }, alice.key);
    assert.ok(graphql.body.errors?.length > 0);
  });

  test('GraphQL reads the same operations', async () => {
    const read = await data(
      g,
      'query($id: ID!) { ledgerTrialBalance { balanced holdings { asset_code debits credits lines { account balance } } } ledgerAccountPostings(account_id: $id, first: 5) { data { movement_id amount kind } paginatorInfo { total } } }',
      { id: savings },
      alice.key,
    );
    assert.ok(read.ledgerTrialBalance.balanced);
    assert.equal(read.ledgerAccountPostings.data.map((row: { amount: string }) => row.amount), ['30.00']);
    const movement = await data(g, 'query($id: ID!) { ledgerMovement(id: $id) { kind postings { account_id amount } } }', { id: read.ledgerAccountPostings.data[0].movement_id }, alice.key);
    assert.ok(movement.ledgerMovement.postings.some((row: { account_id: string; amount: string }) => row.account_id === savings && row.amount === '30.00'));
  });

  test.run();
}
