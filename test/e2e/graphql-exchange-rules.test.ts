import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoreKind } from '../../adapters/store.js';
import type { TestUser } from '../fixtures/boot.js';
import { assertConservation } from '../fixtures/conservation.js';
import { bootGraphql, data, gql, type GraphqlKernel } from './graphql-kit.js';

/**
 * The exchange's money rules through GraphQL on every store: the minimum
 * order value and rounding in favour of the resting order (nothing created
 * or lost, however small the orders), self-trade prevention, a MARKET BUY
 * that cannot be afforded in full, and a match that walks more than one page
 * of the book.
 */
const stores: StoreKind[] = process.env.DATABASE_URL ? ['memory', 'pglite', 'postgres'] : ['memory', 'pglite'];
for (const store of stores) {
  const test = suite(`graphql exchange rules (${store})`);
  let g: GraphqlKernel;
  let ada: TestUser;

  const PLACE = 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id status filled_amount } }';
  const attempt = (input: Record<string, unknown>) => gql(g, PLACE, { input: { pair: 'BTC/USD', ...input } }, ada.key);
  const place = (input: Record<string, unknown>) => data(g, PLACE, { input: { pair: 'BTC/USD', ...input } }, ada.key).then((d) => d.placeOrder);
  const refusal = async (input: Record<string, unknown>) => (await attempt(input)).body.errors?.[0]?.extensions;
  const account = async (name: string, funds: Record<string, string>) => {
    const id = (await data(g, `mutation { createAccount(input: {name: "${name}"}) { id } }`, undefined, ada.key)).createAccount.id as string;
    for (const [asset, amount] of Object.entries(funds)) {
      await data(g, 'mutation($id: ID!, $amount: String!, $asset: String!) { deposit(input: {account_id: $id, amount: $amount, asset_code: $asset}) { uuid } }', { id, amount, asset }, ada.key);
    }
    return id;
  };
  const balances = async (id: string): Promise<Record<string, [string, string]>> => {
    const { balances: view } = await data(g, 'query($id: ID!) { balances(account_id: $id) { balances { asset_code available_balance reserved_balance } } }', { id }, ada.key);
    return Object.fromEntries(view.balances.map((b: any) => [b.asset_code, [b.available_balance, b.reserved_balance]]));
  };
  const trades = async (first: number) =>
    (await data(g, `{ trades(pair: "BTC/USD", first: ${first}) { data { price amount quote_amount taker_side } } }`, undefined, ada.key)).trades.data;
  const cancelAll = async () => {
    const { orders } = await data(g, '{ orders(first: 100) { data { id status } } }', undefined, ada.key);
    for (const order of orders.data.filter((o: { status: string }) => o.status === 'open' || o.status === 'partially_filled')) {
      await data(g, 'mutation($id: ID!) { cancelOrder(id: $id) { status } }', { id: order.id }, ada.key);
    }
  };

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['identity', 'core-banking', 'exchange'], rateLimits: false });
    ada = await g.createUser('Ada');
  });
  test.after(async () => {
    await g?.close();
  });
  test.after.each(async () => {
    await cancelAll();
    await assertConservation(g.k);
  });

  test('orders worth less than one minor unit of the quote asset are refused on both sides (order_too_small) and change nothing', async () => {
    const buyer = await account('tiny buyer', { USD: '1.00' });
    const seller = await account('tiny seller', { BTC: '0.00001000' });
    for (let i = 0; i < 5; i++) {
      assert.equal(await refusal({ side: 'BUY', type: 'LIMIT', amount: '0.00000001', price: '65000.00', account_id: buyer }), { code: 'order_too_small', status: 422, source: { pointer: '/amount' } });
    }
    assert.is((await refusal({ side: 'SELL', type: 'LIMIT', amount: '0.00000015', price: '65000.00', account_id: seller }))?.code, 'order_too_small');
    // MARKET orders are measured at the best price the book offers them.
    await place({ side: 'SELL', type: 'LIMIT', amount: '0.00001000', price: '65000.00', account_id: seller });
    assert.is((await refusal({ side: 'BUY', type: 'MARKET', amount: '0.00000001', account_id: buyer }))?.code, 'order_too_small');
    await cancelAll();
    await place({ side: 'BUY', type: 'LIMIT', amount: '0.00001000', price: '65000.00', account_id: buyer });
    assert.is((await refusal({ side: 'SELL', type: 'MARKET', amount: '0.00000001', account_id: seller }))?.code, 'order_too_small');
    await cancelAll();
    assert.equal([await balances(buyer), await balances(seller)], [{ USD: ['1.00', '0.00'] }, { BTC: ['0.00001000', '0.00000000'] }]);
    assert.equal(await trades(10), []);
  });

  test('the smallest orders: every fill pays at least one cent, rounded in favour of the resting order; nothing is created or lost', async () => {
    const buyer = await account('small buyer', { USD: '1.00' });
    const seller = await account('small seller', { BTC: '0.00001000' });
    // Buying takers: 16 satoshi at 65000.00 are worth 1.04 cents; each of five pays 2 cents to the resting seller.
    await place({ side: 'SELL', type: 'LIMIT', amount: '0.00000080', price: '65000.00', account_id: seller });
    for (let i = 0; i < 5; i++) assert.is((await place({ side: 'BUY', type: 'LIMIT', amount: '0.00000016', price: '65000.00', account_id: buyer })).status, 'filled');
    assert.equal((await trades(5)).map((t: { quote_amount: string; taker_side: string }) => [t.quote_amount, t.taker_side]), Array(5).fill(['0.02', 'BUY']));
    assert.equal(await balances(buyer), { BTC: ['0.00000080', '0.00000000'], USD: ['0.90', '0.00'] });
    assert.equal(await balances(seller), { BTC: ['0.00000920', '0.00000000'], USD: ['0.10', '0.00'] });
    // Selling takers: the resting BUY reserved 5.2 cents rounded up (6); each of five sales gets 1 cent rounded down,
    // and the filled BUY gets its last cent back.
    await place({ side: 'BUY', type: 'LIMIT', amount: '0.00000080', price: '65000.00', account_id: buyer });
    assert.equal((await balances(buyer)).USD, ['0.84', '0.06']);
    for (let i = 0; i < 5; i++) assert.is((await place({ side: 'SELL', type: 'LIMIT', amount: '0.00000016', price: '65000.00', account_id: seller })).status, 'filled');
    assert.equal((await trades(5)).map((t: { quote_amount: string; taker_side: string }) => [t.quote_amount, t.taker_side]), Array(5).fill(['0.01', 'SELL']));
    assert.equal(await balances(buyer), { BTC: ['0.00000160', '0.00000000'], USD: ['0.85', '0.00'] });
    assert.equal(await balances(seller), { BTC: ['0.00000840', '0.00000000'], USD: ['0.15', '0.00'] });
  });

  test('a remainder worth less than a cent leaves the book instead of resting', async () => {
    const buyer = await account('dust buyer', { USD: '1000.00' });
    const seller = await account('dust seller', { BTC: '1.00000000' });
    const maker = await place({ side: 'SELL', type: 'LIMIT', amount: '0.01000001', price: '65000.00', account_id: seller });
    const taker = await place({ side: 'BUY', type: 'LIMIT', amount: '0.01000000', price: '65000.00', account_id: buyer });
    assert.is(taker.status, 'filled');
    const read = await data(g, 'query($id: ID!) { order(id: $id) { status filled_amount } }', { id: maker.id }, ada.key);
    assert.equal(read.order, { status: 'cancelled', filled_amount: '0.01000000' });
    assert.equal((await data(g, '{ orderBook(pair: "BTC/USD") { asks { price } } }', undefined, ada.key)).orderBook.asks, []);
    assert.equal(await balances(seller), { BTC: ['0.99000000', '0.00000000'], USD: ['650.00', '0.00'] });
  });

  test('self-trade prevention: an order crossing a resting order of its own account is refused; another account of the team trades', async () => {
    const trader = await account('trader', { USD: '1000.00', BTC: '1.00000000' });
    const other = await account('other', { USD: '1000.00' });
    await place({ side: 'SELL', type: 'LIMIT', amount: '0.10000000', price: '100.00', account_id: trader });
    assert.is((await refusal({ side: 'BUY', type: 'LIMIT', amount: '0.10000000', price: '200.00', account_id: trader }))?.code, 'self_trade_prevented');
    assert.is((await refusal({ side: 'BUY', type: 'MARKET', amount: '0.10000000', account_id: trader }))?.code, 'self_trade_prevented');
    const book = await data(g, '{ orderBook(pair: "BTC/USD") { bids { price } asks { price } } }', undefined, ada.key);
    assert.equal(book.orderBook, { bids: [], asks: [{ price: '100.00' }] }, 'never a crossed book');
    assert.equal(await balances(trader), { BTC: ['0.90000000', '0.10000000'], USD: ['1000.00', '0.00'] });
    assert.is((await place({ side: 'BUY', type: 'LIMIT', amount: '0.10000000', price: '200.00', account_id: other })).status, 'filled');
  });

  test('a MARKET BUY the account cannot afford in full is refused (insufficient_funds), even when part of it is affordable', async () => {
    const buyer = await account('short buyer', { USD: '50.00' });
    const seller = await account('market seller', { BTC: '1.00000000' });
    await place({ side: 'SELL', type: 'LIMIT', amount: '1.00000000', price: '100.00', account_id: seller });
    assert.is((await refusal({ side: 'BUY', type: 'MARKET', amount: '1.00000000', account_id: buyer }))?.code, 'insufficient_funds');
    assert.equal(await balances(buyer), { USD: ['50.00', '0.00'] });
  });

  test('a taker crossing more resting orders than one page of the book fills across pages in price-time order', async () => {
    const buyer = await account('sweeper', { USD: '10000.00' });
    const seller = await account('ladder', { BTC: '1.00000000' });
    for (let i = 0; i < 55; i++) await place({ side: 'SELL', type: 'LIMIT', amount: '0.01000000', price: `${100 + i}.00`, account_id: seller });
    const sweep = await place({ side: 'BUY', type: 'LIMIT', amount: '0.52000000', price: '200.00', account_id: buyer });
    assert.equal([sweep.status, sweep.filled_amount], ['filled', '0.52000000']);
    const filled = (await trades(52)).map((t: { price: string }) => t.price).reverse();
    assert.equal(filled, Array.from({ length: 52 }, (_, i) => `${100 + i}.00`));
    const book = await data(g, '{ orderBook(pair: "BTC/USD") { asks { price amount } } }', undefined, ada.key);
    assert.equal(book.orderBook.asks, ['152.00', '153.00', '154.00'].map((price) => ({ price, amount: '0.01000000' })));
  });

  test.run();
}
