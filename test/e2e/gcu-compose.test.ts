import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoreKind } from '../../adapters/store.js';
import { assertConservation } from '../fixtures/conservation.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { balances, basketMove, codes, deposit, FUNDING, openAccount } from './gcu-helpers.js';

/**
 * Compose and decompose over real HTTP on the memory store, PGlite and (with
 * DATABASE_URL) PostgreSQL, under the static price table so every figure is
 * known: one ledger movement each, exact conservation, 422 with nothing moved
 * on bad input, short components or amounts too small for their rounding,
 * the reported rounding cost on a round trip, and cash in lieu of the
 * components a decompose cannot pay in whole minor units.
 */
const stores: StoreKind[] = process.env.DATABASE_URL ? ['memory', 'pglite', 'postgres'] : ['memory', 'pglite'];
const PRECISION: Record<string, number> = { USD: 2, EUR: 2, GBP: 2, CHF: 2, JPY: 0, XAU: 3 };
const PRICES: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27, CHF: 1.13, JPY: 0.0067, XAU: 2350 };
/** What `before` − `after` is worth in USD at the static prices, in 1e-8 USD (exact: every price has few decimals). */
const usdLost = (before: Record<string, string>, after: Record<string, string>): number =>
  Object.keys(PRECISION).reduce((sum, code) => sum + Math.round((Number(before[code]) - Number(after[code])) * PRICES[code]! * 1e8), 0);
const e8 = (decimal: string) => Math.round(Number(decimal) * 1e8);
/** A balance in minor units: the API shows every decimal of the asset's precision. */
const minor = (decimal: string) => BigInt(decimal.replace('.', ''));

for (const store of stores) {
  const test = suite(`gcu compose/decompose e2e (${store})`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;
  let account: string;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['identity', 'core-banking', 'gcu'], config: { pluginConfig: { gcu: { tick_interval_ms: 0 } } } as any });
    ada = await k.createUser('Ada');
    bob = await k.createUser('Bob');
    account = await openAccount(k, ada);
    await deposit(k, ada, account, FUNDING);
  });
  test.after(async () => {
    await k?.close();
  });

  test('compose debits every component in proportion and credits units; decompose gives them back; the loss is the two reported rounding costs', async () => {
    const before = await balances(k, ada, account);
    const composed = await basketMove(k, ada, account, 'compose', '1234.5678');
    assert.is(composed.status, 200, JSON.stringify(composed.body));
    const c = composed.body.data;
    assert.is(c.basket_amount, '1234.5678');
    assert.equal(Object.keys(c.components).sort(), ['CHF', 'EUR', 'GBP', 'JPY', 'USD', 'XAU']);
    // USD is 40 % of a unit worth 1.10 USD: 0.44 USD a unit, 543.21 (rounded up) for 1234.5678 units.
    assert.is(c.components.USD, '543.21');
    assert.is(c.value_usd, '1358.02458000');
    assert.is((await balances(k, ada, account)).GCU, '1234.5678');

    const decomposed = await basketMove(k, ada, account, 'decompose', '1234.5678');
    assert.is(decomposed.status, 200, JSON.stringify(decomposed.body));
    const d = decomposed.body.data;
    const after = await balances(k, ada, account);
    assert.is(after.GCU, '0.0000');
    assert.is(c.cash_in_lieu_usd, '0.00');
    // The remainders below each minor unit (0.0008 oz of gold among them) come back as 1.35 USD.
    assert.is(d.cash_in_lieu_usd, '1.35');
    for (const code of Object.keys(PRECISION)) {
      const lost = Math.round((Number(before[code]) - Number(after[code])) * 10 ** PRECISION[code]!);
      if (code === 'USD') assert.is(lost, 54321 - 54320 - 135, 'USD: one cent of rounding, less the cash in lieu');
      else assert.ok(lost === 0 || lost === 1, `${code} lost ${lost} minor units`);
    }
    const lost = usdLost(before, after);
    const reported = e8(c.rounding_cost_usd) + e8(d.rounding_cost_usd);
    assert.ok(Math.abs(lost - reported) <= 1, `lost ${lost}, reported ${reported} (1e-8 USD)`);
    // Each leg stays within the 0.5 % tolerance of the value.
    assert.ok(e8(c.rounding_cost_usd) <= e8(c.value_usd) * 0.005 && e8(d.rounding_cost_usd) <= e8(d.value_usd) * 0.005);
    await assertConservation(k);
  });

  test('amounts too small for their rounding are refused with the minimum, and nothing moves', async () => {
    const info = (await k.request('GET', '/api/v2/gcu', { key: ada.key })).body.data;
    // Σ one minor unit of each component × price = 2.4015 USD; at most 0.5 % of the value: 2.4015 / (0.005 × 1.10) units.
    // A decompose keeps less than a cent (the cash in lieu is rounded down): 0.01 / (0.005 × 1.10) units.
    assert.equal(info.exchange, { max_rounding_cost: '0.005', minimum_compose: '436.6364', minimum_decompose: '1.8182' });
    assert.is((await basketMove(k, ada, account, 'compose', '1000.0000')).status, 200);
    const before = await balances(k, ada, account);

    const one = await basketMove(k, ada, account, 'compose', '1.0000');
    assert.is(one.status, 422);
    assert.equal(codes(one.body), ['rounding_cost_too_high']);
    assert.is(one.body.errors[0].source.pointer, '/amount');
    // 1.10 USD of units would cost a whole 0.001 oz of gold among others.
    assert.match(one.body.errors[0].detail, '2.34 USD, 212.40 % of their 1.10 USD value; at most 0.5 % is accepted. Amounts of at least 436.6364 GCU always are.');
    assert.equal(codes((await basketMove(k, ada, account, 'compose', '10.0000')).body), ['rounding_cost_too_high']);
    assert.equal(codes((await basketMove(k, ada, account, 'compose', '0.0001')).body), ['rounding_cost_too_high']);

    // 0.0001 GCU is worth 0.00011 USD: no minor unit of anything, not a cent of cash; all of it would be kept.
    const tiny = await basketMove(k, ada, account, 'decompose', '0.0001');
    assert.is(tiny.status, 422);
    assert.equal(codes(tiny.body), ['rounding_cost_too_high']);
    assert.is(tiny.body.errors[0].source.pointer, '/amount');
    assert.match(tiny.body.errors[0].detail, 'Amounts of at least 1.8182 GCU always are.');
    // 0.5 GCU would keep 0.0032 USD, 0.58 % of its 0.55 USD.
    assert.equal(codes((await basketMove(k, ada, account, 'decompose', '0.5000')).body), ['rounding_cost_too_high']);

    assert.equal(await balances(k, ada, account), before);
    // Below the minimum an amount whose rounding happens to be small still passes: 1 GCU keeps 0.0051 USD (0.46 %).
    const lucky = await basketMove(k, ada, account, 'decompose', '1.0000');
    assert.is(lucky.status, 200, JSON.stringify(lucky.body));
    assert.equal([lucky.body.data.cash_in_lieu_usd, lucky.body.data.rounding_cost_usd], ['0.05', '0.00510000']);
    assert.is((await basketMove(k, ada, account, 'decompose', '999.0000')).status, 200);
    await assertConservation(k);
  });

  test('a holder redeems what they composed: 100 GCU back pay the gold as cash in lieu, and the reserve keeps only dust', async () => {
    const systemHolding = async (asset: string, system: string) =>
      (await assertConservation(k)).totals.find((r) => r.teamId === ada.teamId && r.assetCode === asset)?.system[system] ?? 0n;
    const marketUsd = await systemHolding('USD', 'system:basket-rebalance.gcu');
    const reserveXau = await systemHolding('XAU', 'system:basket-reserve.gcu');
    const before = await balances(k, ada, account);
    const composed = await basketMove(k, ada, account, 'compose', '100.0000');
    assert.is(composed.status, 200, JSON.stringify(composed.body));
    // Composing rounds up: a whole 0.001 oz of gold for the 0.00093617 oz in 100 units; 0.17 USD (0.16 %) of rounding.
    assert.equal([composed.body.data.components.XAU, composed.body.data.rounding_cost_usd], ['0.001', '0.17410000']);

    const decomposed = await basketMove(k, ada, account, 'decompose', '100.0000');
    assert.is(decomposed.status, 200, JSON.stringify(decomposed.body));
    const d = decomposed.body.data;
    // In kind, rounded down: no gold. In cash: the 0.00093617 oz (2.20 USD) and the other remainders, 2.2174 USD, rounded down to the cent.
    assert.equal(d.components, { USD: '44.00', EUR: '30.55', GBP: '12.99', CHF: '9.73', JPY: '492' });
    assert.equal([d.cash_in_lieu_usd, d.rounding_cost_usd, d.value_usd], ['2.21', '0.00740000', '110.00000000']);

    const after = await balances(k, ada, account);
    assert.is(after.GCU, before.GCU);
    assert.is(minor(before.XAU!) - minor(after.XAU!), 1n, 'the 0.001 oz composed stays in the reserve');
    assert.is(minor(after.USD!) - minor(before.USD!), 221n, 'USD: 44.00 out, 44.00 back, plus 2.21 in lieu');
    // The round trip costs exactly the two reported costs: 0.1741 + 0.0074 USD.
    assert.is(usdLost(before, after), e8(composed.body.data.rounding_cost_usd) + e8(d.rounding_cost_usd));

    // The cash came from the market side, not from the reserve, which keeps the 0.001 oz (until the next rebalancing trades it there).
    assert.is((await systemHolding('USD', 'system:basket-rebalance.gcu')) - marketUsd, -221n);
    assert.is((await systemHolding('XAU', 'system:basket-reserve.gcu')) - reserveXau, 1n);
  });

  test('a round trip of the minimum amount costs at most twice the tolerance', async () => {
    const before = await balances(k, ada, account);
    const composed = await basketMove(k, ada, account, 'compose', '436.6364');
    assert.is(composed.status, 200, JSON.stringify(composed.body));
    const decomposed = await basketMove(k, ada, account, 'decompose', '436.6364');
    assert.is(decomposed.status, 200, JSON.stringify(decomposed.body));
    const value = e8(composed.body.data.value_usd);
    assert.ok(usdLost(before, await balances(k, ada, account)) <= value * 0.01, 'round trip ≤ 1 % of the value');
    await assertConservation(k);
  });

  test('short of one component: 422 insufficient_funds naming it, nothing moves', async () => {
    const poor = await openAccount(k, ada, 'Poor');
    await deposit(k, ada, poor, { USD: '1000.00', EUR: '1000.00', GBP: '1000.00', CHF: '1000.00', JPY: '100000' });
    const before = await balances(k, ada, poor);
    const response = await basketMove(k, ada, poor, 'compose', '1000.0000');
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
    const foreign = await basketMove(k, bob, account, 'compose', '1000.0000');
    assert.is(foreign.status, 404);
    const tooMuch = await basketMove(k, ada, account, 'decompose', '5000.0000');
    assert.is(tooMuch.status, 422);
    assert.equal(codes(tooMuch.body), ['insufficient_funds']);
  });

  test('the reserve backs every unit: system accounts sum to zero against the customer side', async () => {
    const composed = await basketMove(k, ada, account, 'compose', '1000.0000');
    assert.is(composed.status, 200);
    const report = await assertConservation(k);
    const gcu = report.totals.find((row) => row.teamId === ada.teamId && row.assetCode === 'GCU')!;
    assert.is(gcu.customerBalances, 10_000_000n);
    assert.is(gcu.system['system:basket-issuer.gcu'], -10_000_000n);
    const info = (await k.request('GET', '/api/v2/gcu', { key: bob.key })).body.data;
    assert.is(info.statistics.total_supply, '1000.0000');
    const usd = report.totals.find((row) => row.teamId === ada.teamId && row.assetCode === 'USD')!;
    assert.ok(usd.system['system:basket-reserve.gcu']! >= 44_000n, String(usd.system['system:basket-reserve.gcu']));
  });

  test('parallel first composes of a new team all count: every unit stays redeemable', async () => {
    const cy = await k.createUser('Cy');
    const accounts = [await openAccount(k, cy, 'One'), await openAccount(k, cy, 'Two')];
    for (const id of accounts) await deposit(k, cy, id, FUNDING);
    const moves = await Promise.all(Array.from({ length: 8 }, (_, i) => basketMove(k, cy, accounts[i % 2]!, 'compose', '500.0000')));
    assert.equal(moves.map((m) => m.status), Array(8).fill(200), JSON.stringify(moves.map((m) => m.body)));
    for (const id of accounts) {
      assert.is((await balances(k, cy, id)).GCU, '2000.0000');
      const out = await basketMove(k, cy, id, 'decompose', '2000.0000');
      assert.is(out.status, 200, JSON.stringify(out.body));
    }
    assert.is((await k.request('GET', '/api/v2/gcu', { key: cy.key })).body.data.statistics.total_supply, '1000.0000');
    await assertConservation(k);
  });

  test.run();
}

{
  const test = suite('gcu decompose with a 100 % tolerance (memory)');
  test('a decompose that would pay nothing at all is refused even when the tolerance would let its cost through', async () => {
    const k = await bootTestKernel({ store: 'memory', modules: ['identity', 'core-banking', 'gcu'], config: { pluginConfig: { gcu: { tick_interval_ms: 0, max_rounding_cost: '1' } } } as any });
    try {
      const ada = await k.createUser('Ada');
      const account = await openAccount(k, ada);
      await deposit(k, ada, account, FUNDING);
      assert.is((await basketMove(k, ada, account, 'compose', '10.0000')).status, 200);
      const before = await balances(k, ada, account);
      const nothing = await basketMove(k, ada, account, 'decompose', '0.0001');
      assert.is(nothing.status, 422);
      assert.equal(codes(nothing.body), ['amount_below_minimum']);
      assert.match(nothing.body.errors[0].detail, 'would pay nothing');
      assert.equal(await balances(k, ada, account), before);
      assert.is((await basketMove(k, ada, account, 'decompose', '10.0000')).status, 200);
      await assertConservation(k);
    } finally {
      await k.close();
    }
  });
  test.run();
}
