import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { Chain, UnitOfWork } from '../../kernel/public.js';
import { poolAddress } from './domain/protocol-address.js';
import { LiquidityPositionView } from './operations.js';
import { PoolRepository } from './ports.js';

/**
 * Liquidity positions end to end on every store: adding pays every token in
 * the pool's proportions and mints shares, swaps through the pool give fee
 * income, removing pays the shares' part of the reserves; the pool's
 * reserves, its on-chain balances, the ledger and the chains stay in step.
 */
const POOL = 'base:uniswap_v3:USDC-WETH:500';
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const units = (text: string) => BigInt(text.replace('.', ''));

for (const store of stores) {
  const test = suite(`defi liquidity: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;
  let account: string;
  let position: LiquidityPositionView;

  const post = (path: string, body: unknown, key = ada.key) => k.request('POST', path, { key, body });
  const holdings = async () =>
    Object.fromEntries(
      (await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: ada.key })).body.data.balances.map((row: { asset_code: string; chain: string; total_balance: string }) => [`${row.asset_code}@${row.chain}`, row.total_balance]),
    );
  const reserves = async () => (await k.get(UnitOfWork).run((tx) => k.get(PoolRepository).lock(tx, [POOL])))[0]!;
  const audit = async () => (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'chains', 'defi'], now: '2026-03-01T00:00:00.000Z' });
    ada = await k.createUser('Ada');
    bob = await k.createUser('Bob');
    account = (await post('/api/v2/accounts', { name: 'LP', type: 'business' })).body.data.uuid;
    await post(`/api/v2/accounts/${account}/deposit`, { amount: '100000', asset_code: 'USDC', chain: 'base' });
    await post(`/api/v2/accounts/${account}/deposit`, { amount: '50', asset_code: 'WETH', chain: 'base' });
  });
  test.after(() => k.close());

  test('adding pays both tokens in the pool\'s proportions and mints shares; the pool holds them on chain', async () => {
    const before = await reserves();
    const added = await post('/api/v2/defi/liquidity', { pool_id: POOL, token: 'USDC', amount: '5000' });
    assert.is(added.status, 201, JSON.stringify(added.body));
    position = LiquidityPositionView.parse(added.body.data);
    assert.equal([position.status, position.account_id, position.type], ['open', account, 'liquidity_pool']);
    const [usdc, weth] = position.deposited.map((one) => units(one.amount));
    assert.is(usdc, 5_000_000_000n);
    const after = await reserves();
    assert.equal(after.reserves, [before.reserves[0]! + usdc!, before.reserves[1]! + weth!]);
    assert.ok(weth! * before.reserves[0]! >= 5_000_000_000n * before.reserves[1]!, 'the other token is rounded up');
    assert.equal(await holdings(), { 'USDC@base': '95000.000000', 'WETH@base': `${(50n * 10n ** 18n - weth!) / 10n ** 18n}.${String((50n * 10n ** 18n - weth!) % 10n ** 18n).padStart(18, '0')}` });
    for (const [index, token] of ['USDC', 'WETH'].entries()) {
      assert.is(await k.get(UnitOfWork).run((tx) => k.get(Chain).balanceOf(tx, 'base', poolAddress(8453, POOL), token)), after.reserves[index]);
    }
    assert.is((await audit()).ok, true);
  });

  test('swaps through the pool give the position fee income; removing pays shares of the reserves, once', async () => {
    const trader = (await post('/api/v2/accounts', { name: 'Trader', type: 'business' })).body.data.uuid;
    await post(`/api/v2/accounts/${trader}/deposit`, { amount: '500000', asset_code: 'USDC', chain: 'base' });
    const quote = async (from: string, to: string, amount: string) => (await post('/api/v1/defi/swap/quote', { chain: 'base', token_in: from, token_out: to, amount_in: amount, dex_sources: ['uniswap_v3'] })).body.data;
    const wallet = (await k.request('GET', `/api/v2/accounts/${trader}/deposit-addresses`, { key: ada.key })).body.data.find((one: { chain: string }) => one.chain === 'base').address;
    for (let i = 0; i < 3; i++) {
      const quoted = await quote('USDC', 'WETH', '100000');
      if (quoted.best_route.pools[0] !== POOL) continue;
      assert.is((await post('/api/v1/defi/swap/execute', { quote_id: quoted.quote_id, wallet_address: wallet, max_gas_price_gwei: 100, deadline_minutes: 5 })).status, 201);
    }
    const read = LiquidityPositionView.parse((await k.request('GET', `/api/v2/defi/liquidity/${position.position_id}`, { key: ada.key })).body.data);
    assert.ok(read.fees_earned.some((one) => units(one.amount) > 0n), JSON.stringify(read.fees_earned));
    assert.is((await k.request('GET', `/api/v2/defi/liquidity/${position.position_id}`, { key: bob.key })).status, 404);

    const before = await holdings();
    const removed = await post(`/api/v2/defi/liquidity/${position.position_id}/remove`, {});
    assert.is(removed.status, 200, JSON.stringify(removed.body));
    const closed = LiquidityPositionView.parse(removed.body.data);
    assert.equal([closed.status, closed.fees_earned], ['closed', []]);
    const paid = Object.fromEntries(closed.current_value.map((one) => [one.token, units(one.amount)]));
    const after = await holdings();
    assert.is(units(after['USDC@base']) - units(before['USDC@base']), paid.USDC);
    assert.is(units(after['WETH@base']) - units(before['WETH@base']), paid.WETH);
    const again = await post(`/api/v2/defi/liquidity/${position.position_id}/remove`, {});
    assert.equal([again.status, again.body.errors[0].code], [409, 'position_closed']);
    assert.is((await post(`/api/v2/defi/liquidity/${position.position_id}/remove`, {}, bob.key)).status, 404);
    const events = (await k.store.eventStore.readAfter(0n, 10_000)).filter((event) => event.aggregateId === position.position_id).map((event) => [event.type, (event.payload as { type: string }).type]);
    assert.equal(events, [['position.opened', 'liquidity_pool'], ['position.closed', 'liquidity_pool']]);
    const listed = (await k.request('GET', '/api/v2/defi/liquidity', { key: ada.key })).body.data;
    assert.equal(listed.map((one: { position_id: string; status: string }) => [one.position_id, one.status]), [[position.position_id, 'closed']]);
    assert.is((await audit()).ok, true);
  });

  test('bad input is a 422 at its field and moves nothing', async () => {
    const before = await holdings();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ pool_id: 'base:uniswap_v3:USDC-DOGE:500', token: 'USDC', amount: '1' }, '/pool_id', 'unknown_pool'],
      [{ pool_id: POOL, token: 'DAI', amount: '1' }, '/token', 'token_not_in_pool'],
      [{ pool_id: POOL, token: 'USDC', amount: '1.0000001' }, '/amount', 'invalid_amount'],
      [{ pool_id: POOL, token: 'USDC', amount: '0' }, '/amount', 'invalid_amount'],
      [{ pool_id: POOL, token: 'USDC', amount: '10000000' }, '', 'insufficient_funds'],
    ];
    for (const [body, pointer, code] of cases) {
      const refused = await post('/api/v2/defi/liquidity', body);
      assert.is(refused.status, 422, JSON.stringify([body, refused.body]));
      if (code !== 'invalid_amount') assert.is(refused.body.errors[0].code, code, JSON.stringify(refused.body));
      if (pointer) assert.is(refused.body.errors[0].source?.pointer, pointer, JSON.stringify(refused.body));
    }
    assert.equal(await holdings(), before);
  });

  test.run();
}
