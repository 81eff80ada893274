import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Chain, EventStore, UnitOfWork } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { yieldProgramAddress } from './domain/positions/yield-programs.js';
import { YieldPositionView } from './operations.js';

/**
 * Staking and yield farming end to end on every store: staking pays the
 * program on chain, rewards accrue by the clock exactly, a harvest is paid
 * by the program (yield.harvested), unstaking returns the stake once; the
 * ledger and the chains reconcile.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const YEAR = 365 * 86_400_000;

for (const store of stores) {
  const test = suite(`defi staking: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;
  let account: string;
  let staked: YieldPositionView;
  let farmed: YieldPositionView;

  const post = (path: string, body: unknown, key = ada.key) => k.request('POST', path, { key, body });
  const holdings = async () =>
    Object.fromEntries(
      (await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: ada.key })).body.data.balances.map((row: { asset_code: string; chain: string; total_balance: string }) => [`${row.asset_code}@${row.chain}`, row.total_balance]),
    );
  const onChain = (program: string, token: string) => k.get(UnitOfWork).run((tx) => k.get(Chain).balanceOf(tx, 'base', yieldProgramAddress(8453, program), token));
  const audit = async () => (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;
  const events = async (type: string) => (await k.get(EventStore).readAfter(0n, 100_000)).filter((one) => one.type === type && one.teamId === ada.teamId);

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'chains', 'defi'], now: '2026-03-01T00:00:00.000Z' });
    ada = await k.createUser('Ada');
    bob = await k.createUser('Bob');
    account = (await post('/api/v2/accounts', { name: 'Staker', type: 'business' })).body.data.uuid;
    await post(`/api/v2/accounts/${account}/deposit`, { amount: '10', asset_code: 'WETH', chain: 'base' });
    await post(`/api/v2/accounts/${account}/deposit`, { amount: '40000', asset_code: 'USDC', chain: 'base' });
  });
  test.after(() => k.close());

  test('staking pays the program on chain and opens positions', async () => {
    const stake = await post('/api/v2/defi/staking', { program: 'staking:WETH', chain: 'base', amount: '10' });
    assert.is(stake.status, 201, JSON.stringify(stake.body));
    staked = YieldPositionView.parse(stake.body.data);
    assert.equal([staked.type, staked.status, staked.apy_percent, staked.accrued_rewards], ['staking', 'open', '3.2000', '0.000000000000000000']);
    farmed = YieldPositionView.parse((await post('/api/v2/defi/staking', { program: 'farming:USDC-WETH', chain: 'base', amount: '40000' })).body.data);
    assert.equal([farmed.type, farmed.reward_token], ['yield_farming', 'WETH']);
    assert.equal(await holdings(), { 'USDC@base': '0.000000', 'WETH@base': '0.000000000000000000' });
    assert.is(await onChain('staking:WETH', 'WETH'), 10n * 10n ** 18n);
    assert.is(await onChain('farming:USDC-WETH', 'USDC'), 40_000_000_000n);
    assert.is((await events('position.opened')).length, 2);
    assert.is((await audit()).ok, true);
  });

  test('rewards accrue by the clock exactly; a harvest is paid by the program', async () => {
    k.clock.advance(YEAR / 2);
    const read = YieldPositionView.parse((await k.request('GET', `/api/v2/defi/staking/positions/${staked.position_id}`, { key: ada.key })).body.data);
    assert.is(read.accrued_rewards, '0.160000000000000000', '10 WETH × 3.2 % × half a year');
    assert.is((await k.request('GET', `/api/v2/defi/staking/positions/${staked.position_id}`, { key: bob.key })).status, 404);
    const harvested = YieldPositionView.parse((await post(`/api/v2/defi/staking/positions/${farmed.position_id}/harvest`, {})).body.data);
    assert.equal([harvested.harvested_rewards, harvested.accrued_rewards, harvested.status], ['0.500000000000000000', '0.000000000000000000', 'open']);
    assert.is((await holdings())['WETH@base'], '0.500000000000000000');
    const [event] = await events('yield.harvested');
    assert.equal([event!.payload.position_id, event!.payload.amount, event!.payload.reward_token], [farmed.position_id, '0.500000000000000000', 'WETH']);
    assert.is((await post(`/api/v2/defi/staking/positions/${farmed.position_id}/harvest`, {}, bob.key)).status, 404);
    assert.is((await audit()).ok, true);
  });

  test('unstaking harvests and returns the stake, once', async () => {
    k.clock.advance(YEAR / 2);
    const closed = YieldPositionView.parse((await post(`/api/v2/defi/staking/positions/${staked.position_id}/unstake`, {})).body.data);
    assert.equal([closed.status, closed.harvested_rewards, closed.value_usd], ['closed', '0.320000000000000000', '0.00']);
    assert.is((await holdings())['WETH@base'], '10.820000000000000000');
    assert.is(await onChain('staking:WETH', 'WETH'), 0n);
    const again = await post(`/api/v2/defi/staking/positions/${staked.position_id}/unstake`, {});
    assert.equal([again.status, again.body.errors[0].code], [409, 'position_closed']);
    assert.equal((await events('position.closed')).map((one) => [one.payload.position_id, one.payload.type]), [[staked.position_id, 'staking']]);
    const listed = (await k.request('GET', '/api/v2/defi/staking/positions', { key: ada.key })).body.data;
    assert.equal(listed.map((one: { position_id: string; status: string }) => [one.position_id, one.status]), [[farmed.position_id, 'open'], [staked.position_id, 'closed']]);
    assert.is((await audit()).ok, true);
  });

  test('bad input is a 4xx at its field and moves nothing', async () => {
    const before = await holdings();
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ program: 'staking:DOGE', amount: '1' }, 422, '/program', 'unknown_program'],
      [{ program: 'staking:WETH', chain: 'solana', amount: '1' }, 422, '/chain', ''],
      [{ program: 'staking:WETH', chain: 'base', amount: '0' }, 422, '/amount', 'invalid_amount'],
      [{ program: 'staking:WETH', chain: 'base', amount: '0.0000000000000000001' }, 422, '/amount', 'invalid_amount'],
      [{ program: 'staking:WETH', chain: 'base', amount: '1000' }, 422, '', 'insufficient_funds'],
      [{ program: 'staking:WETH', chain: 'base', amount: '1', account_id: '00000000-0000-4000-8000-000000000000' }, 404, '/account_id', ''],
    ];
    for (const [body, status, pointer, code] of cases) {
      const response = await post('/api/v2/defi/staking', body);
      assert.is(response.status, status, JSON.stringify([body, response.body]));
      if (code) assert.is(response.body.errors[0].code, code, JSON.stringify(response.body));
      if (pointer) assert.is(response.body.errors[0].source?.pointer, pointer, JSON.stringify(response.body));
    }
    assert.equal(await holdings(), before);
  });

  test.run();
}
