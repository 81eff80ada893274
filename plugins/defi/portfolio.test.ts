import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { PortfolioView } from './operations.js';

/** The portfolio on every store: every open position of every kind, valued now, per team and per account. */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const cents = (usd: string) => BigInt(usd.replace('.', ''));

for (const store of stores) {
  const test = suite(`defi portfolio: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;
  let first: string;
  let second: string;

  const post = (path: string, body: unknown, key = ada.key) => k.request('POST', path, { key, body });
  const portfolio = async (query = '', key = ada.key) => k.request('GET', `/api/v2/defi/portfolio${query}`, { key });

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'chains', 'defi'], now: '2026-03-01T00:00:00.000Z' });
    ada = await k.createUser('Ada');
    bob = await k.createUser('Bob');
    first = (await post('/api/v2/accounts', { name: 'One', type: 'business' })).body.data.uuid;
    second = (await post('/api/v2/accounts', { name: 'Two', type: 'business' })).body.data.uuid;
    await post(`/api/v2/accounts/${first}/deposit`, { amount: '10', asset_code: 'WETH', chain: 'base' });
    await post(`/api/v2/accounts/${first}/deposit`, { amount: '10000', asset_code: 'USDC', chain: 'base' });
    await post(`/api/v2/accounts/${second}/deposit`, { amount: '1', asset_code: 'WETH', chain: 'base' });
  });
  test.after(() => k.close());

  test('every kind of open position, with value, APY, rewards and health; totals', async () => {
    for (const [path, body] of [
      ['/api/v2/defi/lending/supply', { chain: 'base', token: 'WETH', amount: '5', account_id: first }],
      ['/api/v2/defi/lending/borrow', { chain: 'base', token: 'USDC', amount: '1000', account_id: first }],
      ['/api/v2/defi/staking', { program: 'staking:WETH', chain: 'base', amount: '1', account_id: second }],
      ['/api/v2/defi/liquidity', { pool_id: 'base:uniswap_v3:USDC-WETH:500', token: 'USDC', amount: '1000', account_id: first }],
    ] as const) {
      const response = await post(path, body);
      assert.is(response.status, 201, JSON.stringify([path, response.body]));
    }
    k.clock.advance(86_400_000);
    const response = await portfolio();
    assert.is(response.status, 200, JSON.stringify(response.body));
    const view = PortfolioView.parse(response.body.data);
    assert.equal(view.positions.map((one) => one.type).sort(), ['lending_borrow', 'lending_supply', 'liquidity_pool', 'staking']);
    const borrow = view.positions.find((one) => one.type === 'lending_borrow')!;
    assert.ok(borrow.health_factor !== null && cents(borrow.accrued_rewards[0]!.amount) > 0n, JSON.stringify(borrow));
    assert.is(view.positions.find((one) => one.type === 'staking')!.apy_percent, '3.2000');
    assert.is(view.positions.find((one) => one.type === 'liquidity_pool')!.apy_percent, null);
    const sum = view.positions.filter((one) => one.type !== 'lending_borrow').reduce((total, one) => total + cents(one.value_usd), 0n);
    assert.equal([cents(view.assets_usd), cents(view.debt_usd), cents(view.net_usd)], [sum, cents(borrow.value_usd), sum - cents(borrow.value_usd)]);

    const only = PortfolioView.parse((await portfolio(`?account_id=${second}`)).body.data);
    assert.equal([only.account_id, only.positions.map((one) => one.type)], [second, ['staking']]);
  });

  test('another team sees nothing of it; its account is a 404', async () => {
    assert.equal(PortfolioView.parse((await portfolio('', bob.key)).body.data).positions, []);
    const foreign = await portfolio(`?account_id=${first}`, bob.key);
    assert.equal([foreign.status, foreign.body.errors[0].source?.pointer], [404, '/account_id']);
  });

  test.run();
}
