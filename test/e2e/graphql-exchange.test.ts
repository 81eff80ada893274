import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoreKind } from '../../adapters/store.js';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, data, gql, type GraphqlKernel } from './graphql-kit.js';

/**
 * The exchange through GraphQL on the memory store, PGlite and (with
 * DATABASE_URL) PostgreSQL: price-time priority, ledger reservations and settlement,
 * cancel, market orders, errors and tenancy.
 */
const stores: StoreKind[] = process.env.DATABASE_URL ? ['memory', 'pglite', 'postgres'] : ['memory', 'pglite'];
for (const store of stores) {
  const test = suite(`graphql exchange e2e (${store})`);
  let g: GraphqlKernel;
  let ada: TestUser;
  let bob: TestUser;
  let usd: string;
  let btc: string;

  const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id status filled_amount created_at } }';
  const place = (input: Record<string, unknown>, key = ada.key) => data(g, PLACE, { input: { pair: 'BTC/USD', ...input } }, key).then((d) => d.placeOrder);
  const balances = async (id: string): Promise<Record<string, [string, string]>> => {
    const { balances: view } = await data(g, 'query($id: ID!) { balances(account_id: $id) { balances { asset_code available_balance reserved_balance } } }', { id }, ada.key);
    return Object.fromEntries(view.balances.map((b: any) => [b.asset_code, [b.available_balance, b.reserved_balance]]));
  };

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['identity', 'core-banking', 'exchange'] });
    ada = await g.createUser('Ada');
    bob = await g.createUser('Bob');
    usd = (await data(g, 'mutation { createAccount(input: {name: "usd"}) { id } }', undefined, ada.key)).createAccount.id;
    btc = (await data(g, 'mutation { createAccount(input: {name: "btc"}) { id } }', undefined, ada.key)).createAccount.id;
    await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "1000.00", asset_code: "USD"}) { uuid } }', { id: usd }, ada.key);
    await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "1.00000000", asset_code: "BTC"}) { uuid } }', { id: btc }, ada.key);
  });
  test.after(async () => {
    await g?.close();
  });

  test('price-time priority: the best price first, then the earliest; settlement moves both assets and releases the unused reservation', async () => {
    const first = await place({ side: 'SELL', type: 'LIMIT', amount: '0.50000000', price: '600.00', account_id: btc });
    assert.equal({ ...first, id: undefined, created_at: undefined }, { id: undefined, status: 'open', filled_amount: '0.00000000', created_at: undefined });
    assert.match(first.created_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await place({ side: 'SELL', type: 'LIMIT', amount: '0.20000000', price: '590.00', account_id: btc });
    assert.equal(await balances(btc), { BTC: ['0.30000000', '0.70000000'] });

    const buy = await place({ side: 'BUY', type: 'LIMIT', amount: '0.60000000', price: '610.00', account_id: usd });
    assert.equal([buy.status, buy.filled_amount], ['filled', '0.60000000']);
    // 0.2 at 590 (118.00) then 0.4 at 600 (240.00); 366.00 was reserved at the limit, 8.00 comes back.
    assert.equal(await balances(usd), { BTC: ['0.60000000', '0.00000000'], USD: ['642.00', '0.00'] });
    assert.equal(await balances(btc), { BTC: ['0.30000000', '0.10000000'], USD: ['358.00', '0.00'] });
    const { trades } = await data(g, '{ trades(pair: "BTC/USD") { data { price amount quote_amount taker_side } paginatorInfo { total } } }', undefined, ada.key);
    assert.equal(trades.data, [
      { price: '600.00', amount: '0.40000000', quote_amount: '240.00', taker_side: 'BUY' },
      { price: '590.00', amount: '0.20000000', quote_amount: '118.00', taker_side: 'BUY' },
    ]);
    const order = await data(g, 'query($id: ID!) { order(id: $id) { status filled_amount } }', { id: first.id }, ada.key);
    assert.equal(order.order, { status: 'partially_filled', filled_amount: '0.40000000' });
  });

  test('equal prices fill in time order; a MARKET order reserves exactly its cost and never rests', async () => {
    const later = await place({ side: 'SELL', type: 'LIMIT', amount: '0.10000000', price: '600.00', account_id: btc });
    const book = await data(g, '{ orderBook(pair: "BTC/USD") { bids { price amount } asks { price amount } } }', undefined, ada.key);
    assert.equal(book.orderBook, { bids: [], asks: [{ price: '600.00', amount: '0.20000000' }] });
    const market = await place({ side: 'BUY', type: 'MARKET', amount: '0.15000000', account_id: usd });
    assert.equal([market.status, market.filled_amount], ['filled', '0.15000000']);
    const orders = await data(g, '{ orders(pair: "BTC/USD", status: "partially_filled") { data { id filled_amount } } }', undefined, ada.key);
    assert.equal(orders.orders.data, [{ id: later.id, filled_amount: '0.05000000' }]);
    assert.equal((await balances(usd)).USD, ['552.00', '0.00']);
    const tooBig = await place({ side: 'BUY', type: 'MARKET', amount: '5.00000000', account_id: usd });
    assert.equal([tooBig.status, tooBig.filled_amount], ['cancelled', '0.05000000']);
    assert.equal(await balances(usd), { BTC: ['0.80000000', '0.00000000'], USD: ['522.00', '0.00'] });
  });

  test('cancel releases what is left; cancelling twice is a conflict', async () => {
    const resting = await place({ side: 'BUY', type: 'LIMIT', amount: '0.10000000', price: '500.00', account_id: usd });
    assert.equal((await balances(usd)).USD, ['472.00', '50.00']);
    const cancelled = await data(g, 'mutation($id: ID!) { cancelOrder(id: $id) { status } }', { id: resting.id }, ada.key);
    assert.is(cancelled.cancelOrder.status, 'cancelled');
    assert.equal((await balances(usd)).USD, ['522.00', '0.00']);
    const again = await gql(g, 'mutation($id: ID!) { cancelOrder(id: $id) { status } }', { id: resting.id }, ada.key);
    assert.is(again.body.errors[0].extensions.code, 'order_not_open');
  });

  test('refusals: insufficient funds, no liquidity, bad pair, amount, side/price combinations', async () => {
    const code = async (input: Record<string, unknown>) => (await gql(g, PLACE, { input: { pair: 'BTC/USD', account_id: usd, ...input } }, ada.key)).body.errors?.[0]?.extensions?.code;
    assert.is(await code({ side: 'BUY', type: 'LIMIT', amount: '10.00000000', price: '600.00' }), 'insufficient_funds');
    assert.is(await code({ side: 'SELL', type: 'MARKET', amount: '0.10000000', pair: 'ETH/USD' }), 'no_liquidity');
    assert.is(await code({ side: 'BUY', type: 'LIMIT', amount: '1.00000000', price: '1.00', pair: 'BTC-USD' }), 'validation_failed');
    assert.is(await code({ side: 'BUY', type: 'LIMIT', amount: '0.123456789', price: '1.00' }), 'invalid_amount');
    assert.is(await code({ side: 'BUY', type: 'LIMIT', amount: '1.00000000' }), 'validation_failed');
    assert.is(await code({ side: 'BUY', type: 'MARKET', amount: '1.00000000', price: '1.00' }), 'validation_failed');
    const badEnum = await gql(g, PLACE, { input: { pair: 'BTC/USD', side: 'HOLD', type: 'LIMIT', amount: '1', price: '1' } }, ada.key);
    assert.is(badEnum.status, 400);
  });

  test('a resting order of an account frozen since placing is skipped, not matched, and does not block the book', async () => {
    const frozenSeller = (await data(g, 'mutation { createAccount(input: {name: "to freeze"}) { id } }', undefined, ada.key)).createAccount.id;
    await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "0.10000000", asset_code: "BTC"}) { uuid } }', { id: frozenSeller }, ada.key);
    const cheap = await place({ side: 'SELL', type: 'LIMIT', amount: '0.10000000', price: '100.00', account_id: frozenSeller });
    const fair = await place({ side: 'SELL', type: 'LIMIT', amount: '0.01000000', price: '700.00', account_id: btc });
    assert.is((await g.request('POST', `/api/v2/accounts/${frozenSeller}/freeze`, { key: ada.key, body: { reason: 'test' } })).status, 200);
    const buy = await place({ side: 'BUY', type: 'LIMIT', amount: '0.01000000', price: '800.00', account_id: usd });
    assert.equal([buy.status, buy.filled_amount], ['filled', '0.01000000']);
    const orders = await data(g, 'query($a: ID!, $b: ID!) { a: order(id: $a) { status filled_amount } b: order(id: $b) { status } }', { a: cheap.id, b: fair.id }, ada.key);
    assert.equal(orders, { a: { status: 'open', filled_amount: '0.00000000' }, b: { status: 'filled' } });
    assert.is((await g.request('POST', `/api/v2/accounts/${frozenSeller}/unfreeze`, { key: ada.key })).status, 200);
    await data(g, 'mutation($id: ID!) { cancelOrder(id: $id) { status } }', { id: cheap.id }, ada.key);
  });

  test('Idempotency-Key: a retried placeOrder is placed once and replayed; a failed one is not saved', async () => {
    const body = (price: string) => ({
      query: PLACE,
      variables: { input: { pair: 'BTC/USD', side: 'BUY', type: 'LIMIT', amount: '0.01000000', price, account_id: usd } },
    });
    const send = (key: string, price: string) => g.request('POST', '/api/graphql', { key: ada.key, body: body(price), headers: { 'idempotency-key': key } });
    const first = await send(`order-${store}`, '50.00');
    const again = await send(`order-${store}`, '50.00');
    assert.is(again.headers.get('idempotent-replayed'), 'true');
    assert.is(again.body.data.placeOrder.id, first.body.data.placeOrder.id);
    const { orders } = await data(g, '{ orders(status: "open") { data { id } } }', undefined, ada.key);
    assert.is(orders.data.filter((o: { id: string }) => o.id === first.body.data.placeOrder.id).length, 1);
    assert.is((await send(`order-${store}`, '51.00')).body.errors[0].extensions.code, 'idempotency_key_reused');
    const tooExpensive = await send(`big-${store}`, '999999.00');
    assert.is(tooExpensive.body.errors[0].extensions.code, 'insufficient_funds');
    const retried = await send(`big-${store}`, '1.00');
    assert.is(retried.body.data.placeOrder.status, 'open');
    for (const id of [first.body.data.placeOrder.id, retried.body.data.placeOrder.id]) {
      await data(g, 'mutation($id: ID!) { cancelOrder(id: $id) { status } }', { id }, ada.key);
    }
  });

  test('placeOrder without account_id uses the team’s oldest active account (the spec’s input shape)', async () => {
    const order = await data(g, 'mutation { placeOrder(input: {pair: "BTC/USD", side: BUY, type: LIMIT, amount: "0.01000000", price: "100.00"}) { id status } }', undefined, ada.key);
    const read = await data(g, 'query($id: ID!) { order(id: $id) { account_id } }', { id: order.placeOrder.id }, ada.key);
    assert.is(read.order.account_id, usd);
  });

  test('tenancy: another team sees none of the orders, trades or book, and cannot cancel', async () => {
    const { orders } = await data(g, '{ orders { data { id } paginatorInfo { total } } }', undefined, ada.key);
    const someId = orders.data[0].id;
    const asBob = async (query: string, variables?: Record<string, unknown>) => (await gql(g, query, variables, bob.key)).body;
    assert.is((await asBob('query($id: ID!) { order(id: $id) { id } }', { id: someId })).data.order, null);
    assert.is((await asBob('query($id: ID!) { cancelOrder(id: $id) { id } }'.replace('query', 'mutation'), { id: someId })).errors[0].extensions.code, 'not_found');
    assert.is((await asBob('{ orders { paginatorInfo { total } } }')).data.orders.paginatorInfo.total, 0);
    assert.is((await asBob('{ trades { paginatorInfo { total } } }')).data.trades.paginatorInfo.total, 0);
    assert.equal((await asBob('{ orderBook(pair: "BTC/USD") { bids { price } asks { price } } }')).data.orderBook, { bids: [], asks: [] });
    const usingAdasAccount = await asBob(PLACE, { input: { pair: 'BTC/USD', side: 'BUY', type: 'LIMIT', amount: '0.01000000', price: '1.00', account_id: usd } });
    assert.is(usingAdasAccount.errors[0].extensions.code, 'not_found');
  });

  test('conservation: every asset still sums (available + reserved, in minor units) to what was deposited', async () => {
    const all = [await balances(usd), await balances(btc)];
    const minor = (text: string) => BigInt(text.replace('.', ''));
    const sum = (asset: string) => all.reduce((total, row) => (row[asset] ? total + minor(row[asset]![0]) + minor(row[asset]![1]) : total), 0n);
    assert.is(sum('USD'), 100000n);
    assert.is(sum('BTC'), 100000000n);
  });

  test.run();
}
