import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import x402Plugin from './index.js';
import { agentView, payView, spendingLimitsView } from './operations.js';
import { UnitOfWork } from '../../kernel/public.js';
import { budgetsOf } from './domain/spending.js';
import { PaymentRepository, SpendingRepository } from './ports.js';
import { madePaymentLeftVerified } from './testing/left-verified.js';

/**
 * The buying side over real HTTP to 127.0.0.1: a team pays another team's
 * monetized path of this very service with POST /x402/pay, from its custody,
 * within its spending limits and its agent's. Each payment is one ledger
 * movement per team (buyer −v, seller +v) and ONE chain transfer between
 * the custody addresses; the audit stays clean. A budget of five payments
 * pays exactly five of twenty concurrent calls (on PostgreSQL the counters'
 * conditional upserts decide). Memory, and PostgreSQL when DATABASE_URL is
 * set: the repositories' contract covers PGlite.
 */
const stores = ['memory', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const PATH = '/api/v2/gcu/composition';

for (const store of stores) {
  const test = suite(`x402 buying: ${store}`);
  let k: TestKernel;
  let seller: TestUser;
  let buyer: TestUser;
  let sellerAccount: string;
  let buyerAccount: string;

  const usdcOnBase = async (user: TestUser, account: string) =>
    (await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: user.key })).body.data.balances.find((row: { asset_code: string; chain: string }) => row.asset_code === 'USDC' && row.chain === 'base')?.total_balance ?? '0';
  const audit = async () => (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;
  const pay = (key: string, body: Record<string, unknown> = {}) =>
    k.request('POST', '/api/v2/x402/pay', { key, body: { url: `${k.url}${PATH}`, max_amount: '0.01', headers: { authorization: `Bearer ${key}` }, ...body } });
  const setLimits = (body: Record<string, unknown>) => k.request('PUT', '/api/v2/x402/spending-limits', { key: buyer.key, body });
  const made = async () => (await k.request('GET', '/api/v2/x402/payments?per_page=100', { key: buyer.key })).body.data.filter((one: { direction: string }) => one.direction === 'made');

  test.before(async () => {
    k = await bootTestKernel({
      store,
      modules: ['core-banking', 'chains', 'gcu'],
      plugins: [x402Plugin],
      now: '2026-03-01T00:00:00.000Z',
      config: { pluginConfig: { x402: { pay_allowed_origins: ['http://127.0.0.1:*'] } } },
    });
    seller = await k.createUser('Seller buying');
    buyer = await k.createUser('Buyer buying');
    sellerAccount = (await k.request('POST', '/api/v2/accounts', { key: seller.key, body: { name: 'Sales', type: 'business' } })).body.data.uuid;
    buyerAccount = (await k.request('POST', '/api/v2/accounts', { key: buyer.key, body: { name: 'Ops', type: 'business' } })).body.data.uuid;
    const deposited = await k.request('POST', `/api/v2/accounts/${buyerAccount}/deposit`, { key: buyer.key, body: { asset_code: 'USDC', chain: 'base', amount: '1.00' } });
    assert.is(deposited.status, 201, JSON.stringify(deposited.body));
    const created = await k.request('POST', '/api/v2/x402/endpoints', { key: seller.key, body: { path: PATH, price_usd_cents: 1, network: 'eip155:8453', asset: 'USDC' } });
    assert.is(created.status, 201, JSON.stringify(created.body));
  });
  test.after(() => k.close());

  test('without limits the team pays nothing; bad limits are a 422 that changes nothing', async () => {
    const limits = spendingLimitsView.parse((await k.request('GET', '/api/v2/x402/spending-limits', { key: buyer.key })).body.data);
    assert.equal([limits.configured, limits.agents], [false, []]);
    const refused = await pay(buyer.key);
    assert.is(refused.status, 422, JSON.stringify(refused.body));
    assert.is(refused.body.errors[0].code, 'spending_limits_not_set');
    for (const body of [{ daily_usd: '1.001' }, { daily_usd: -1 }, { daily_usd: '5', extra: true }]) {
      const bad = await setLimits(body);
      assert.is(bad.status, 422, JSON.stringify(bad.body));
    }
    assert.is((await k.request('GET', '/api/v2/x402/spending-limits', { key: buyer.key })).body.data.configured, false);
    assert.equal(await made(), []);
  });

  test('refusals before paying: origins the policy refuses, a dearer requirement; nothing is spent', async () => {
    assert.is((await setLimits({ daily_usd: '0.05', monthly_usd: '10.00', per_request_usd: '0.01' })).status, 200);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: 'http://10.1.2.3/api/v2/gcu/composition' }, 'origin_not_allowed', '/url'],
      [{ url: 'http://169.254.169.254/latest/meta-data' }, 'origin_not_allowed', '/url'],
      [{ url: 'ftp://127.0.0.1/x' }, 'invalid_url', '/url'],
      [{ url: 'http://user:pw@127.0.0.1:1/x' }, 'invalid_url', '/url'],
      [{ max_amount: '0.005' }, 'over_max_amount', '/max_amount'],
      [{ max_amount: '1e3' }, 'validation_failed', '/max_amount'],
      [{ headers: { host: 'evil.example' } }, 'validation_failed', '/headers'],
      [{ account_id: '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34' }, 'not_found', '/account_id'],
    ];
    for (const [body, code, pointer] of cases) {
      const refused = await pay(buyer.key, body);
      assert.ok(refused.status === 422 || refused.status === 404, `${JSON.stringify(body)} → ${refused.status} ${JSON.stringify(refused.body)}`);
      assert.is(refused.body.errors[0].code, code, JSON.stringify(refused.body.errors));
      assert.ok(JSON.stringify(refused.body.errors[0].source).includes(pointer), JSON.stringify(refused.body.errors));
    }
    // A URL that asks for no payment is fetched and answered, paying nothing.
    const free = await pay(buyer.key, { url: `${k.url}/api/v2/x402/supported` });
    assert.is(free.status, 200, JSON.stringify(free.body));
    assert.equal([free.body.data.paid, free.body.data.payment, free.body.data.response.status], [false, undefined, 200]);
    assert.equal(await made(), []);
    assert.is(spendingLimitsView.parse((await k.request('GET', '/api/v2/x402/spending-limits', { key: buyer.key })).body.data).team.spent_today_usd, '0.00');
  });

  test('of 20 concurrent pays against a daily budget of five payments, exactly 5 pay; ledger and chain agree', async () => {
    const sellerBefore = await usdcOnBase(seller, sellerAccount);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(buyer.key)));
    const paid = answers.filter((one) => one.status === 200);
    assert.is(paid.length, 5, JSON.stringify(answers.map((one) => [one.status, one.body.errors?.[0]?.code])));
    for (const refused of answers.filter((one) => one.status !== 200)) {
      assert.is(refused.status, 422);
      assert.is(refused.body.errors[0].code, 'spending_limit_exceeded');
    }
    for (const one of paid) {
      const view = payView.parse(one.body.data);
      assert.equal([view.paid, view.payment?.direction, view.payment?.status, view.payment?.amount, view.response?.status], [true, 'made', 'settled', '0.01', 200]);
      assert.match(view.payment!.tx_hash!, /^0x[0-9a-f]{64}$/);
      assert.ok(JSON.parse(view.response!.body).data, 'the paid answer carries the route’s data');
    }
    assert.equal([sellerBefore, await usdcOnBase(seller, sellerAccount), await usdcOnBase(buyer, buyerAccount)], ['0', '0.050000', '0.950000']);
    const report = await audit();
    assert.ok(report.ok, JSON.stringify(report));
    const history = await made();
    assert.equal([history.length, history.every((one: { status: string }) => one.status === 'settled')], [5, true]);
    const received = (await k.request('GET', '/api/v2/x402/payments?per_page=100', { key: seller.key })).body.data.filter((one: { status: string }) => one.status === 'settled');
    assert.equal(received.map((one: { tx_hash: string }) => one.tx_hash).sort(), history.map((one: { tx_hash: string }) => one.tx_hash).sort());
    // The payer of each receipt is the buyer's custody address on Base: one transfer between two custody addresses.
    const deposit = (await k.request('GET', `/api/v2/accounts/${buyerAccount}/deposit-addresses`, { key: buyer.key })).body.data.find((one: { chain: string }) => one.chain === 'base');
    assert.ok(received.every((one: { payer: string }) => one.payer === deposit.address), JSON.stringify([received[0], deposit]));
    const limits = spendingLimitsView.parse((await k.request('GET', '/api/v2/x402/spending-limits', { key: buyer.key })).body.data);
    assert.equal([limits.team.spent_today_usd, limits.team.spent_this_month_usd], ['0.05', '0.05']);
    assert.is((await pay(buyer.key)).body.errors[0].code, 'spending_limit_exceeded');
  });

  test('an agent key pays within its own caps as well as the team’s; another team cannot see or remove it', async () => {
    k.clock.advance(24 * 3_600_000);
    const issued = await k.request('POST', '/api/v2/api-keys', { key: buyer.key, body: { name: 'bot' } });
    assert.is(issued.status, 201, JSON.stringify(issued.body));
    const bot = { id: issued.body.data.id as string, key: issued.body.data.key as string };
    const put = await k.request('PUT', `/api/v2/x402/agents/${bot.id}`, { key: buyer.key, body: { name: 'research-bot', daily_usd: '0.01' } });
    assert.is(put.status, 200, JSON.stringify(put.body));
    assert.equal([agentView.parse(put.body.data).daily_usd, put.body.data.per_request_usd], ['0.01', null]);
    const first = await pay(bot.key);
    assert.is(first.status, 200, JSON.stringify(first.body));
    const second = await pay(bot.key);
    assert.is(second.body.errors[0].code, 'spending_limit_exceeded');
    // The team's own key still has the team's budget for the day.
    assert.is((await pay(buyer.key)).status, 200);
    const limits = spendingLimitsView.parse((await k.request('GET', '/api/v2/x402/spending-limits', { key: buyer.key })).body.data);
    assert.equal([limits.team.spent_today_usd, limits.agents.map((one) => [one.name, one.spent_today_usd])], ['0.02', [['research-bot', '0.01']]]);
    assert.equal((await k.request('GET', '/api/v2/x402/agents', { key: seller.key })).body.data, []);
    assert.is((await k.request('DELETE', `/api/v2/x402/agents/${bot.id}`, { key: seller.key })).status, 404);
    assert.is((await k.request('DELETE', `/api/v2/x402/agents/${bot.id}`, { key: buyer.key })).status, 200);
    assert.is((await pay(bot.key)).status, 200, 'unmarked, the key spends within the team’s limits only');
    assert.ok((await audit()).ok);
  });

  test('a payment the receiver refuses (the payer lacks the tokens) is failed with its reason and its spending given back', async () => {
    const poor = await k.createUser('Poor buyer');
    await k.request('POST', '/api/v2/accounts', { key: poor.key, body: { name: 'Empty', type: 'business' } });
    assert.is((await k.request('PUT', '/api/v2/x402/spending-limits', { key: poor.key, body: { daily_usd: '1.00' } })).status, 200);
    const answer = await pay(poor.key);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    const view = payView.parse(answer.body.data);
    assert.equal([view.paid, view.payment?.status, view.payment?.failure_reason, view.response?.status], [false, 'failed', 'insufficient_funds', 402]);
    const limits = spendingLimitsView.parse((await k.request('GET', '/api/v2/x402/spending-limits', { key: poor.key })).body.data);
    assert.is(limits.team.spent_today_usd, '0.00');
    assert.ok((await audit()).ok);
  });

  test('a payment left verified is finished by recovery: settled when its nonce settled here, failed (and given back) when expired', async () => {
    const payments = k.get(PaymentRepository);
    const history = await made();
    const settledOne = history.find((one: { status: string }) => one.status === 'settled');
    const now = k.clock.now();
    // One whose settlement happened (its nonce is a settled receipt's) and one that never reached the receiver.
    const receipt = (await k.request('GET', '/api/v2/x402/payments?per_page=100', { key: seller.key })).body.data.find((one: { status: string }) => one.status === 'settled');
    const uow = k.get(UnitOfWork);
    const spending = k.get(SpendingRepository);
    const receiptRecord = (await uow.readOnly((tx) => payments.list(tx, seller.teamId, { page: 1, perPage: 100 }))).items.find((one) => one.id === receipt.id);
    const leftVerified = (id: string, nonce: string, spentCents: bigint) =>
      madePaymentLeftVerified({ id, teamId: buyer.teamId, accountId: buyerAccount, payer: receipt.payer, receiver: settledOne.receiver, resource: `${k.url}${PATH}`, nonce, now, spentCents });
    const lost = leftVerified('00000000-0000-4000-8000-00000000a001', receiptRecord!.nonce, 0n);
    const expired = leftVerified('00000000-0000-4000-8000-00000000a002', `0x${'77'.repeat(32)}`, 1n);
    // As POST /x402/pay leaves them when the process stops after counting and recording: the expired one's cent is counted.
    // And a paid call whose process stopped between verify and settle: its record stays verified in the seller's history.
    const unsettled = { ...leftVerified('00000000-0000-4000-8000-00000000a003', `0x${'78'.repeat(32)}`, 0n), teamId: seller.teamId, direction: 'received' as const, made: null };
    await uow.run(async (tx) => {
      await payments.insert(tx, unsettled);
      const team = (await spending.find(tx, buyer.teamId, 'team'))!;
      assert.ok(await spending.reserve(tx, buyer.teamId, budgetsOf(team, now), 1n));
      await payments.insert(tx, lost);
      await payments.insert(tx, expired);
    });
    const spentBefore = spendingLimitsView.parse((await k.request('GET', '/api/v2/x402/spending-limits', { key: buyer.key })).body.data).team.spent_today_usd;
    await k.runScheduled();
    assert.equal((await made()).filter((one: { status: string }) => one.status === 'verified').length, 2, 'nothing is finished before max_timeout_seconds');
    k.clock.advance(61_000);
    await k.runScheduled();
    const after = await made();
    assert.equal(after.find((one: { id: string }) => one.id === lost.id)?.status, 'settled');
    assert.equal(after.find((one: { id: string }) => one.id === lost.id)?.tx_hash, receipt.tx_hash);
    assert.equal([after.find((one: { id: string }) => one.id === expired.id)?.status, after.find((one: { id: string }) => one.id === expired.id)?.failure_reason], ['failed', 'authorization_expired']);
    const sellers = (await k.request('GET', '/api/v2/x402/payments?per_page=100', { key: seller.key })).body.data;
    assert.equal([sellers.find((one: { id: string }) => one.id === unsettled.id)?.status, sellers.find((one: { id: string }) => one.id === unsettled.id)?.failure_reason], ['failed', 'not_settled']);
    const spentAfter = spendingLimitsView.parse((await k.request('GET', '/api/v2/x402/spending-limits', { key: buyer.key })).body.data).team.spent_today_usd;
    assert.equal([spentBefore, spentAfter], ['0.04', '0.03']);
  });

  test.run();
}
