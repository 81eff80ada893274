import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { nlTransactionsResult, type NlTransactionView } from '../ai/operations.js';
import x402Plugin from './index.js';

/**
 * x402's ActivityHistory provider (application/payment-history.ts) read by
 * the natural-language queries of `ai`, end to end over real HTTP to
 * 127.0.0.1: Ada monetizes one path and Bob another of this very service;
 * Bob pays Ada's path once in February and twice in March, Ada pays Bob's
 * once in March (POST /x402/pay, from custody). "payments this month" lists
 * exactly each team's March payments, made and received, with amount,
 * direction, chain, account and counterparty (the payer's address for a
 * payment received, the resource for one made). Memory, and PostgreSQL when
 * DATABASE_URL is set (the repositories' contract covers PGlite).
 */
const stores = ['memory', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const ADA_PATH = '/api/v2/gcu/composition';
const BOB_PATH = '/api/v2/gcu/value-history';

for (const store of stores) {
  const test = suite(`x402 payments in the ai answers: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;
  let adaAccount: string;
  let bobAccount: string;

  const call = (user: TestUser, method: string, path: string, body?: unknown) => k.request(method, path, { key: user.key, body });
  const pay = async (user: TestUser, path: string) => {
    const answer = await call(user, 'POST', '/api/v2/x402/pay', { url: `${k.url}${path}`, max_amount: '0.05', headers: { authorization: `Bearer ${user.key}` } });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    assert.equal([answer.body.data.paid, answer.body.data.payment.status], [true, 'settled'], JSON.stringify(answer.body.data));
    return { id: answer.body.data.payment.id as string, txHash: answer.body.data.payment.tx_hash as string };
  };
  /** The receiving team keeps its own record of a payment: the one with the same chain transaction. */
  const receivedId = async (user: TestUser, paid: { txHash: string }) =>
    (await call(user, 'GET', '/api/v2/x402/payments?per_page=100')).body.data.find((one: { direction: string; tx_hash: string }) => one.direction === 'received' && one.tx_hash === paid.txHash).id as string;
  const search = async (user: TestUser, query: string) => {
    const answer = await call(user, 'POST', '/api/v1/ai/transactions', { query });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    return nlTransactionsResult.parse(answer.body.data);
  };
  const row = (one: NlTransactionView) => [one.uuid, one.type, one.amount, one.currency, one.direction, one.status, one.chain, one.account_uuid, one.counterparty];
  const custody = async (user: TestUser, account: string) =>
    (await call(user, 'GET', `/api/v2/accounts/${account}/deposit-addresses`)).body.data.find((one: { chain: string }) => one.chain === 'base').address as string;

  type Paid = { readonly id: string; readonly txHash: string };
  let february: Paid;
  let bobPaid: Paid[];
  let adaPaid: Paid;

  test.before(async () => {
    k = await bootTestKernel({
      store,
      modules: ['core-banking', 'chains', 'gcu', 'ai'],
      plugins: [x402Plugin],
      now: '2026-02-27T10:00:00.000Z',
      config: { pluginConfig: { x402: { pay_allowed_origins: ['http://127.0.0.1:*'] } } },
    });
    ada = await k.createUser('Ada Payments');
    bob = await k.createUser('Bob Payments');
    const open = async (user: TestUser, name: string) => (await call(user, 'POST', '/api/v2/accounts', { name, type: 'business' })).body.data.uuid as string;
    adaAccount = await open(ada, 'Ada Sales');
    bobAccount = await open(bob, 'Bob Ops');
    for (const [user, account, path, cents] of [
      [ada, adaAccount, ADA_PATH, 1],
      [bob, bobAccount, BOB_PATH, 3],
    ] as const) {
      const deposited = await call(user, 'POST', `/api/v2/accounts/${account}/deposit`, { asset_code: 'USDC', chain: 'base', amount: '1.00' });
      assert.is(deposited.status, 201, JSON.stringify(deposited.body));
      const endpoint = await call(user, 'POST', '/api/v2/x402/endpoints', { path, price_usd_cents: cents, network: 'eip155:8453', asset: 'USDC', account_id: account });
      assert.is(endpoint.status, 201, JSON.stringify(endpoint.body));
      assert.is((await call(user, 'PUT', '/api/v2/x402/spending-limits', { daily_usd: '1.00', monthly_usd: '5.00' })).status, 200);
    }
    february = await pay(bob, ADA_PATH);
    k.clock.set(new Date('2026-03-02T09:00:00.000Z'));
    bobPaid = [await pay(bob, ADA_PATH)];
    k.clock.advance(60_000);
    adaPaid = await pay(ada, BOB_PATH);
    k.clock.advance(60_000);
    bobPaid.push(await pay(bob, ADA_PATH));
    k.clock.set(new Date('2026-03-05T12:00:00.000Z'));
  });
  test.after(() => k.close());

  test('“payments this month” lists exactly the team’s x402 payments made and received this month', async () => {
    const adaAddress = await custody(ada, adaAccount);
    const bobAddress = await custody(bob, bobAccount);
    const bobs = await search(bob, 'payments this month');
    assert.equal(bobs.transactions.map(row), [
      [bobPaid[1]!.id, 'payment', '0.010000', 'USDC', 'sent', 'completed', 'base', bobAccount, `${k.url}${ADA_PATH}`],
      [await receivedId(bob, adaPaid), 'payment', '0.030000', 'USDC', 'received', 'completed', 'base', bobAccount, adaAddress],
      [bobPaid[0]!.id, 'payment', '0.010000', 'USDC', 'sent', 'completed', 'base', bobAccount, `${k.url}${ADA_PATH}`],
    ]);
    assert.is(bobs.total_results, 3);
    const adas = await search(ada, 'payments this month');
    assert.equal(adas.transactions.map(row), [
      [await receivedId(ada, bobPaid[1]!), 'payment', '0.010000', 'USDC', 'received', 'completed', 'base', adaAccount, bobAddress],
      [adaPaid.id, 'payment', '0.030000', 'USDC', 'sent', 'completed', 'base', adaAccount, `${k.url}${BOB_PATH}`],
      [await receivedId(ada, bobPaid[0]!), 'payment', '0.010000', 'USDC', 'received', 'completed', 'base', adaAccount, bobAddress],
    ]);
    assert.is(adas.total_results, 3);
    // February's payment is outside "this month" and inside "payments" (all time), on both sides.
    const adasFebruary = await receivedId(ada, february);
    assert.ok(!JSON.stringify([bobs, adas]).includes(february.id) && !JSON.stringify(adas).includes(adasFebruary));
    assert.equal((await search(bob, 'payments')).transactions.map((one) => one.uuid), [bobPaid[1]!.id, await receivedId(bob, adaPaid), bobPaid[0]!.id, february.id]);
    assert.equal((await search(ada, 'payments received last month')).transactions.map((one) => [one.uuid, one.direction]), [[adasFebruary, 'received']]);
    await assertConservation(k);
  });

  test.run();
}
