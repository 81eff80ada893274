import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { UnitOfWork } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { budgetsOf } from './domain/spending.js';
import x402Plugin from './index.js';
import { payView, spendingLimitsView } from './operations.js';
import { PaymentRepository, SpendingRepository } from './ports.js';
import { madePaymentLeftVerified } from './testing/left-verified.js';

/**
 * POST /x402/pay calls out (the paid URL is this very service here), so it
 * runs outside the Idempotency-Key's transaction and is idempotent by its
 * own record: one payment per (team, key). Over real HTTP to 127.0.0.1, on
 * memory (one transaction at a time: a pay held inside the key's
 * transaction waited for its own paid call until the timeout) and
 * PostgreSQL when DATABASE_URL is set. A lost answer is decided at once by
 * the nonce: cancelled (nothing paid, 502) or settled (paid, response null);
 * a retry under the key answers the payment and never pays again.
 */
const stores = ['memory', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const PATH = '/api/v2/gcu/composition';

/** A seller of its own at 127.0.0.1: answers the monetized path's 402, then, paid, drops the connection, after settling through the facilitator or not. */
class DroppingSeller {
  readonly #server: Server;
  settleFirst = false;

  constructor(
    private readonly bankUrl: string,
    private readonly paymentRequired: string,
    private readonly sellerKey: string,
  ) {
    this.#server = createServer((req, res) => void this.answer(req, res));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}${PATH}`;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const signature = req.headers['payment-signature'];
    if (typeof signature !== 'string') {
      res.writeHead(402, { 'payment-required': this.paymentRequired, 'content-type': 'application/json' }).end('{}');
      return;
    }
    if (this.settleFirst) {
      const payload = JSON.parse(Buffer.from(signature, 'base64').toString('utf8'));
      const settled = await fetch(`${this.bankUrl}/api/v2/x402/facilitator/settle`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.sellerKey}` },
        body: JSON.stringify({ x402Version: 2, paymentPayload: payload, paymentRequirements: payload.accepted }),
      });
      assert.is(((await settled.json()) as { data: { success: boolean } }).data.success, true);
    }
    req.socket.destroy();
  }
}

for (const store of stores) {
  const test = suite(`x402 pay under an Idempotency-Key: ${store}`);
  let k: TestKernel;
  let seller: TestUser;
  let buyer: TestUser;
  let sellerAccount: string;
  let buyerAccount: string;
  let dropping: DroppingSeller;
  let droppingUrl: string;

  const usdcOnBase = async (user: TestUser, account: string) =>
    (await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: user.key })).body.data.balances.find((row: { asset_code: string; chain: string }) => row.asset_code === 'USDC' && row.chain === 'base')
      ?.total_balance ?? '0';
  const pay = (key: string, url = `${k.url}${PATH}`) =>
    k.request('POST', '/api/v2/x402/pay', { key: buyer.key, headers: { 'idempotency-key': key }, body: { url, max_amount: '0.01', headers: { authorization: `Bearer ${buyer.key}` } } });
  const made = async () => (await k.request('GET', '/api/v2/x402/payments?per_page=100', { key: buyer.key })).body.data.filter((one: { direction: string }) => one.direction === 'made');
  const spentToday = async () => spendingLimitsView.parse((await k.request('GET', '/api/v2/x402/spending-limits', { key: buyer.key })).body.data).team.spent_today_usd;

  test.before(async () => {
    k = await bootTestKernel({
      store,
      modules: ['core-banking', 'chains', 'gcu'],
      plugins: [x402Plugin],
      now: '2026-03-01T00:00:00.000Z',
      config: { pluginConfig: { x402: { pay_allowed_origins: ['http://127.0.0.1:*'], pay_timeout_ms: 5_000 } } },
    });
    seller = await k.createUser('Seller keyed');
    buyer = await k.createUser('Buyer keyed');
    sellerAccount = (await k.request('POST', '/api/v2/accounts', { key: seller.key, body: { name: 'Sales', type: 'business' } })).body.data.uuid;
    buyerAccount = (await k.request('POST', '/api/v2/accounts', { key: buyer.key, body: { name: 'Ops', type: 'business' } })).body.data.uuid;
    assert.is((await k.request('POST', `/api/v2/accounts/${buyerAccount}/deposit`, { key: buyer.key, body: { asset_code: 'USDC', chain: 'base', amount: '1.00' } })).status, 201);
    assert.is((await k.request('POST', '/api/v2/x402/endpoints', { key: seller.key, body: { path: PATH, price_usd_cents: 1, network: 'eip155:8453', asset: 'USDC' } })).status, 201);
    assert.is((await k.request('PUT', '/api/v2/x402/spending-limits', { key: buyer.key, body: { daily_usd: '5.00' } })).status, 200);
    const required = await fetch(`${k.url}${PATH}`, { headers: { authorization: `Bearer ${buyer.key}` } });
    assert.is(required.status, 402);
    dropping = new DroppingSeller(k.url, required.headers.get('payment-required')!, seller.key);
    droppingUrl = await dropping.listen();
  });
  test.after(async () => {
    await dropping?.close();
    await k?.close();
  });

  test('a keyed pay of this service’s own path pays once; the retry replays it', async () => {
    const first = await pay('pay-once');
    assert.is(first.status, 200, JSON.stringify(first.body));
    const view = payView.parse(first.body.data);
    assert.equal([view.paid, view.payment?.status, view.response?.status], [true, 'settled', 200]);
    const again = await pay('pay-once');
    assert.equal([again.status, again.headers.get('idempotent-replayed'), again.body.data.payment.id], [200, 'true', view.payment!.id]);
    assert.equal([(await made()).length, await usdcOnBase(seller, sellerAccount), await spentToday()], [1, '0.010000', '0.01']);
  });

  test('the paid URL drops the connection before settling: nothing paid (502), and the retry answers the failed payment', async () => {
    dropping.settleFirst = false;
    const lost = await pay('pay-dropped', droppingUrl);
    assert.is(lost.status, 502, JSON.stringify(lost.body));
    assert.match(lost.body.errors[0].detail, /Nothing was paid/);
    const retry = await pay('pay-dropped', droppingUrl);
    assert.is(retry.status, 200, JSON.stringify(retry.body));
    assert.equal([retry.body.data.paid, retry.body.data.payment.status, retry.body.data.payment.failure_reason, retry.body.data.response], [false, 'failed', 'authorization_cancelled', null]);
    assert.equal([(await made()).length, await usdcOnBase(seller, sellerAccount), await spentToday()], [2, '0.010000', '0.01']);
  });

  test('the paid URL settles, then drops the connection: paid once with response null; the retry replays', async () => {
    dropping.settleFirst = true;
    const paid = await pay('pay-settled-dropped', droppingUrl);
    assert.is(paid.status, 200, JSON.stringify(paid.body));
    assert.equal([paid.body.data.paid, paid.body.data.payment.status, paid.body.data.response], [true, 'settled', null]);
    const retry = await pay('pay-settled-dropped', droppingUrl);
    assert.equal([retry.status, retry.headers.get('idempotent-replayed'), retry.body.data.payment.id], [200, 'true', paid.body.data.payment.id]);
    assert.equal([(await made()).length, await usdcOnBase(seller, sellerAccount), await spentToday()], [3, '0.020000', '0.02']);
    const audit = (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;
    assert.ok(audit.ok, JSON.stringify(audit));
  });

  test('a process that stopped after recording the payment: the retry cancels its authorization and gives the spending back; another URL under the key is 422', async () => {
    const payments = k.get(PaymentRepository);
    const spending = k.get(SpendingRepository);
    const [settled] = await made();
    const now = k.clock.now();
    const record = madePaymentLeftVerified({
      id: '00000000-0000-4000-8000-00000000b001',
      teamId: buyer.teamId,
      accountId: buyerAccount,
      payer: settled.payer,
      receiver: settled.receiver,
      resource: `${k.url}${PATH}`,
      nonce: `0x${'5a'.repeat(32)}`,
      now,
      spentCents: 1n,
      requestKey: 'pay-crashed',
    });
    await k.get(UnitOfWork).run(async (tx) => {
      const team = (await spending.find(tx, buyer.teamId, 'team'))!;
      assert.ok(await spending.reserve(tx, buyer.teamId, budgetsOf(team, now), 1n));
      assert.ok(await payments.insert(tx, record));
      assert.not.ok(await payments.insert(tx, { ...record, id: '00000000-0000-4000-8000-00000000b002' }), 'one payment per team and key');
    });
    assert.is(await spentToday(), '0.03');
    const reused = await pay('pay-crashed', droppingUrl);
    assert.equal([reused.status, reused.body.errors?.[0]?.code, reused.body.errors?.[0]?.source], [422, 'idempotency_key_reused', { header: 'Idempotency-Key' }]);
    const retry = await pay('pay-crashed');
    assert.is(retry.status, 200, JSON.stringify(retry.body));
    assert.equal([retry.body.data.paid, retry.body.data.payment.id, retry.body.data.payment.failure_reason, retry.body.data.response], [false, record.id, 'authorization_cancelled', null]);
    assert.equal([await spentToday(), await usdcOnBase(seller, sellerAccount)], ['0.02', '0.020000']);
  });

  test('a keyed GraphQL payX402 pays once (its fields run outside the key’s transaction); the retry replays', async () => {
    const query = `mutation { payX402(input: { url: "${k.url}${PATH}", max_amount: "0.01", headers: [{ name: "authorization", value: "Bearer ${buyer.key}" }] }) { paid payment { id status } response { status } } }`;
    const send = () => k.request('POST', '/api/graphql', { key: buyer.key, headers: { 'idempotency-key': 'gql-pay' }, body: { query } });
    const first = await send();
    assert.equal([first.status, first.body.data?.payX402?.paid, first.body.data?.payX402?.response?.status], [200, true, 200], JSON.stringify(first.body));
    const again = await send();
    assert.equal([again.headers.get('idempotent-replayed'), again.body.data.payX402.payment.id], ['true', first.body.data.payX402.payment.id]);
    assert.equal([(await made()).length, await usdcOnBase(seller, sellerAccount)], [5, '0.030000']);
  });

  test.run();
}
