import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import x402Plugin from './index.js';
import { endpointView, paymentView } from './operations.js';
import { acceptedOf, b64, testPayer, type Accepted } from './testing/payer.js';

/**
 * x402 end to end over real HTTP on every store: a team monetizes GCU
 * composition, another team's calls pay it in each header dialect, the
 * payer's USDC moves on the simulated chain and the receiving account is
 * credited, the ledger audit stays clean, and every refusal is a 402 with
 * its reason that settles nothing.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const PATH = '/api/v2/gcu/composition';

for (const store of stores) {
  const test = suite(`x402 paid calls: ${store}`);
  let k: TestKernel;
  let seller: TestUser;
  let buyer: TestUser;
  let account: string;
  let endpointId: string;
  const payer = testPayer('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
  const poor = testPayer('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
  const now = () => Math.floor(k.clock.now().getTime() / 1000);

  const audit = async () => (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;
  const usdcOnBase = async () =>
    (await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: seller.key })).body.data.balances.find((row: { asset_code: string; chain: string }) => row.asset_code === 'USDC' && row.chain === 'base')?.total_balance ?? '0';
  const call = (headers: Record<string, string> = {}) => k.request('GET', PATH, { key: buyer.key, headers });
  const required = async () => acceptedOf((await call()).headers).accepted;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'chains', 'gcu'], plugins: [x402Plugin], now: '2026-03-01T00:00:00.000Z' });
    seller = await k.createUser('Seller x402');
    buyer = await k.createUser('Buyer x402');
    account = (await k.request('POST', '/api/v2/accounts', { key: seller.key, body: { name: 'Sales', type: 'business' } })).body.data.uuid;
    const funded = await k.request('POST', '/api/v2/sandbox/faucet', { key: k.operatorKey, body: { chain: 'eip155:8453', address: payer.address, asset_code: 'USDC', amount: '1' } });
    assert.is(funded.status, 201, JSON.stringify(funded.body));
  });
  test.after(() => k.close());

  test('a team monetizes a path; list, change; bad input is a 4xx that stores nothing; another team gets 404', async () => {
    const created = await k.request('POST', '/api/v2/x402/endpoints', { key: seller.key, body: { path: PATH, price_usd_cents: 2, network: 'eip155:8453', asset: 'USDC', description: 'GCU composition' } });
    assert.is(created.status, 201, JSON.stringify(created.body));
    const view = endpointView.parse(created.body.data);
    assert.equal([view.amount, view.account_id, view.asset_contract.length], ['0.02', account, 42]);
    endpointId = view.id;
    const refusals: [unknown, number, string][] = [
      [{ path: PATH, price_usd_cents: 1, network: 'eip155:8453', asset: 'USDC' }, 409, 'path_monetized'],
      [{ path: '/api/v2/accounts', price_usd_cents: 1, network: 'eip155:8453', asset: 'USDC' }, 422, '/path'],
      [{ path: '/api/v2/gcu/value-history', price_usd_cents: 1, network: 'eip155:1', asset: 'USDC' }, 422, '/network'],
      [{ path: '/api/v2/gcu/value-history', price_usd_cents: 1, network: 'eip155:8453', asset: 'DAI' }, 422, '/asset'],
      [{ path: '/api/v2/gcu/value-history', price_usd_cents: 0, network: 'eip155:8453', asset: 'USDC' }, 422, '/price_usd_cents'],
      [{ path: '/api/v2/gcu/value-history', price_usd_cents: 1.5, network: 'base', asset: 'USDC' }, 422, '/network'],
    ];
    for (const [body, status, where] of refusals) {
      const refused = await k.request('POST', '/api/v2/x402/endpoints', { key: seller.key, body });
      assert.is(refused.status, status, JSON.stringify(refused.body));
      assert.ok(JSON.stringify(refused.body.errors).includes(where), JSON.stringify(refused.body.errors));
    }
    const listed = await k.request('GET', '/api/v2/x402/endpoints', { key: seller.key });
    assert.equal(listed.body.data.map((one: { id: string }) => one.id), [endpointId]);
    assert.is((await k.request('GET', '/api/v2/x402/endpoints', { key: buyer.key })).body.meta.total, 0);
    assert.is((await k.request('PATCH', `/api/v2/x402/endpoints/${endpointId}`, { key: buyer.key, body: { price_usd_cents: 9 } })).status, 404);
    assert.is((await k.request('DELETE', `/api/v2/x402/endpoints/${endpointId}`, { key: buyer.key })).status, 404);
    const changed = await k.request('PATCH', `/api/v2/x402/endpoints/${endpointId}`, { key: seller.key, body: { price_usd_cents: 1 } });
    assert.is(changed.status, 200, JSON.stringify(changed.body));
    assert.is(changed.body.data.amount, '0.01');
  });

  test('a call without payment is a 402 in all three dialects; the owner calls free', async () => {
    const answer = await call();
    assert.is(answer.status, 402);
    const h = answer.headers;
    assert.equal(
      [h.get('x-payment-required'), h.get('x-payment-network'), h.get('x-payment-asset'), h.get('x-payment-amount')],
      ['true', 'eip155:8453', 'USDC', '0.01'],
    );
    const receiver = (await k.request('GET', `/api/v2/accounts/${account}/deposit-addresses`, { key: seller.key })).body.data.find((one: { chain: string }) => one.chain === 'base').address;
    assert.is(h.get('x-payment-receiver'), receiver);
    assert.is(h.get('x-payment-facilitator'), `${k.url}/api/v2/x402/facilitator`);
    const { accepted } = acceptedOf(h);
    assert.equal([accepted.scheme, accepted.network, accepted.amount, accepted.payTo, accepted.extra.name], ['exact', 'eip155:8453', '10000', receiver, 'USD Coin']);
    assert.equal([answer.body.x402Version, answer.body.accepts[0].network, answer.body.accepts[0].maxAmountRequired, answer.body.errors[0].code], [1, 'base', '10000', 'payment_required']);
    assert.is((await k.request('GET', PATH, { key: seller.key })).status, 200);
  });

  const pays = async (headers: Record<string, string>) => {
    const before = BigInt((await usdcOnBase()).replace('.', ''));
    const answer = await call(headers);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    assert.ok(answer.body.data, 'the normal data');
    const settled = JSON.parse(Buffer.from(answer.headers.get('payment-response')!, 'base64').toString('utf8'));
    assert.equal([settled.success, settled.payer, settled.network], [true, payer.address, 'eip155:8453']);
    assert.match(settled.transaction, /^0x[0-9a-f]{64}$/);
    assert.is(answer.headers.get('x-payment-response'), answer.headers.get('payment-response'));
    assert.is(BigInt((await usdcOnBase()).replace('.', '')) - before, 10_000n, 'the receiving account is credited 0.01 USDC');
    assert.is((await audit()).ok, true);
  };

  test('the spec dialect: X-Payment-Payload (a bare authorization) and X-Payment-Signature', async () => {
    const { authorization, signature } = await payer.sign(await required(), now());
    await pays({ 'X-Payment-Payload': b64(authorization), 'X-Payment-Signature': signature });
  });

  test('x402 v1: X-PAYMENT', async () => {
    const accepted = await required();
    const { authorization, signature } = await payer.sign(accepted, now());
    await pays({ 'X-PAYMENT': b64({ x402Version: 1, scheme: 'exact', network: 'base', payload: { signature, authorization } }) });
  });

  test('x402 v2: PAYMENT-SIGNATURE', async () => {
    const { accepted, resource } = acceptedOf((await call()).headers);
    const { authorization, signature } = await payer.sign(accepted, now());
    await pays({ 'PAYMENT-SIGNATURE': b64({ x402Version: 2, resource, accepted, payload: { signature, authorization } }) });
  });

  test('every refusal is a 402 with its reason, and nothing settles', async () => {
    const accepted = await required();
    const t = now();
    const before = await usdcOnBase();
    const v2 = async (signed: { authorization: unknown; signature: string }, a: Accepted = accepted) => ({ 'PAYMENT-SIGNATURE': b64({ x402Version: 2, accepted: a, payload: signed }) });
    const forged = await poor.sign(accepted, t, { from: payer.address });
    const cases: [string, Record<string, string>][] = [
      ['invalid_exact_evm_payload_signature', await v2(forged)],
      ['invalid_exact_evm_payload_recipient_mismatch', await v2(await payer.sign(accepted, t, { to: payer.address }))],
      ['invalid_exact_evm_payload_authorization_value', await v2(await payer.sign(accepted, t, { value: '9999' }))],
      ['invalid_exact_evm_payload_authorization_valid_before', await v2(await payer.sign(accepted, t, { validBefore: String(t) }))],
      ['invalid_exact_evm_payload_authorization_valid_after', await v2(await payer.sign(accepted, t, { validAfter: String(t + 10) }))],
      ['invalid_exact_evm_payload_signature', await v2(await payer.sign(accepted, t, {}, 84532))],
      ['insufficient_funds', await v2(await poor.sign(accepted, t))],
      ['invalid_network', await v2(await payer.sign(accepted, t), { ...accepted, network: 'eip155:84532' })],
      ['invalid_payload', { 'PAYMENT-SIGNATURE': '%%%not base64%%%' }],
      ['invalid_payload', { 'X-PAYMENT': Buffer.from('{not json').toString('base64') }],
      ['invalid_payload', { 'X-Payment-Payload': b64({ hello: 'world' }), 'X-Payment-Signature': `0x${'11'.repeat(65)}` }],
      ['invalid_payload', { 'X-Payment-Payload': b64({}) }],
    ];
    for (const [reason, headers] of cases) {
      const answer = await call(headers);
      assert.is(answer.status, 402, `${reason}: ${answer.status} ${JSON.stringify(answer.body)}`);
      assert.is(answer.body.error, reason, JSON.stringify(answer.body));
      assert.is(answer.headers.get('x-payment-required'), 'true');
    }
    assert.is(await usdcOnBase(), before);
    const payments = (await k.request('GET', '/api/v2/x402/payments?per_page=100', { key: seller.key })).body.data.map((one: unknown) => paymentView.parse(one));
    assert.ok(payments.some((one: { status: string; failure_reason: string | null }) => one.status === 'failed' && one.failure_reason === 'insufficient_funds'));
    assert.is(payments.filter((one: { status: string }) => one.status === 'settled').length, 3);
  });

  test('a replayed authorization is refused; of 20 concurrent copies exactly one settles', async () => {
    const once = await payer.sign(await required(), now());
    const headers = { 'X-Payment-Payload': b64(once.authorization), 'X-Payment-Signature': once.signature };
    assert.is((await call(headers)).status, 200);
    const replay = await call(headers);
    assert.is(replay.status, 402);
    assert.is(replay.body.error, 'invalid_exact_evm_payload_authorization_nonce_used');
    const before = await usdcOnBase();
    const copy = await payer.sign(await required(), now());
    const answers = await Promise.all(Array.from({ length: 20 }, () => call({ 'X-Payment-Payload': b64(copy.authorization), 'X-Payment-Signature': copy.signature })));
    assert.equal(answers.map((one) => one.status).sort(), [200, ...Array(19).fill(402)]);
    assert.is(BigInt((await usdcOnBase()).replace('.', '')) - BigInt(before.replace('.', '')), 10_000n);
    assert.is((await audit()).ok, true);
  });

  test('payments list for the receiving team only; status and supported', async () => {
    const mine = await k.request('GET', '/api/v2/x402/payments?page=1&per_page=2', { key: seller.key });
    assert.is(mine.status, 200);
    assert.is(mine.body.data.length, 2);
    assert.is((await k.request('GET', '/api/v2/x402/payments', { key: buyer.key })).body.meta.total, 0);
    const status = (await k.request('GET', '/api/v2/x402/status', { key: seller.key })).body.data;
    assert.equal([status.networks, status.assets, status.facilitator.reachable, status.counts.endpoints, status.counts.payments.settled], [['eip155:8453', 'eip155:84532'], ['USDC'], true, 1, 5]);
    const supported = (await k.request('GET', '/api/v2/x402/supported', { key: buyer.key })).body.data;
    assert.equal(supported.networks.map((one: { network: string; assets: { eip712_name: string }[] }) => [one.network, one.assets[0]!.eip712_name]), [['eip155:8453', 'USD Coin'], ['eip155:84532', 'USDC']]);
  });

  test('the facilitator API: supported, verify and settle as x402 defines them', async () => {
    const kinds = (await k.request('GET', '/api/v2/x402/facilitator/supported')).body.data.kinds;
    assert.ok(kinds.some((one: { x402Version: number; network: string }) => one.x402Version === 2 && one.network === 'eip155:8453'));
    const accepted = await required();
    const signed = await payer.sign(accepted, now());
    const body = { x402Version: 2, paymentPayload: { x402Version: 2, accepted, payload: signed }, paymentRequirements: accepted };
    assert.equal((await k.request('POST', '/api/v2/x402/facilitator/verify', { body })).body.data, { isValid: true, payer: payer.address });
    const bad = { ...body, paymentRequirements: { ...accepted, amount: '20000' } };
    assert.equal((await k.request('POST', '/api/v2/x402/facilitator/verify', { body: bad })).body.data, { isValid: false, invalidReason: 'invalid_exact_evm_payload_authorization_value' });
    const before = await usdcOnBase();
    const settled = (await k.request('POST', '/api/v2/x402/facilitator/settle', { key: buyer.key, body })).body.data;
    assert.equal([settled.success, settled.payer, settled.network], [true, payer.address, 'eip155:8453']);
    assert.is(BigInt((await usdcOnBase()).replace('.', '')) - BigInt(before.replace('.', '')), 10_000n);
    const again = (await k.request('POST', '/api/v2/x402/facilitator/settle', { key: buyer.key, body })).body.data;
    assert.equal([again.success, again.errorReason], [false, 'invalid_exact_evm_payload_authorization_nonce_used']);
    assert.is((await k.request('POST', '/api/v2/x402/facilitator/verify', { body: { x402Version: 3 } })).status, 422);
  });

  test('deleting the registration makes the path free again', async () => {
    assert.is((await k.request('DELETE', `/api/v2/x402/endpoints/${endpointId}`, { key: seller.key })).status, 200);
    assert.is((await call()).status, 200);
  });

  test.run();
}
