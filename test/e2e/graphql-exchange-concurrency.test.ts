import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import type { TestUser } from '../fixtures/boot.js';
import { assertConservation } from '../fixtures/conservation.js';
import { deadlockCounter, type DeadlockCounter } from '../fixtures/deadlocks.js';
import { bootGraphql, data, gql, type GraphqlKernel } from './graphql-kit.js';

/**
 * Concurrent placements (PostgreSQL only: PGlite and memory run one
 * transaction at a time). On one book the book row lock must serialise the
 * matcher: no order over-filled, every trade settled on both sides, nothing
 * created or lost. Across books sharing accounts, every placement must take
 * its locks in one global order: the server counts no deadlock.
 */
const enabled = Boolean(process.env.DATABASE_URL);
let g: GraphqlKernel;
let ada: TestUser;
let buyer: string;
let seller: string;
let deadlocks: DeadlockCounter;

test.before(async () => {
  if (!enabled) return;
  // Hundreds of requests from one key: the per-minute GraphQL limit is not what this suite measures.
  g = await bootGraphql({ store: 'postgres', modules: ['identity', 'core-banking', 'exchange'], rateLimits: false, config: { postgres: { poolSize: 24 } } as any });
  deadlocks = await deadlockCounter(process.env.DATABASE_URL!);
  ada = await g.createUser('Ada');
  buyer = (await data(g, 'mutation { createAccount(input: {name: "buyer"}) { id } }', undefined, ada.key)).createAccount.id;
  seller = (await data(g, 'mutation { createAccount(input: {name: "seller"}) { id } }', undefined, ada.key)).createAccount.id;
  await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "100000.00", asset_code: "USD"}) { uuid } }', { id: buyer }, ada.key);
  await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "10.00000000", asset_code: "BTC"}) { uuid } }', { id: seller }, ada.key);
});
test.after(async () => {
  await deadlocks?.close();
  await g?.close();
});

const minor = (text: string) => BigInt(text.replace('.', ''));

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
  const { orders } = await data(g, '{ orders(pair: "BTC/USD", first: 100) { data { side amount filled_amount status } } }', undefined, ada.key);
  let bought = 0n;
  let sold = 0n;
  for (const order of orders.data) {
    assert.ok(minor(order.filled_amount) <= minor(order.amount), 'never over-filled');
    if (order.side === 'BUY') bought += minor(order.filled_amount);
    else sold += minor(order.filled_amount);
  }
  assert.is(bought, sold);
  const { trades } = await data(g, '{ trades(pair: "BTC/USD", first: 100) { data { amount quote_amount } } }', undefined, ada.key);
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

/** Three accounts of one team, each funded in every asset the four books trade. */
async function tradingAccounts(): Promise<[string, string, string]> {
  const open = async (name: string) => (await data(g, `mutation { createAccount(input: {name: "${name}"}) { id } }`, undefined, ada.key)).createAccount.id as string;
  const accounts = [await open('A'), await open('B'), await open('C')] as [string, string, string];
  const funds: Record<string, string> = { USD: '1000000.00', EUR: '1000000.00', BTC: '100.00000000', ETH: '1000', XAU: '1000.000' };
  for (const account of accounts) {
    for (const [asset, amount] of Object.entries(funds)) {
      await data(g, 'mutation($id: ID!, $amount: String!, $asset: String!) { deposit(input: {account_id: $id, amount: $amount, asset_code: $asset}) { uuid } }', { id: account, amount, asset }, ada.key);
    }
  }
  return accounts;
}

const placeLimit = (pair: string, side: 'BUY' | 'SELL', account: string) =>
  gql(g, 'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { id status } }', {
    input: { pair, side, type: 'LIMIT', amount: '0.01', price: side === 'BUY' ? '101.00' : '99.00', account_id: account },
  }, ada.key);

test('480 concurrent crossing orders on four books sharing three accounts: no deadlock, every asset conserved', async () => {
  if (!enabled) return;
  const [a, b, c] = await tradingAccounts();
  // Each book has one buying and one selling account (no self-trades); each account buys on one book what it
  // sells on another, so two placements on different books each need rows of the other's accounts.
  const books = [
    { pair: 'ETH/USD', buyer: a, seller: b },
    { pair: 'BTC/USD', buyer: b, seller: a },
    { pair: 'XAU/USD', buyer: c, seller: a },
    { pair: 'BTC/EUR', buyer: a, seller: c },
  ];
  // Per book: a SELL rests, the next BUY takes it, and so on.
  const place = (i: number) => {
    const book = books[i % books.length]!;
    const side = Math.floor(i / books.length) % 2 === 0 ? 'SELL' : 'BUY';
    return placeLimit(book.pair, side, side === 'BUY' ? book.buyer : book.seller);
  };
  const before = await deadlocks.count();
  const results = await Promise.all(Array.from({ length: 480 }, (_, i) => place(i)));
  const counted = (await deadlocks.count()) - before;
  for (const result of results) assert.is(result.body.errors, undefined, JSON.stringify(result.body));
  assert.is(counted, 0, `${counted} deadlocks`);
  await assertConservation(g.k);
});

test('two placements on different books, each taking what the other\'s account sells, lined up to collide: no deadlock', async () => {
  if (!enabled) return;
  const [a, b] = await tradingAccounts();
  // Two books no other test uses.
  assert.is((await placeLimit('ETH/EUR', 'SELL', b)).body.data.placeOrder.status, 'open');
  assert.is((await placeLimit('XAU/EUR', 'SELL', a)).body.data.placeOrder.status, 'open');
  // Line the two takers up: hold both buyers' EUR rows in another transaction (the ledger's table, read here
  // only to stage the race) until both placements wait on a lock, then let them run together. A placement that
  // reserved its own EUR before locking the other account's rows would now deadlock with the other.
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('BEGIN');
    await admin.query(`SELECT 1 FROM core_banking_balances WHERE account_id = ANY($1) AND asset_code = 'EUR' FOR UPDATE`, [[a, b]]);
    const before = await deadlocks.count();
    const racing = Promise.all([placeLimit('ETH/EUR', 'BUY', a), placeLimit('XAU/EUR', 'BUY', b)]);
    await waitingOnLocks(admin, 2);
    await admin.query('COMMIT');
    const results = await racing;
    for (const result of results) assert.is(result.body.data?.placeOrder?.status, 'filled', JSON.stringify(result.body));
    const counted = (await deadlocks.count()) - before;
    assert.is(counted, 0, `${counted} deadlocks`);
  } finally {
    await admin.end();
  }
  await assertConservation(g.k);
});

/** Resolves once `count` other sessions of this database wait for a lock (a condition the server reaches, polled). */
async function waitingOnLocks(admin: pg.Client, count: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    const result = await admin.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    if (result.rows[0].n >= count) return;
    if (Date.now() - started > 10_000) throw new Error(`only ${result.rows[0].n} of ${count} sessions wait on a lock`);
  }
}

test.run();
