import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_USD_PRICES } from '../../config/assets.js';
import { parseRate } from '../../kernel/money/rate.js';
import { Chain, EventStore, PriceFeed, UnitOfWork, type PriceQuote } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { lendingMarketAddress } from './domain/positions/lending-market.js';
import { LendingPositionView } from './operations.js';

/**
 * Lending end to end on every store, at prices the test sets: supply is
 * collateral, borrowing past its loan-to-value is refused with nothing
 * moved, interest accrues by the clock exactly, a price fall under the
 * warning threshold emits one position.liquidation_warning per crossing,
 * and closing settles with interest; the ledger and the chains reconcile.
 */
class SettableFeed implements PriceFeed {
  readonly prices = new Map<string, string>();
  constructor(private readonly now: () => Date) {}
  async usdPrice(assetCode: string): Promise<PriceQuote> {
    // Holding codes (USDC@base) are priced as their asset, as the real feed does.
    const asset = assetCode.split('@')[0]!;
    const text = this.prices.get(asset) ?? DEFAULT_USD_PRICES[asset];
    if (!text) throw new RangeError(`no price for ${assetCode}`);
    return { assetCode, usd: parseRate(text), at: this.now() };
  }
}

const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const units = (text: string) => BigInt(text.replace('.', ''));
const BASE = 8453;

for (const store of stores) {
  const test = suite(`defi lending: ${store}`);
  let k: TestKernel;
  let feed: SettableFeed;
  let ada: TestUser;
  let bob: TestUser;
  let account: string;
  let supply: LendingPositionView;
  let borrow: LendingPositionView;

  const post = (path: string, body: unknown, key = ada.key) => k.request('POST', path, { key, body });
  const read = async (id: string) => LendingPositionView.parse((await k.request('GET', `/api/v2/defi/lending/positions/${id}`, { key: ada.key })).body.data);
  const holdings = async () =>
    Object.fromEntries(
      (await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: ada.key })).body.data.balances.map((row: { asset_code: string; chain: string; total_balance: string }) => [`${row.asset_code}@${row.chain}`, row.total_balance]),
    );
  const market = (token: string) => k.get(UnitOfWork).run((tx) => k.get(Chain).balanceOf(tx, 'base', lendingMarketAddress(BASE), token));
  const audit = async () => (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;
  const events = async (type: string) => (await k.get(EventStore).readAfter(0n, 100_000)).filter((one) => one.type === type && one.teamId === ada.teamId);

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'chains', 'defi'], now: '2026-03-01T00:00:00.000Z', overrides: [[PriceFeed, (feed = new SettableFeed(() => k?.clock.now() ?? new Date('2026-03-01T00:00:00.000Z')))]] });
    ada = await k.createUser('Ada');
    bob = await k.createUser('Bob');
    account = (await post('/api/v2/accounts', { name: 'Borrower', type: 'business' })).body.data.uuid;
    await post(`/api/v2/accounts/${account}/deposit`, { amount: '10', asset_code: 'WETH', chain: 'base' });
    await post(`/api/v2/accounts/${account}/deposit`, { amount: '1000', asset_code: 'USDC', chain: 'base' });
  });
  test.after(() => k.close());

  test('the market is seeded once with its own liquidity on every chain', async () => {
    // $50M of USDC at $1, and of WETH at $3400 (rounded down).
    assert.is(await market('USDC'), 50_000_000_000_000n);
    assert.is(await market('WETH'), (50_000_000n * 10n ** 18n) / 3400n);
  });

  test('supplying pays the holding into the market on chain and opens a position', async () => {
    const before = await market('WETH');
    const response = await post('/api/v2/defi/lending/supply', { chain: 'eip155:8453', token: 'WETH', amount: '10' });
    assert.is(response.status, 201, JSON.stringify(response.body));
    supply = LendingPositionView.parse(response.body.data);
    assert.equal([supply.type, supply.status, supply.account_id, supply.principal, supply.health_factor, supply.apy_percent, supply.value_usd], ['lending_supply', 'open', account, '10.000000000000000000', null, '1.5000', '34000.00']);
    assert.is(await market('WETH'), before + 10n * 10n ** 18n);
    assert.is((await holdings())['WETH@base'], '0.000000000000000000');
    const opened = await events('position.opened');
    assert.equal(opened.map((one) => one.payload.position_id), [supply.position_id]);
    assert.is((await audit()).ok, true);
  });

  test('borrowing past the loan-to-value is a 422 and moves nothing; within it pays out of the market', async () => {
    // Capacity: 10 WETH × $3400 × 80.5 % = $27 370.
    const before = await holdings();
    const refused = await post('/api/v2/defi/lending/borrow', { chain: 'base', token: 'USDC', amount: '27370.000001' });
    assert.equal([refused.status, refused.body.errors[0].code, refused.body.errors[0].source?.pointer], [422, 'borrow_limit_exceeded', '/amount']);
    assert.equal(await holdings(), before);
    const response = await post('/api/v2/defi/lending/borrow', { chain: 'base', token: 'USDC', amount: '27000' });
    assert.is(response.status, 201, JSON.stringify(response.body));
    borrow = LendingPositionView.parse(response.body.data);
    // Health: 34 000 × 83 % / 27 000 = 1.045185…
    assert.equal([borrow.type, borrow.health_factor, borrow.apy_percent], ['lending_borrow', '1.045185', '5.0000']);
    assert.is((await holdings())['USDC@base'], '28000.000000');
    assert.is((await audit()).ok, true);
  });

  test('interest accrues by the clock, exactly (borrow rounded up, supply down)', async () => {
    k.clock.advance(365 * 86_400_000);
    assert.equal([(await read(borrow.position_id)).accrued_interest, (await read(supply.position_id)).accrued_interest], ['1350.000000', '0.150000000000000000']);
    k.clock.advance(1000);
    // 27 000 × 5 % × 1 s / year = 0.0000428… USDC: rounded up to 0.000043.
    assert.is((await read(borrow.position_id)).accrued_interest, '1350.000043');
  });

  test('a health factor under the threshold warns once per crossing as prices move (the scheduled check)', async () => {
    const warnings = async () => (await events('position.liquidation_warning')).length;
    // Debt 28 350 USDC after a year; collateral 10.15 WETH × 83 %: the factor crosses 1.1 at about $3 702.
    feed.prices.set('WETH', '3800');
    await k.runScheduled();
    assert.is(await warnings(), 0, 'above 1.1: no warning');
    feed.prices.set('WETH', '3600');
    await k.runScheduled();
    assert.is(await warnings(), 1);
    await k.runScheduled();
    assert.is(await warnings(), 1, 'still under: no second warning');
    const [warning] = await events('position.liquidation_warning');
    assert.equal([warning!.payload.account_id, warning!.payload.chain, warning!.payload.threshold, warning!.payload.borrow_position_ids], [account, 'base', '1.100000', [borrow.position_id]]);
    assert.ok(units(warning!.payload.health_factor as string) < 1_100_000n);
    feed.prices.set('WETH', '4000');
    await k.runScheduled();
    feed.prices.set('WETH', '3400');
    await k.runScheduled();
    assert.is(await warnings(), 2, 'a new crossing warns again');
  });

  test('closing: no withdrawal under debt, repay with interest once, then withdraw with interest', async () => {
    const refused = await post(`/api/v2/defi/lending/positions/${supply.position_id}/close`, {});
    assert.equal([refused.status, refused.body.errors[0].code], [422, 'borrow_limit_exceeded']);
    assert.is((await post(`/api/v2/defi/lending/positions/${borrow.position_id}/close`, {}, bob.key)).status, 404);
    const short = await post(`/api/v2/defi/lending/positions/${borrow.position_id}/close`, {});
    assert.equal([short.status, short.body.errors[0].code], [422, 'insufficient_funds'], 'the interest is more than the account holds');
    assert.is((await read(borrow.position_id)).status, 'open');
    await post(`/api/v2/accounts/${account}/deposit`, { amount: '400', asset_code: 'USDC', chain: 'base' });
    const repaid = await post(`/api/v2/defi/lending/positions/${borrow.position_id}/close`, {});
    assert.is(repaid.status, 200, JSON.stringify(repaid.body));
    const closed = LendingPositionView.parse(repaid.body.data);
    assert.equal([closed.status, closed.current_amount, closed.health_factor], ['closed', '28350.000043', null]);
    assert.is((await holdings())['USDC@base'], '49.999957');
    const again = await post(`/api/v2/defi/lending/positions/${borrow.position_id}/close`, {});
    assert.equal([again.status, again.body.errors[0].code], [409, 'position_closed']);

    const marketBefore = await market('WETH');
    const withdrawn = LendingPositionView.parse((await post(`/api/v2/defi/lending/positions/${supply.position_id}/close`, {})).body.data);
    // 10 WETH × 1.5 % × (one year + 1 s) / year, rounded down.
    const interest = (10n * 10n ** 18n * 150n * (365n * 86_400_000n + 1000n)) / (10_000n * 365n * 86_400_000n);
    assert.is(units(withdrawn.current_amount), 10n * 10n ** 18n + interest);
    assert.is(units((await holdings())['WETH@base']), 10n * 10n ** 18n + interest);
    assert.is(await market('WETH'), marketBefore - 10n * 10n ** 18n - interest);
    assert.equal((await events('position.closed')).map((one) => [one.payload.position_id, one.payload.type]), [[borrow.position_id, 'lending_borrow'], [supply.position_id, 'lending_supply']]);
    const listed = (await k.request('GET', '/api/v2/defi/lending/positions', { key: ada.key })).body.data;
    assert.is(listed.length, 2);
    assert.equal((await k.request('GET', '/api/v2/defi/lending/positions', { key: bob.key })).body.data, []);
    assert.is((await audit()).ok, true);
  });

  test('bad input is a 4xx at its field and moves nothing', async () => {
    const other = (await post('/api/v2/accounts', { name: 'Bob', type: 'business' }, bob.key)).body.data.uuid;
    const before = await holdings();
    const cases: Array<[string, Record<string, unknown>, number, string, string]> = [
      ['supply', { chain: 'base', token: 'POL', amount: '1' }, 422, '/token', 'token_not_listed'],
      ['supply', { chain: 'solana', token: 'USDC', amount: '1' }, 422, '/chain', ''],
      ['supply', { chain: 'base', token: 'USDC', amount: '1.0000001' }, 422, '/amount', 'invalid_amount'],
      ['supply', { chain: 'base', token: 'USDC', amount: '0' }, 422, '/amount', 'invalid_amount'],
      ['supply', { chain: 'base', token: 'USDC', amount: '-5' }, 422, '/amount', 'invalid_amount'],
      ['supply', { chain: 'base', token: 'USDC', amount: '1'.repeat(90) }, 422, '', ''],
      ['supply', { chain: 'base', token: 'USDC', amount: '100000' }, 422, '', 'insufficient_funds'],
      ['supply', { chain: 'base', token: 'USDC', amount: '1', account_id: other }, 404, '/account_id', ''],
      ['borrow', { chain: 'base', token: 'DAI', amount: '1' }, 422, '/amount', 'borrow_limit_exceeded'],
      ['borrow', { chain: 'base', token: 'USDC', amount: '1', extra: true }, 422, '', ''],
    ];
    for (const [side, body, status, pointer, code] of cases) {
      const response = await post(`/api/v2/defi/lending/${side}`, body);
      assert.is(response.status, status, JSON.stringify([body, response.body]));
      if (code) assert.is(response.body.errors[0].code, code, JSON.stringify(response.body));
      if (pointer) assert.is(response.body.errors[0].source?.pointer, pointer, JSON.stringify(response.body));
    }
    assert.is((await post('/api/v2/defi/lending/positions/00000000-0000-4000-8000-000000000000/close', {})).status, 404);
    assert.is((await post('/api/v2/defi/lending/positions/not-a-uuid/close', {})).status, 422);
    assert.equal(await holdings(), before);
  });

  test.run();
}
