import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertConservation } from '../fixtures/conservation.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { balances, basketMove, codes, deposit, FUNDING, openAccount } from './gcu-helpers.js';

/**
 * Compose and decompose over real HTTP with the simulated price feed: one
 * ledger movement each, exact conservation, 422 with nothing moved on bad
 * input or short components, and the documented rounding on a round trip.
 */
const test = suite('gcu compose/decompose e2e');
let k: TestKernel;
let ada: TestUser;
let bob: TestUser;
let account: string;

test.before(async () => {
  k = await bootTestKernel({
    modules: ['identity', 'core-banking', 'gcu'],
    config: { prices: { source: 'simulated', seed: 'compose', epoch: '2025-12-01T00:00:00Z' }, pluginConfig: { gcu: { tick_interval_ms: 0 } } } as any,
  });
  ada = await k.createUser('Ada');
  bob = await k.createUser('Bob');
  account = await openAccount(k, ada);
  await deposit(k, ada, account, FUNDING);
});
test.after(async () => {
  await k?.close();
});

test('compose debits every component in proportion and credits units; decompose gives them back less at most one minor unit each', async () => {
  const before = await balances(k, ada, account);
  const composed = await basketMove(k, ada, account, 'compose', '1234.5678');
  assert.is(composed.status, 200, JSON.stringify(composed.body));
  const c = composed.body.data;
  assert.is(c.basket_amount, '1234.5678');
  assert.equal(Object.keys(c.components).sort(), ['CHF', 'EUR', 'GBP', 'JPY', 'USD', 'XAU']);
  const mid = await balances(k, ada, account);
  assert.is(mid.GCU, '1234.5678');
  // USD is 40 % of a unit worth 1.10 USD at genesis: 0.44 USD a unit, 543.21 (rounded up) for 1234.5678 units.
  assert.is(c.components.USD, '543.21');

  const decomposed = await basketMove(k, ada, account, 'decompose', '1234.5678');
  assert.is(decomposed.status, 200, JSON.stringify(decomposed.body));
  const after = await balances(k, ada, account);
  assert.is(after.GCU, '0.0000');
  for (const code of ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'XAU']) {
    const precision = code === 'JPY' ? 0 : code === 'XAU' ? 3 : 2;
    const lost = Math.round((Number(before[code]) - Number(after[code])) * 10 ** precision);
    assert.ok(lost === 0 || lost === 1, `${code} lost ${lost} minor units`);
  }
  await assertConservation(k);
});

test('short of one component: 422 insufficient_funds naming it, nothing moves', async () => {
  const poor = await openAccount(k, ada, 'Poor');
  await deposit(k, ada, poor, { USD: '1000.00', EUR: '1000.00', GBP: '1000.00', CHF: '1000.00', JPY: '100000' });
  const before = await balances(k, ada, poor);
  const response = await basketMove(k, ada, poor, 'compose', '100.0000');
  assert.is(response.status, 422);
  assert.equal(codes(response.body), ['insufficient_funds']);
  assert.match(response.body.errors[0].detail, /XAU/);
  assert.equal(await balances(k, ada, poor), before);
  await assertConservation(k);
});

test('bad input is a 422 with a pointer; other teams cannot touch the account', async () => {
  const cases: [unknown, string][] = [
    [{ basket_code: 'GCU', amount: '1.00001' }, '/amount'],
    [{ basket_code: 'GCU', amount: '-1' }, '/amount'],
    [{ basket_code: 'GCU', amount: '0' }, '/amount'],
    [{ basket_code: 'NOPE', amount: '1' }, '/basket_code'],
    [{ basket_code: 'GCU', amount: 1 }, '/amount'],
  ];
  for (const [body, pointer] of cases) {
    const response = await k.request('POST', `/api/v2/accounts/${account}/baskets/compose`, { key: ada.key, body });
    assert.is(response.status, 422, JSON.stringify(body));
    assert.is(response.body.errors[0].source.pointer, pointer, JSON.stringify(response.body));
  }
  const foreign = await basketMove(k, bob, account, 'compose', '1.0000');
  assert.is(foreign.status, 404);
  const tooMuch = await basketMove(k, ada, account, 'decompose', '5.0000');
  assert.is(tooMuch.status, 422);
  assert.equal(codes(tooMuch.body), ['insufficient_funds']);
});

test('the reserve backs every unit: system accounts sum to zero against the customer side', async () => {
  const composed = await basketMove(k, ada, account, 'compose', '10.0000');
  assert.is(composed.status, 200);
  const report = await assertConservation(k);
  const gcu = report.totals.find((row) => row.teamId === ada.teamId && row.assetCode === 'GCU')!;
  assert.is(gcu.customerBalances, 100_000n);
  assert.is(gcu.system['system:basket-issuer.gcu'], -100_000n);
  const info = (await k.request('GET', '/api/v2/gcu', { key: bob.key })).body.data;
  assert.is(info.statistics.total_supply, '10.0000');
  const usd = report.totals.find((row) => row.teamId === ada.teamId && row.assetCode === 'USD')!;
  assert.ok(usd.system['system:basket-reserve.gcu']! >= 400n, String(usd.system['system:basket-reserve.gcu']));
});

test('parallel first composes of a new team all count: every unit stays redeemable', async () => {
  const cy = await k.createUser('Cy');
  const accounts = [await openAccount(k, cy, 'One'), await openAccount(k, cy, 'Two')];
  for (const id of accounts) await deposit(k, cy, id, FUNDING);
  const moves = await Promise.all(Array.from({ length: 8 }, (_, i) => basketMove(k, cy, accounts[i % 2]!, 'compose', '3.0000')));
  assert.equal(moves.map((m) => m.status), Array(8).fill(200));
  for (const id of accounts) {
    assert.is((await balances(k, cy, id)).GCU, '12.0000');
    const out = await basketMove(k, cy, id, 'decompose', '12.0000');
    assert.is(out.status, 200, JSON.stringify(out.body));
  }
  await assertConservation(k);
});

test.run();
