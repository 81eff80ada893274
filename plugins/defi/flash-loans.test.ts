import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { Chain, UnitOfWork } from '../../kernel/public.js';
import { flashLenderAddress } from './domain/protocol-address.js';
import { FlashLoanView } from './operations.js';
import { PoolRepository } from './ports.js';

/**
 * Flash loans end to end on every store: a loan that finds an arbitrage
 * pays its profit to the account and its premium to the lender; one that
 * cannot repay reverts and changes nothing, on the ledger, in the pools or
 * on chain; a dry run changes nothing either.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const ARBITRAGE = [
  { type: 'swap', from: 'USDC', to: 'WETH', dex: 'uniswap_v3' },
  { type: 'swap', from: 'WETH', to: 'USDC', dex: 'sushiswap' },
];

for (const store of stores) {
  const test = suite(`defi flash loans: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let account: string;

  const post = (path: string, body: unknown) => k.request('POST', path, { key: ada.key, body });
  const usdc = async () =>
    (await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: ada.key })).body.data.balances.find((row: { asset_code: string }) => row.asset_code === 'USDC')?.total_balance;
  const pools = async () => JSON.stringify(await k.get(UnitOfWork).run((tx) => k.get(PoolRepository).onChain(tx, 'ethereum')), (_key, value) => (typeof value === 'bigint' ? String(value) : value));
  const lenderUsdc = () => k.get(UnitOfWork).run((tx) => k.get(Chain).balanceOf(tx, 'ethereum', flashLenderAddress(1), 'USDC'));
  const loan = (extra: Record<string, unknown> = {}) => post('/api/v2/defi/flash-loan', { token: 'USDC', amount: '100000', operations: ARBITRAGE, ...extra });

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'chains', 'defi'], now: '2026-03-01T00:00:00.000Z' });
    ada = await k.createUser('Ada');
    account = (await post('/api/v2/accounts', { name: 'Desk', type: 'business' })).body.data.uuid;
    await post(`/api/v2/accounts/${account}/deposit`, { amount: '3000000', asset_code: 'USDC' });
  });
  test.after(() => k.close());

  test('a round trip on balanced pools cannot repay: reverted with the reason, nothing moved anywhere', async () => {
    const [holding, reserves, lender] = [await usdc(), await pools(), await lenderUsdc()];
    const answer = await loan();
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    const result = FlashLoanView.parse(answer.body.data);
    assert.equal([result.status, result.flash_loan_id, result.tx_hash, result.operations.length], ['reverted', null, null, 2]);
    assert.match(result.reason!, /cannot repay/);
    assert.is(result.premium, '50.000000', '5 bps of 100,000');
    assert.equal([await usdc(), await pools(), await lenderUsdc()], [holding, reserves, lender]);
  });

  test('after a large buy on SushiSwap, borrowing USDC to buy on Uniswap and sell on SushiSwap pays: profit to the account, premium to the lender', async () => {
    const quote = (await post('/api/v1/defi/swap/quote', { chain: 'ethereum', token_in: 'USDC', token_out: 'WETH', amount_in: '2000000', dex_sources: ['sushiswap'] })).body.data;
    const wallet = (await k.request('GET', `/api/v2/accounts/${account}/deposit-addresses`, { key: ada.key })).body.data[0].address;
    const bought = await post('/api/v1/defi/swap/execute', { quote_id: quote.quote_id, wallet_address: wallet, max_gas_price_gwei: 1000, deadline_minutes: 5 });
    assert.is(bought.status, 201, JSON.stringify(bought.body));
    const before = await usdc();
    const reserves = await pools();
    const dry = FlashLoanView.parse((await loan({ dry_run: true })).body.data);
    assert.is(dry.status, 'simulated');
    assert.is(dry.profit.length, 1);
    assert.equal([await usdc(), await pools()], [before, reserves], 'a dry run changes nothing');

    const done = FlashLoanView.parse((await loan()).body.data);
    assert.equal([done.status, done.reason], ['executed', null]);
    assert.equal(done.profit, dry.profit, 'the dry run said what the loan does');
    assert.match(done.tx_hash!, /^0x[0-9a-f]{64}$/);
    const units = (text: string) => BigInt(text.replace('.', ''));
    assert.is(units(await usdc()) - units(before), units(done.profit[0]!.amount), 'the profit is credited exactly');
    assert.is(await lenderUsdc(), 100_050_000_000n, 'the lender kept what it minted to lend plus the premium');
    const audit = (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;
    assert.is(audit.ok, true, JSON.stringify(audit.problems));
  });

  test('bad input is a 422 at its field and changes nothing', async () => {
    const before = await usdc();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ operations: [{ type: 'swap', from: 'USDC', to: 'WETH', dex: 'pancakeswap' }] }, '/operations/0/dex'],
      [{ operations: [{ type: 'swap', from: 'USDC', to: 'USDC', dex: 'curve' }] }, '/operations/0/to'],
      [{ operations: [{ type: 'swap', from: 'WBTC', to: 'WETH', dex: 'curve' }] }, '/operations/0/dex'],
      [{ operations: [{ type: 'lend', from: 'USDC', to: 'WETH', dex: 'curve' }] }, '/operations/0/type'],
      [{ operations: [] }, '/operations'],
      [{ token: 'DOGE' }, '/token'],
      [{ amount: '0.0000001' }, '/amount'],
      [{ amount: '0' }, '/amount'],
      [{ chain: 'solana' }, '/chain'],
      [{ account_id: 'not-ours' }, '/account_id'],
    ];
    for (const [extra, pointer] of cases) {
      const refused = await loan(extra);
      assert.ok(refused.status === 422 || refused.status === 404, JSON.stringify([extra, refused.body]));
      assert.is(refused.body.errors[0].source?.pointer, pointer, JSON.stringify(refused.body));
    }
    assert.is(await usdc(), before);
  });

  test.run();
}
