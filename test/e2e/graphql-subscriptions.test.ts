import sinon from 'sinon';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import type { TestUser } from '../fixtures/boot.js';
import WebSocket from 'ws';
import { KEY_RECHECK_MS, MAX_CONNECTIONS_PER_KEY, MAX_SUBSCRIPTIONS_PER_CONNECTION } from '../../adapters/graphql/subscriptions.js';
import { bootGraphql, data, subscribe, until, wsClient, type GraphqlKernel } from './graphql-kit.js';

/**
 * Each live subscription end to end over a real WebSocket (graphql-ws):
 * connection_init carries {Authorization}; messages come from committed
 * events of the caller's team only.
 */
const test = suite('graphql subscriptions e2e');
let g: GraphqlKernel;
let ada: TestUser;
let bob: TestUser;
let adaAccount: string;
let adaSavings: string;
const open: Array<() => Promise<void> | void> = [];

const DEPOSIT = 'mutation($id: ID!, $amount: String!) { deposit(input: {account_id: $id, amount: $amount, asset_code: "USD"}) { uuid } }';

test.before(async () => {
  g = await bootGraphql({ modules: ['identity', 'core-banking', 'exchange'] });
  ada = await g.createUser('Ada');
  bob = await g.createUser('Bob');
  adaAccount = (await data(g, 'mutation { createAccount(input: {name: "main"}) { id } }', undefined, ada.key)).createAccount.id;
  adaSavings = (await data(g, 'mutation { createAccount(input: {name: "savings"}) { id } }', undefined, ada.key)).createAccount.id;
});
test.after.each(async () => {
  for (const close of open.splice(0)) await close();
  await g.quiet();
});
test.after(async () => {
  await g?.close();
});

function dateTime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

async function balanceOf(id: string): Promise<string> {
  const response = await g.request('GET', `/api/v2/accounts/${id}/balances`, { key: ada.key });
  const rows = response.body.data.balances ?? response.body.data;
  return rows.find((row: { asset_code: string }) => row.asset_code === 'USD').available_balance;
}

function connect(user: TestUser | undefined) {
  const connection = wsClient(g, user ? `Bearer ${user.key}` : undefined);
  open.push(() => connection.client.dispose());
  return connection;
}

test('accountUpdated: a deposit arrives as a balance update; the other team’s subscriber gets nothing', async () => {
  const mine = subscribe(connect(ada).client, 'subscription($id: ID!) { accountUpdated(id: $id) { id event asset_code available_balance updated_at } }', { id: adaAccount });
  const theirs = subscribe(connect(bob).client, 'subscription($id: ID!) { accountUpdated(id: $id) { id } }', { id: adaAccount });
  const refused = await theirs.next();
  assert.is(refused.errors?.[0]?.extensions?.code ?? refused.error?.[0]?.extensions?.code, 'not_found', JSON.stringify(refused));
  await g.listening(1);
  await data(g, DEPOSIT, { id: adaAccount, amount: '42.00' }, ada.key);
  const message = await mine.next();
  assert.equal(message.data.accountUpdated, {
    id: adaAccount,
    event: 'account.balance_updated',
    asset_code: 'USD',
    available_balance: '42.00',
    updated_at: message.data.accountUpdated.updated_at,
  });
  assert.match(message.data.accountUpdated.updated_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
});

test('transactionCreated: a new deposit on the account is sent once', async () => {
  const live = subscribe(connect(ada).client, 'subscription($id: ID!) { transactionCreated(accountId: $id) { uuid type amount account_uuid } }', { id: adaAccount });
  await g.listening(1);
  const created = await data(g, DEPOSIT, { id: adaAccount, amount: '1.50' }, ada.key);
  const message = await live.next();
  assert.equal(message.data.transactionCreated, { uuid: created.deposit.uuid, type: 'deposit', amount: '1.50', account_uuid: adaAccount });
  // Another account's deposit is not this subscription's business.
  await data(g, DEPOSIT, { id: adaSavings, amount: '3.00' }, ada.key);
  const second = await data(g, DEPOSIT, { id: adaAccount, amount: '2.00' }, ada.key);
  assert.is((await live.next()).data.transactionCreated.uuid, second.deposit.uuid);
});

test('transferCompleted: fires when the settlement workflow completes the transfer', async () => {
  const transfer = await data(
    g,
    'mutation($from: ID!, $to: ID!) { createTransfer(input: {from_account: $from, to_account: $to, amount: "5.00", asset_code: "USD", workflow_enabled: true}) { uuid status } }',
    { from: adaAccount, to: adaSavings },
    ada.key,
  );
  const id = transfer.createTransfer.uuid;
  const live = subscribe(connect(ada).client, 'subscription($id: ID!) { transferCompleted(id: $id) { id status amount } }', { id });
  await g.listening(1);
  for (let round = 0; round < 10; round++) {
    g.k.clock.advance(60_000);
    await g.k.runWorkflows();
  }
  const message = await live.next();
  assert.equal(message.data.transferCompleted, { id, status: 'completed', amount: '5.00' });
  await live.done;
});

test('connection_init without a valid key: the socket is closed with 4403 and nothing is delivered', async () => {
  const anonymous = connect(undefined);
  const attempt = subscribe(anonymous.client, 'subscription($id: ID!) { accountUpdated(id: $id) { id } }', { id: adaAccount });
  assert.is(await anonymous.closed, 4403);
  const bad = wsClient(g, 'Bearer fak_nobody_000000000000000000000000000000');
  open.push(() => bad.client.dispose());
  assert.is(await bad.closed, 4403);
  assert.equal(attempt.messages.filter((m) => m.data), []);
});

test('a key revoked after connecting: its socket closes with 4403, and a new subscription on it gets nothing', async () => {
  const created = await g.request('POST', '/api/v2/api-keys', { key: ada.key, body: { name: 'short-lived', permissions: ['read'] } });
  const temporary = created.body.data;
  const connection = wsClient(g, `Bearer ${temporary.key}`);
  open.push(() => connection.client.dispose());
  const first = subscribe(connection.client, 'subscription($id: ID!) { accountUpdated(id: $id) { id } }', { id: adaAccount });
  await g.listening(1);
  assert.is((await g.request('DELETE', `/api/v2/api-keys/${temporary.id}`, { key: ada.key })).status, 200);
  // The socket closes on the revocation (4403), so a subscribe after it gets nothing but the end of the connection.
  assert.is(await connection.closed, 4403);
  const second = subscribe(connection.client, 'subscription($id: ID!) { accountUpdated(id: $id) { id } }', { id: adaAccount });
  const refused = await second.next();
  assert.ok(refused.error && !refused.data, JSON.stringify(refused));
  void first;
});

test('revoking a key closes its open sockets with 4403 at once, with no clock advance and no message needed; the next event is not delivered', async () => {
  const created = await g.request('POST', '/api/v2/api-keys', { key: ada.key, body: { name: 'watcher', permissions: ['read'] } });
  const watcher = created.body.data;
  const connection = wsClient(g, `Bearer ${watcher.key}`);
  const other = connect(ada);
  open.push(() => connection.client.dispose());
  const live = subscribe(connection.client, 'subscription($id: ID!) { accountUpdated(id: $id) { id available_balance } }', { id: adaAccount });
  const unaffected = subscribe(other.client, 'subscription($id: ID!) { accountUpdated(id: $id) { id available_balance } }', { id: adaAccount });
  await g.listening(2);
  await data(g, DEPOSIT, { id: adaAccount, amount: '1.00' }, ada.key);
  assert.ok((await live.next()).data, 'a valid key receives');
  assert.ok((await unaffected.next()).data);
  assert.is((await g.request('DELETE', `/api/v2/api-keys/${watcher.id}`, { key: ada.key })).status, 200);
  const noClose = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 5_000).unref());
  assert.is(await Promise.race([connection.closed, noClose]), 4403);
  await data(g, DEPOSIT, { id: adaAccount, amount: '2.00' }, ada.key);
  // Another key's socket on the same team keeps receiving.
  assert.is((await unaffected.next()).data.accountUpdated.available_balance, (await balanceOf(adaAccount)));
  assert.equal(live.messages.filter((message) => message.data), []);
});

test('a key that expires while its socket is open: the next event is not delivered and the socket closes with 4403 (before any recheck is due)', async () => {
  const expiresAt = new Date(g.k.clock.now().getTime() + KEY_RECHECK_MS / 2);
  const created = await g.request('POST', '/api/v2/api-keys', { key: ada.key, body: { name: 'brief', permissions: ['read'], expires_at: expiresAt.toISOString() } });
  assert.is(created.status, 201, JSON.stringify(created.body));
  const connection = wsClient(g, `Bearer ${created.body.data.key}`);
  open.push(() => connection.client.dispose());
  const live = subscribe(connection.client, 'subscription($id: ID!) { accountUpdated(id: $id) { id available_balance } }', { id: adaAccount });
  await g.listening(1);
  await data(g, DEPOSIT, { id: adaAccount, amount: '1.00' }, ada.key);
  assert.ok((await live.next()).data, 'a key not yet expired receives');
  // Exactly at expires_at the key is expired (docs/auth.md); less than KEY_RECHECK_MS has passed since the last check.
  g.k.clock.advance(expiresAt.getTime() - g.k.clock.now().getTime());
  await data(g, DEPOSIT, { id: adaAccount, amount: '2.00' }, ada.key);
  const noClose = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 5_000).unref());
  assert.is(await Promise.race([connection.closed, noClose]), 4403);
  assert.equal(live.messages.filter((message) => message.data), []);
});

test('one key holds at most MAX_CONNECTIONS_PER_KEY sockets; closing one makes room', async () => {
  const created = await g.request('POST', '/api/v2/api-keys', { key: ada.key, body: { name: 'many', permissions: ['read'] } });
  const key = `Bearer ${created.body.data.key}`;
  const connections = Array.from({ length: MAX_CONNECTIONS_PER_KEY }, () => wsClient(g, key));
  for (const connection of connections) open.push(() => connection.client.dispose());
  const probes = connections.map((connection) => subscribe(connection.client, 'subscription { orderBookUpdated(pair: "BTC/USD") { pair } }'));
  await g.listening(MAX_CONNECTIONS_PER_KEY);
  const extra = wsClient(g, key);
  open.push(() => extra.client.dispose());
  const noClose = (ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms).unref());
  assert.is(await Promise.race([extra.closed, noClose(5_000)]), 4429);
  probes[0]!.dispose();
  await connections[0]!.client.dispose();
  await connections[0]!.closed;
  const again = wsClient(g, key);
  open.push(() => again.client.dispose());
  subscribe(again.client, 'subscription { orderBookUpdated(pair: "BTC/USD") { pair } }');
  // 49 of the first sockets remain: the count reaches the limit again only when the new socket's subscription is live.
  await g.listening(MAX_CONNECTIONS_PER_KEY);
  assert.is(g.adapter.listening(), MAX_CONNECTIONS_PER_KEY);
});

/**
 * A graphql-transport-ws socket driven message by message (the graphql-ws
 * client never reuses an id or bursts): resolves once connection_ack came.
 */
async function rawSocket(authorization: string) {
  const socket = new WebSocket(g.url.replace(/^http/, 'ws') + '/api/graphql', 'graphql-transport-ws');
  const messages: any[] = [];
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  open.push(() => {
    socket.close();
  });
  await new Promise((resolve) => socket.once('open', resolve));
  const acked = new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'connection_ack') resolve();
      else messages.push(message);
    }),
  );
  socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: authorization } }));
  await acked;
  const send = (message: object) => socket.send(JSON.stringify(message));
  return { send, messages, closed };
}

async function freshKey(user: TestUser): Promise<string> {
  const created = await g.request('POST', '/api/v2/api-keys', { key: user.key, body: { name: 'burst', permissions: ['read'] } });
  return `Bearer ${created.body.data.key}`;
}

const BOOK = 'subscription { orderBookUpdated(pair: "BTC/USD") { pair } }';

test('a burst of subscribes cannot pass the per-connection cap while their keys are being checked', async () => {
  const socket = await rawSocket(await freshKey(ada));
  const burst = MAX_SUBSCRIPTIONS_PER_CONNECTION + 20;
  for (let i = 0; i < burst; i += 1) socket.send({ id: `s${i}`, type: 'subscribe', payload: { query: BOOK } });
  await g.listening(MAX_SUBSCRIPTIONS_PER_CONNECTION);
  const refusedIds = () => socket.messages.filter((m) => m.type === 'error' && m.payload[0]?.extensions?.code === 'too_many_subscriptions');
  await until(() => refusedIds().length >= 20, () => `${refusedIds().length} of 20 refused`);
  assert.is(g.adapter.listening(), MAX_SUBSCRIPTIONS_PER_CONNECTION);
  assert.is(refusedIds().length, 20);
});

test('complete, then subscribe again with the same id before the first is set up: 4409, and no stream is left running', async () => {
  const socket = await rawSocket(await freshKey(ada));
  socket.send({ id: 'x', type: 'subscribe', payload: { query: BOOK } });
  socket.send({ id: 'x', type: 'complete' });
  socket.send({ id: 'x', type: 'subscribe', payload: { query: BOOK } });
  const stillOpen = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 5_000).unref());
  assert.is(await Promise.race([socket.closed, stillOpen]), 4409);
  // after.each waits until nothing listens: an orphaned stream would keep listening for ever.
});

test('a message the protocol does not allow from a client closes the socket with 4400, and nothing is printed', async () => {
  const printed = sinon.spy(console, 'error');
  try {
    const socket = await rawSocket(await freshKey(ada));
    socket.send({ id: 'n', type: 'next', payload: { data: {} } });
    const stillOpen = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 5_000).unref());
    assert.is(await Promise.race([socket.closed, stillOpen]), 4400);
    assert.is(printed.callCount, 0);
  } finally {
    printed.restore();
  }
});

test('subscriptions pass the same limits as POST: over the complexity limit is refused before anything runs', async () => {
  const aliases = Array.from({ length: 200 }, (_, i) => `p${i}: pair`).join(' ');
  const refused = subscribe(connect(ada).client, `subscription { orderBookUpdated(pair: "BTC/USD") { pair ${aliases} } }`);
  const message = await refused.next();
  assert.is(message.error?.[0]?.extensions?.code, 'COMPLEXITY_LIMIT_EXCEEDED', JSON.stringify(message));
  assert.is(g.adapter.listening(), 0);
});

test('exchange subscriptions: orderBookUpdated, tradeExecuted, and orderMatched once per order and fill with the order’s own times', async () => {
  await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "1000.00", asset_code: "USD"}) { uuid } }', { id: adaAccount }, ada.key);
  await data(g, 'mutation($id: ID!) { deposit(input: {account_id: $id, amount: "1.00000000", asset_code: "BTC"}) { uuid } }', { id: adaSavings }, ada.key);
  const client = connect(ada).client;
  const book = subscribe(client, 'subscription { orderBookUpdated(pair: "BTC/USD") { pair bids { price amount } asks { price amount } updated_at } }');
  const trades = subscribe(client, 'subscription { tradeExecuted(pair: "BTC/USD") { pair price amount quote_amount taker_side } }');
  const matched = subscribe(client, 'subscription { orderMatched(pair: "BTC/USD") { id status filled_amount created_at updated_at } }');
  const bobBook = subscribe(connect(bob).client, 'subscription { orderBookUpdated(pair: "BTC/USD") { pair } }');
  await g.listening(4);
  const SELL = 'mutation($a: ID!, $amount: String!, $price: String!) { placeOrder(input: {pair: "BTC/USD", side: SELL, type: LIMIT, amount: $amount, price: $price, account_id: $a}) { id status } }';
  const sold = dateTime(g.k.clock.now());
  const sell = await data(g, SELL, { a: adaSavings, amount: '0.50000000', price: '600.00' }, ada.key);
  assert.equal((await book.next()).data.orderBookUpdated, { pair: 'BTC/USD', bids: [], asks: [{ price: '600.00', amount: '0.50000000' }], updated_at: sold });
  const cheap = await data(g, SELL, { a: adaSavings, amount: '0.10000000', price: '590.00' }, ada.key);
  assert.equal((await book.next()).data.orderBookUpdated.asks, [{ price: '590.00', amount: '0.10000000' }, { price: '600.00', amount: '0.50000000' }]);
  g.k.clock.advance(60_000);
  const bought = dateTime(g.k.clock.now());
  const buy = await data(g, 'mutation($a: ID!) { placeOrder(input: {pair: "BTC/USD", side: BUY, type: LIMIT, amount: "0.20000000", price: "610.00", account_id: $a}) { id status filled_amount } }', { a: adaAccount }, ada.key);
  assert.equal(buy.placeOrder.status, 'filled');
  assert.equal([(await trades.next()).data.tradeExecuted, (await trades.next()).data.tradeExecuted], [
    { pair: 'BTC/USD', price: '590.00', amount: '0.10000000', quote_amount: '59.00', taker_side: 'BUY' },
    { pair: 'BTC/USD', price: '600.00', amount: '0.10000000', quote_amount: '60.00', taker_side: 'BUY' },
  ]);
  const messages = [];
  for (let i = 0; i < 4; i++) messages.push((await matched.next()).data.orderMatched);
  // Each fill: the maker, then the taker, each as it stands after that fill.
  assert.equal(messages, [
    { id: cheap.placeOrder.id, status: 'filled', filled_amount: '0.10000000', created_at: sold, updated_at: bought },
    { id: buy.placeOrder.id, status: 'partially_filled', filled_amount: '0.10000000', created_at: bought, updated_at: bought },
    { id: sell.placeOrder.id, status: 'partially_filled', filled_amount: '0.10000000', created_at: sold, updated_at: bought },
    { id: buy.placeOrder.id, status: 'filled', filled_amount: '0.20000000', created_at: bought, updated_at: bought },
  ]);
  assert.equal((await book.next()).data.orderBookUpdated.asks, [{ price: '600.00', amount: '0.40000000' }]);
  assert.equal(bobBook.messages, []);
});

test('another team’s ids: transactionCreated and transferCompleted are refused with not_found, nothing streams', async () => {
  const transfer = await data(
    g,
    'mutation($from: ID!, $to: ID!) { createTransfer(input: {from_account: $from, to_account: $to, amount: "1.00", asset_code: "USD"}) { uuid } }',
    { from: adaAccount, to: adaSavings },
    ada.key,
  );
  const client = connect(bob).client;
  const transactions = subscribe(client, 'subscription($id: ID!) { transactionCreated(accountId: $id) { uuid } }', { id: adaAccount });
  const completion = subscribe(client, 'subscription($id: ID!) { transferCompleted(id: $id) { id } }', { id: transfer.createTransfer.uuid });
  for (const live of [transactions, completion]) {
    // Refused either as an execution result or as a graphql-ws error message; never a data message.
    const message = await live.next();
    assert.is((message.errors ?? message.error)?.[0]?.extensions?.code, 'not_found', JSON.stringify(message));
    assert.is(message.data ?? null, null);
  }
});

test('an event-fed subscription delivers the events of the caller’s team only, narrowed by its argument', async () => {
  const uow = g.k.get(UnitOfWork);
  const mine = subscribe(connect(ada).client, 'subscription { paymentStatusChanged(payment_id: "pi-1") { payment_id event status } }');
  const all = subscribe(connect(ada).client, 'subscription { paymentStatusChanged { payment_id event status } }');
  const theirs = subscribe(connect(bob).client, 'subscription { paymentStatusChanged(payment_id: "pi-1") { payment_id status } }');
  await g.listening(3);
  const event = (teamId: string, aggregateId: string, status: string) => ({
    type: `payment_intent.${status}`,
    teamId,
    aggregateType: 'payment_intent',
    aggregateId,
    payload: { status },
  });
  // Stream order decides: a leaked event would arrive before the one each assertion expects.
  await uow.run((tx) => tx.append([event(bob.teamId, 'pi-1', 'failed')]));
  await uow.run((tx) => tx.append([event(ada.teamId, 'pi-2', 'processing'), event(ada.teamId, 'pi-1', 'completed')]));
  await uow.run((tx) => tx.append([event(bob.teamId, 'pi-1', 'canceled')]));
  assert.equal((await mine.next()).data.paymentStatusChanged, { payment_id: 'pi-1', event: 'payment_intent.completed', status: 'completed' });
  assert.equal((await all.next()).data.paymentStatusChanged, { payment_id: 'pi-2', event: 'payment_intent.processing', status: 'processing' });
  assert.equal((await all.next()).data.paymentStatusChanged.payment_id, 'pi-1');
  assert.equal((await theirs.next()).data.paymentStatusChanged, { payment_id: 'pi-1', status: 'failed' });
  assert.equal((await theirs.next()).data.paymentStatusChanged, { payment_id: 'pi-1', status: 'canceled' });
});

test.run();
