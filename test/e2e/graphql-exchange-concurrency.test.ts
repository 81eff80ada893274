import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, data, gql, type GraphqlKernel } from './graphql-kit.js';

/**
 * Concurrent placements on one book (PostgreSQL only: PGlite and memory run one
 * transaction at a time). The book row lock must serialise the matcher: no
 * order over-filled, every trade settled on both sides, nothing created or lost.
 */
const enabled = Boolean(process.env.DATABASE_URL);
let g: GraphqlKernel;
let ada: TestUser;
let buyer: string;
let seller: string;

test.before(async () => {
  if (!enabled) return;
  g = await bootGraphql({ store: 'postgres', modules: ['identity', 'core-banking', 'exchange'] });
  ada = await g.createUser('Ada');
  buyer = (await data(g, 'mutation { createAccount(input: {name: "buyer"}) { id } }', undefined, ada.key)).createAccount.id;
  seller = (await data(g, 'mutation { createAccount(input: {name: "seller"}) { id } }', undefined, ada.key)).createAccount.id;
  await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "100000.00", asset_code: "USD"}) { uuid } }', { id: buyer }, ada.key);
  await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "10.00000000", asset_code: "BTC"}) { uuid } }', { id: seller }, ada.key);
});
test.after(async () => {
  await g?.close();
});

test('40 concurrent crossing orders: fills match on both sides and every asset is conserved', async () => {
  if (!enabled) return;
  const place = (side: 'BUY' | 'SELL', price: string, account: string) =>
    gql(g, 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id status filled_amount } }', {
      input: { pair: 'BTC/USD', side, type: 'LIMIT', amount: '0.10000000', price, account_id: account },
    }, ada.key);
  const results = await Promise.all(
    Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? place('BUY', `${1000 + (i % 5)}.00`, buyer) : place('SELL', `${1000 + (i % 3)}.00`, seller))),
  );
  for (const result of results) assert.is(result.body.errors, undefined, JSON.stringify(result.body));
  const { orders } = await data(g, '{ orders(first: 100) { data { side amount filled_amount status } } }', undefined, ada.key);
  const minor = (text: string) => BigInt(text.replace('.', ''));
  let bought = 0n;
  let sold = 0n;
  for (const order of orders.data) {
    assert.ok(minor(order.filled_amount) <= minor(order.amount), 'never over-filled');
    if (order.side === 'BUY') bought += minor(order.filled_amount);
    else sold += minor(order.filled_amount);
  }
  assert.is(bought, sold);
  const { trades } = await data(g, '{ trades(first: 100) { data { amount quote_amount } } }', undefined, ada.key);
  assert.is(trades.data.reduce((sum: bigint, t: { amount: string }) => sum + minor(t.amount), 0n), bought);
  const paid = trades.data.reduce((sum: bigint, t: { quote_amount: string }) => sum + minor(t.quote_amount), 0n);
  const balances = async (id: string) =>
    Object.fromEntries(
      (await data(g, 'query($id: ID!) { balances(account_id: $id) { balances { asset_code available_balance reserved_balance } } }', { id }, ada.key)).balances.balances.map(
        (b: any) => [b.asset_code, minor(b.available_balance) + minor(b.reserved_balance)],
      ),
    );
  const [b, s] = [await balances(buyer), await balances(seller)];
  assert.is((b['USD'] ?? 0n) + (s['USD'] ?? 0n), 10_000_000n);
  assert.is((b['BTC'] ?? 0n) + (s['BTC'] ?? 0n), 1_000_000_000n);
  assert.is(s['USD'], paid);
  assert.is(b['BTC'], bought);
});

test.run();
