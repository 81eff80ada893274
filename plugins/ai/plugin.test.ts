import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { nlTransactionsResult, pastQueryView, queryAnswer } from './operations.js';

/**
 * Natural-language queries end to end over real HTTP and GraphQL, on
 * transactions created through core banking: each answer checked exactly.
 * Week of Monday 16 November 2026 ("last week" from Wednesday 25 November):
 * Main gets 1,000.00 USD, 250.00 USD and 0.5 BTC, sends 100.00 USD out and
 * 200.00 USD to Savings. Static prices: 1 BTC = 65,000 USD. On every store
 * (PostgreSQL when DATABASE_URL is set): core banking's TransactionHistory
 * and the query log run on each.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;

for (const store of stores) {
  const test = suite(`ai: natural-language queries over HTTP and GraphQL: ${store}`);
  let g: GraphqlKernel;
  let alice: TestUser;
  let bob: TestUser;
  let main: string;
  let savings: string;
  let bobAccount: string;

  const post = (user: TestUser, path: string, body: unknown) => g.request('POST', path, { key: user.key, body });
  const ask = (user: TestUser, body: unknown) => post(user, '/api/v2/ai/query', body);
  const search = (user: TestUser, body: unknown) => post(user, '/api/v1/ai/transactions', body);

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['core-banking', 'ai'], now: '2026-11-16T09:00:00.000Z', rateLimits: false });
    alice = await g.createUser('Alice Ai');
    bob = await g.createUser('Bob Ai');
    const account = async (user: TestUser, name: string) => (await post(user, '/api/v2/accounts', { name, type: 'personal' })).body.data.uuid as string;
    main = await account(alice, 'Main');
    savings = await account(alice, 'Savings');
    bobAccount = await account(bob, 'Bob Main');
    const deposit = async (user: TestUser, id: string, amount: string, asset_code: string) =>
      assert.is((await post(user, `/api/v2/accounts/${id}/deposit`, { amount, asset_code })).status, 201);
    await deposit(alice, main, '1000.00', 'USD');
    g.k.clock.advance(86_400_000);
    await deposit(alice, main, '250.00', 'USD');
    await deposit(alice, main, '0.5', 'BTC');
    g.k.clock.advance(86_400_000);
    assert.is((await post(alice, `/api/v2/accounts/${main}/withdraw`, { amount: '100.00', asset_code: 'USD' })).status, 201);
    const transfer = await post(alice, '/api/v2/transfers', { from_account: main, to_account: savings, amount: '200.00', asset_code: 'USD' });
    assert.is(transfer.status, 201, JSON.stringify(transfer.body));
    g.k.clock.advance(3_600_000);
    await g.k.runWorkflows();
    await deposit(bob, bobAccount, '5000.00', 'USD');
    g.k.clock.set(new Date('2026-11-25T08:00:00.000Z'));
  });
  test.after(() => g.close());

  test('how much: the sum in words, from the deposits of last week', async () => {
    const answered = await ask(alice, { query: 'How much USD did I deposit last week?' });
    assert.is(answered.status, 200, JSON.stringify(answered.body));
    const body = queryAnswer.parse(answered.body.data);
    assert.equal(body.result, { kind: 'number', value: '1250.00', currency: 'USD', total_results: 2 });
    assert.is(body.answer, 'You deposited 1,250.00 USD in 2 deposits from 2026-11-16 to 2026-11-22.');
    assert.is(body.interpretation.interpretation_confidence, 1);
    assert.is(body.cached, false);
  });

  test('deposits in every asset are converted through the price feed', async () => {
    const body = (await ask(alice, { query: 'total deposits last week' })).body.data;
    assert.equal(body.result, { kind: 'number', value: '33750.00', currency: 'USD', total_results: 3 });
  });

  test('how many, a list with a counterparty, and a table by asset', async () => {
    const count = (await ask(alice, { query: 'how many transactions' })).body.data;
    assert.equal(count.result, { kind: 'number', value: '6', currency: null, total_results: 6 });
    assert.is(count.answer, 'There were 6 transactions.');

    const sent = (await ask(alice, { query: 'transfers to savings' })).body.data;
    assert.is(sent.result.kind, 'list');
    assert.equal(
      sent.result.transactions.map((one: { amount: string; direction: string; counterparty: string; account_uuid: string; status: string }) => [one.amount, one.direction, one.counterparty, one.account_uuid, one.status]),
      [['200.00', 'sent', 'Savings', main, 'completed']],
    );

    const received = (await ask(alice, { query: 'transfers from main' })).body.data;
    assert.equal(
      received.result.transactions.map((one: { amount: string; direction: string; counterparty: string; account_uuid: string }) => [one.amount, one.direction, one.counterparty, one.account_uuid]),
      [['200.00', 'received', 'Main', savings]],
    );

    const table = (await ask(alice, { query: 'total by asset' })).body.data;
    assert.equal(table.result.rows, [
      { group: { asset: 'BTC' }, value: '0.50000000', count: 1, currency: 'BTC' },
      { group: { asset: 'USD' }, value: '1750.00', count: 5, currency: 'USD' },
    ]);
    assert.is(table.answer, '2 groups: BTC 0.50000000; USD 1750.00.');
  });

  test('POST /v1/ai/transactions: every field of the result, analytics over every match', async () => {
    const found = await search(alice, { query: 'usd deposits', options: { max_results: 1 } });
    assert.is(found.status, 200, JSON.stringify(found.body));
    const body = nlTransactionsResult.parse(found.body.data);
    assert.is(body.total_results, 2);
    assert.equal(body.transactions.map((one) => [one.type, one.amount, one.currency]), [['deposit', '250.00', 'USD']]);
    assert.equal(body.transactions[0]!.risk_score, null);
    assert.equal(body.transactions[0]!.compliance_flags, []);
    assert.equal(body.analytics, {
      currency: 'USD', total_volume: '1250.00', avg_amount: '625.00', median_amount: '625.00',
      flagged_count: 0, avg_risk_score: null, chains_involved: [], bridges_used: [], prices_at: null,
    });
    assert.equal(body.interpreted_query.type, ['deposit']);
    assert.is(body.interpreted_query.currency, 'USD');

    const over = (await search(alice, { query: 'deposits over $500', account_id: main })).body.data;
    assert.equal(over.transactions.map((one: { amount: string }) => one.amount), ['1000.00']);
    const swaps = (await search(alice, { query: 'swaps last week' })).body.data;
    assert.is(swaps.total_results, 0);
    assert.equal(swaps.limitations, ['type swap: no enabled module reports swap transactions to the history']);
  });

  test('a repeated question is answered from the cache until the team’s state moves', async () => {
    const first = (await ask(alice, { query: 'how many deposits' })).body.data;
    const again = (await ask(alice, { query: 'How many deposits?' })).body.data;
    assert.is(first.cached, false);
    assert.is(again.cached, true);
    assert.equal(again.result, first.result);
    assert.is((await post(alice, `/api/v2/accounts/${main}/deposit`, { amount: '1.00', asset_code: 'USD' })).status, 201);
    const after = (await ask(alice, { query: 'how many deposits' })).body.data;
    assert.is(after.cached, false);
    assert.is(after.result.value, String(Number(first.result.value) + 1));
  });

  test('GET /v2/ai/queries lists the team’s past questions, newest first; another team sees none', async () => {
    const listed = await g.request('GET', '/api/v2/ai/queries?per_page=2', { key: alice.key });
    assert.is(listed.status, 200);
    assert.equal(listed.body.data.map((one: unknown) => pastQueryView.parse(one).original_query), ['how many deposits', 'How many deposits?']);
    assert.is(listed.body.data[0].result.answer, `There were ${listed.body.data[0].result.result.value} deposits.`);
    const theirs = await g.request('GET', '/api/v2/ai/queries', { key: bob.key });
    assert.is(theirs.body.meta.total, 0);
    const events = await g.k.store.eventStore.readAfter(0n, 1000);
    assert.is(events.filter((event) => event.type === 'ai.query.answered' && event.teamId === alice.teamId).length, listed.body.meta.total);
  });

  test('bad input is a 4xx with a pointer, and nothing is recorded', async () => {
    const before = (await g.request('GET', '/api/v2/ai/queries', { key: alice.key })).body.meta.total;
    const cases: Array<[string, unknown, number, string]> = [
      ['/api/v2/ai/query', { query: '' }, 422, '/query'],
      ['/api/v2/ai/query', { query: '   ' }, 422, '/query'],
      ['/api/v2/ai/query', { query: 'deposits '.repeat(1200) }, 422, '/query'],
      ['/api/v2/ai/query', { query: 'asdf qwerty zxcv' }, 422, '/query'],
      ['/api/v2/ai/query', { query: 'deposits', context: { account_id: bobAccount } }, 404, '/context/account_id'],
      ['/api/v2/ai/query', { query: 'deposits', context: { account_id: 'nope' } }, 422, '/context/account_id'],
      ['/api/v2/ai/query', { query: 'deposits', extra: 1 }, 422, ''],
      ['/api/v1/ai/transactions', { query: 'deposits', account_id: bobAccount }, 404, '/account_id'],
      ['/api/v1/ai/transactions', { query: 'deposits', options: { format: 'fancy' } }, 422, '/options/format'],
      ['/api/v1/ai/transactions', { query: 'deposits', options: { max_results: 0 } }, 422, '/options/max_results'],
      ['/api/v1/ai/transactions', { query: 'deposits', options: { colour: 'red' } }, 422, '/options'],
      ['/api/v1/ai/transactions', { query: 'deposits', options: { currency: 'ZZZ' } }, 422, '/options/currency'],
      ['/api/v1/ai/transactions', { query: 42 }, 422, '/query'],
    ];
    for (const [path, body, status, pointer] of cases) {
      const refused = await post(alice, path, body);
      assert.is(refused.status, status, `${JSON.stringify(body).slice(0, 80)} → ${refused.status} ${JSON.stringify(refused.body).slice(0, 300)}`);
      const pointers = refused.body.errors.map((error: { source?: { pointer?: string } }) => error.source?.pointer ?? '');
      assert.ok(pointers.some((one: string) => one.startsWith(pointer)), `${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(refused.body.errors)}`);
    }
    const nonsense = await ask(alice, { query: 'asdf qwerty zxcv' });
    assert.match(nonsense.body.errors[0].detail, /deposits over \$1,000 last month/);
    assert.is((await g.request('GET', '/api/v2/ai/queries', { key: alice.key })).body.meta.total, before);
  });

  test('odd questions are answered or refused, never a 5xx', async () => {
    const odd = ['in the last 999999999 years', 'top 99999999999999999999 deposits', 'over $99999999999999999999999999999999.999999999', 'deposits in 9999', 'before 1 jan 1950', 'between 5 and 1 usd', 'top 0 payments', 'total by asset per month by chain by status by type', 'flagged bridged swaps via wormhole on base'];
    for (const query of odd) {
      for (const path of ['/api/v2/ai/query', '/api/v1/ai/transactions']) {
        const answered = await post(alice, path, { query });
        assert.ok(answered.status < 500, `${path} ${query} → ${answered.status} ${JSON.stringify(answered.body).slice(0, 300)}`);
      }
    }
  });

  test('another team’s transactions are never counted', async () => {
    const theirs = (await ask(bob, { query: 'how much did I deposit' })).body.data;
    assert.equal(theirs.result, { kind: 'number', value: '5000.00', currency: 'USD', total_results: 1 });
  });

  test('GraphQL: aiQuery, aiTransactions and aiQueries reach the same operations', async () => {
    const answered = await data(g, 'mutation { aiQuery(query: "how much USD did I deposit last week") { answer kind value currency interpreted_query { type currency } } }', undefined, alice.key);
    assert.equal(answered.aiQuery, {
      answer: 'You deposited 1,250.00 USD in 2 deposits from 2026-11-16 to 2026-11-22.',
      kind: 'number', value: '1250.00', currency: 'USD', interpreted_query: { type: ['deposit'], currency: 'USD' },
    });
    const found = await data(g, 'mutation { aiTransactions(query: "withdrawals", options: { max_results: 5 }) { total_results transactions { amount } analytics { total_volume } } }', undefined, alice.key);
    assert.equal(found.aiTransactions, { total_results: 1, transactions: [{ amount: '100.00' }], analytics: { total_volume: '100.00' } });
    const past = await data(g, '{ aiQueries(first: 1) { data { original_query } paginatorInfo { total } } }', undefined, bob.key);
    assert.equal(past.aiQueries.data, [{ original_query: 'how much did I deposit' }]);
  });

  test.run();
}

