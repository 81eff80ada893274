import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { Chain, UnitOfWork } from '../../kernel/public.js';
import { poolAddress } from './domain/protocol-address.js';
import { PoolRepository } from './ports.js';
import { SimulatorStateRepository } from '../chains/ports.js';
import { SwapView } from './operations.js';

/**
 * Swaps end to end on every store: the pools trade, the account's holdings
 * move on the ledger and on chain in one transaction, every token is
 * conserved (holdings + pools), the ledger reconciles with the chains, and
 * every refusal changes nothing.
 */
const BASE_ID = 8453;
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const MODULES = ['core-banking', 'chains', 'defi'];

interface Harness {
  readonly k: TestKernel;
  post(path: string, body: unknown, key?: string): ReturnType<TestKernel['request']>;
  holdings(account: string): Promise<Record<string, string>>;
  pools(): Promise<Record<string, readonly bigint[]>>;
}

function harness(k: TestKernel, user: () => TestUser): Harness {
  return {
    k,
    post: (path, body, key = user().key) => k.request('POST', path, { key, body }),
    async holdings(account) {
      const rows = (await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: user().key })).body.data.balances;
      return Object.fromEntries(rows.map((row: { asset_code: string; chain: string | null; total_balance: string }) => [`${row.asset_code}@${row.chain}`, row.total_balance]));
    },
    async pools() {
      const stored = await k.get(UnitOfWork).run((tx) => k.get(PoolRepository).onChain(tx, 'base'));
      return Object.fromEntries(stored.map((pool) => [pool.id, pool.reserves]));
    },
  };
}

/** Every base pool's on-chain balances equal its stored reserves (written by the last trade). */
async function assertPoolsOnChain(k: TestKernel, ids: readonly string[]): Promise<void> {
  const stored = await k.get(UnitOfWork).run((tx) => k.get(PoolRepository).lock(tx, ids));
  for (const pool of stored) {
    const tokens = pool.id.split(':')[2]!.split('-');
    for (const [index, token] of tokens.entries()) {
      const held = await k.get(UnitOfWork).run((tx) => k.get(Chain).balanceOf(tx, 'base', poolAddress(BASE_ID, pool.id), token));
      assert.is(held, pool.reserves[index], `${pool.id} ${token} on chain`);
    }
  }
}

async function assertReconciled(k: TestKernel): Promise<void> {
  const audit = (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;
  assert.is(audit.ok, true, JSON.stringify(audit.problems));
  for (const token of ['USDC', 'WETH', 'DAI']) {
    const supply = await k.get(UnitOfWork).run((tx) => k.get(SimulatorStateRepository).supply(tx, 'base', token));
    assert.is(supply.held, supply.minted, `${token} on base is conserved`);
  }
}

for (const store of stores) {
  const test = suite(`defi swaps: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;
  let h: Harness;
  let account: string;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: MODULES, now: '2026-03-01T00:00:00.000Z' });
    ada = await k.createUser('Ada');
    bob = await k.createUser('Bob');
    h = harness(k, () => ada);
    account = (await h.post('/api/v2/accounts', { name: 'Trading', type: 'business' })).body.data.uuid;
    assert.is((await h.post(`/api/v2/accounts/${account}/deposit`, { amount: '100000', asset_code: 'USDC', chain: 'base' })).status, 201);
  });
  test.after(() => k.close());

  test('a version 2 swap trades the pool and moves the holdings on chain; a repeat pays less per USDC', async () => {
    const before = await h.pools();
    const first = await h.post('/api/v2/defi/swap/execute', { from_token: 'USDC', to_token: 'WETH', amount: '20000', chain: 'eip155:8453' });
    assert.is(first.status, 201, JSON.stringify(first.body));
    const swap = SwapView.parse(first.body.data);
    assert.equal([swap.status, swap.account_id, swap.chain, swap.amount_in], ['submitted', account, 'base', '20000.000000']);
    assert.is(swap.amount_out, swap.expected_output, 'nothing moved between the quote and the trade');
    assert.equal(await h.holdings(account), { 'USDC@base': '80000.000000', 'WETH@base': swap.amount_out });
    const after = await h.pools();
    const changed = Object.keys(after).filter((id) => after[id]!.join() !== before[id]!.join());
    assert.ok(changed.length >= 1 && changed.length <= 2, changed.join());
    await assertPoolsOnChain(k, changed);

    const second = SwapView.parse((await h.post('/api/v2/defi/swap/execute', { from_token: 'USDC', to_token: 'WETH', amount: '20000', chain: 'base' })).body.data);
    assert.ok(BigInt(second.amount_out.replace('.', '')) < BigInt(swap.amount_out.replace('.', '')), 'the price moved against the buyer');
    await assertReconciled(k);
  });

  test('version 1: quote, execute once as submitted, confirmed after the chain\'s finality', async () => {
    const quote = (await h.post('/api/v1/defi/swap/quote', { chain: 'base', token_in: 'USDC', token_out: 'DAI', amount_in: '1000', slippage_tolerance: 0.01 })).body.data;
    const wallet = (await k.request('GET', `/api/v2/accounts/${account}/deposit-addresses`, { key: ada.key })).body.data.find((one: { chain: string }) => one.chain === 'base').address;
    const body = { quote_id: quote.quote_id, wallet_address: wallet.toLowerCase(), max_gas_price_gwei: 50, deadline_minutes: 20 };
    const executed = await h.post('/api/v1/defi/swap/execute', body);
    assert.is(executed.status, 201, JSON.stringify(executed.body));
    const swap = SwapView.parse(executed.body.data);
    assert.equal([swap.status, swap.quote_id, swap.dex], ['submitted', quote.quote_id, quote.best_route.dex]);
    assert.match(swap.tx_hash, /^0x[0-9a-f]{64}$/);
    const again = await h.post('/api/v1/defi/swap/execute', body);
    assert.equal([again.status, again.body.errors[0].code], [409, 'quote_already_executed']);
    const read = async () => (await k.request('GET', `/api/v1/defi/swap/${swap.swap_id}`, { key: ada.key })).body.data.status;
    k.clock.advance(10_000);
    assert.is(await read(), 'submitted');
    k.clock.advance(1_080_000);
    assert.is(await read(), 'confirmed');
    assert.is((await k.request('GET', `/api/v1/defi/swap/${swap.swap_id}`, { key: bob.key })).status, 404, 'another team\'s swap');
    await assertReconciled(k);
  });

  test('refusals point at their field and change nothing: slippage, expiry, deadline, gas, funds, another team\'s quote or wallet', async () => {
    const wallet = (await k.request('GET', `/api/v2/accounts/${account}/deposit-addresses`, { key: ada.key })).body.data.find((one: { chain: string }) => one.chain === 'base').address;
    const quote = async (amount = '500', slippage = 0.0001) =>
      (await h.post('/api/v1/defi/swap/quote', { chain: 'base', token_in: 'USDC', token_out: 'WETH', amount_in: amount, slippage_tolerance: slippage })).body.data.quote_id;
    const execute = (quoteId: string, extra: Record<string, unknown> = {}, key = ada.key) =>
      h.post('/api/v1/defi/swap/execute', { quote_id: quoteId, wallet_address: wallet, max_gas_price_gwei: 50, deadline_minutes: 20, ...extra }, key);

    // Another swap moves the pool between the quote and its execution: past a 0.01 % tolerance.
    const tight = await quote();
    assert.is((await h.post('/api/v2/defi/swap/execute', { from_token: 'USDC', to_token: 'WETH', amount: '5000', chain: 'base' })).status, 201);
    const moved = await h.holdings(account);
    const poolsMoved = await h.pools();
    const slipped = await execute(tight);
    assert.equal([slipped.status, slipped.body.errors[0].code], [422, 'slippage_exceeded']);
    assert.equal(await h.holdings(account), moved);
    assert.equal(await h.pools(), poolsMoved);

    const cases: Array<[Promise<Awaited<ReturnType<typeof execute>>>, number, string, string]> = [
      [execute(await quote(), { max_gas_price_gwei: 0.000000001 }), 422, 'gas_price_too_high', '/max_gas_price_gwei'],
      [execute(await quote(), {}, bob.key), 404, 'not_found', '/quote_id'],
      [execute(await quote('1000000')), 422, 'insufficient_funds', ''],
    ];
    const bobsAccount = (await h.post('/api/v2/accounts', { name: 'Bob', type: 'personal' }, bob.key)).body.data.uuid;
    const bobsWallet = (await k.request('GET', `/api/v2/accounts/${bobsAccount}/deposit-addresses`, { key: bob.key })).body.data.find((one: { chain: string }) => one.chain === 'base').address;
    cases.push([execute(await quote(), { wallet_address: bobsWallet }), 404, 'not_found', '/wallet_address']);
    const late = await quote();
    k.clock.advance(1_000);
    cases.push([execute(late, { deadline_minutes: 0 }), 422, 'deadline_passed', '/deadline_minutes']);
    const stale = await quote();
    k.clock.advance(31_000);
    cases.push([execute(stale), 422, 'quote_expired', '/quote_id']);
    for (const [answer, status, code, pointer] of cases) {
      const refused = await answer;
      assert.equal([refused.status, refused.body.errors[0].code], [status, code], JSON.stringify(refused.body));
      if (pointer) assert.is(refused.body.errors[0].source?.pointer, pointer, JSON.stringify(refused.body));
    }
    assert.equal(await h.holdings(account), moved);
  });

  test('GraphQL executeSwap executes like the version 2 route; swap(id) reads it back for its team only', async () => {
    const mutation = 'mutation($input: ExecuteSwapInput!) { executeSwap(input: $input) { swap_id status account_id token_in token_out amount_out } }';
    const answer = await k.request('POST', '/api/graphql', { key: ada.key, body: { query: mutation, variables: { input: { from_token: 'USDC', to_token: 'DAI', amount: '10', chain: 'base' } } } });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    const swap = answer.body.data.executeSwap;
    assert.equal([swap.status, swap.account_id, swap.token_in, swap.token_out], ['submitted', account, 'USDC', 'DAI']);
    const read = (key: string) => k.request('POST', '/api/graphql', { key, body: { query: 'query($id: ID!) { swap(id: $id) { swap_id amount_out } }', variables: { id: swap.swap_id } } });
    assert.equal((await read(ada.key)).body.data.swap, { swap_id: swap.swap_id, amount_out: swap.amount_out });
    assert.is((await read(bob.key)).body.errors[0].extensions.code, 'not_found');
    await assertReconciled(k);
  });

  test('bad version 2 input is a 4xx with a pointer and moves nothing', async () => {
    const before = await h.holdings(account);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ from_token: 'USDC', to_token: 'USDC', amount: '1', chain: 'base' }, 422, '/to_token'],
      [{ from_token: 'USDC', to_token: 'WETH', amount: '1', chain: 'solana' }, 422, '/chain'],
      [{ from_token: 'USDC', to_token: 'DOGE', amount: '1', chain: 'base' }, 422, '/to_token'],
      [{ from_token: 'USDC', to_token: 'WETH', amount: '1.0000001', chain: 'base' }, 422, '/amount'],
      [{ from_token: 'USDC', to_token: 'WETH', amount: '0', chain: 'base' }, 422, '/amount'],
      [{ from_token: 'USDC', to_token: 'WETH', amount: '-5', chain: 'base' }, 422, '/amount'],
      [{ from_token: 'USDC', to_token: 'WETH', amount: '9'.repeat(70), chain: 'base' }, 422, '/amount'],
      [{ from_token: 'USDC', to_token: 'WETH', amount: '1', chain: 'base', slippage_bps: 1.5 }, 422, '/slippage_bps'],
      [{ from_token: 'USDC', to_token: 'WETH', amount: '1', chain: 'base', account_id: 'f00dfeed-0000-4000-8000-000000000000' }, 404, '/account_id'],
    ];
    const bobsAccount = (await h.post('/api/v2/accounts', { name: 'Bob 2', type: 'personal' }, bob.key)).body.data.uuid;
    cases.push([{ from_token: 'USDC', to_token: 'WETH', amount: '1', chain: 'base', account_id: bobsAccount }, 404, '/account_id']);
    for (const [body, status, pointer] of cases) {
      const refused = await h.post('/api/v2/defi/swap/execute', body);
      assert.is(refused.status, status, JSON.stringify([body, refused.body]));
      assert.is(refused.body.errors[0].source?.pointer, pointer, JSON.stringify(refused.body));
    }
    assert.equal(await h.holdings(account), before);
    await assertReconciled(k);
  });

  test.run();
}

if (process.env.DATABASE_URL) {
  const race = suite('defi swaps: concurrent swaps on one pool on PostgreSQL lose no update');
  race('20 concurrent swaps of 20 accounts: the pool ends at its start plus every input and minus every output', async () => {
    const k = await bootTestKernel({ store: 'postgres', modules: MODULES, now: '2026-03-01T00:00:00.000Z' });
    try {
      const user = await k.createUser('Racer');
      const accounts: string[] = [];
      for (let i = 0; i < 20; i++) {
        const id = (await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name: `Racer ${i}`, type: 'personal' } })).body.data.uuid;
        await k.request('POST', `/api/v2/accounts/${id}/deposit`, { key: user.key, body: { amount: '1000', asset_code: 'USDC', chain: 'base' } });
        accounts.push(id);
      }
      const pool = 'base:sushiswap:USDC-WETH:3000';
      const start = (await k.get(UnitOfWork).run((tx) => k.get(PoolRepository).lock(tx, [pool])))[0]!.reserves;
      const swaps = await Promise.all(
        accounts.map((id) => k.request('POST', '/api/v1/defi/swap/quote', { key: user.key, body: { chain: 'base', token_in: 'USDC', token_out: 'WETH', amount_in: '1000', dex_sources: ['sushiswap'] } }).then(async (quoted) => {
          const wallet = (await k.request('GET', `/api/v2/accounts/${id}/deposit-addresses`, { key: user.key })).body.data.find((one: { chain: string }) => one.chain === 'base').address;
          return k.request('POST', '/api/v1/defi/swap/execute', { key: user.key, body: { quote_id: quoted.body.data.quote_id, wallet_address: wallet, max_gas_price_gwei: 100, deadline_minutes: 10 } });
        })),
      );
      const done = swaps.filter((answer) => answer.status === 201).map((answer) => SwapView.parse(answer.body.data));
      for (const refused of swaps.filter((answer) => answer.status !== 201)) assert.is(refused.body.errors[0].code, 'slippage_exceeded', JSON.stringify(refused.body));
      assert.ok(done.length >= 1);
      const end = (await k.get(UnitOfWork).run((tx) => k.get(PoolRepository).lock(tx, [pool])))[0]!.reserves;
      const units = (text: string, decimals: number) => BigInt(text.replace('.', '')) * 10n ** BigInt(decimals - (text.split('.')[1]?.length ?? 0));
      assert.is(end[0], start[0]! + done.reduce((sum, one) => sum + units(one.amount_in, 6), 0n));
      assert.is(end[1], start[1]! - done.reduce((sum, one) => sum + units(one.amount_out, 18), 0n));
      await assertPoolsOnChain(k, [pool]);
      await assertReconciled(k);
    } finally {
      await k.close();
    }
  });
  race.run();
}

const restart = suite('defi swaps: a restart while a version 1 swap confirms');
let dataDir: string;
restart.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-defi-'));
});
restart.after(() => rm(dataDir, { recursive: true, force: true }));
restart('the swap reads confirmed after the restart once its transaction is final', async () => {
  const boot = (seed: string) => bootTestKernel({ seed, store: 'pglite', modules: MODULES, config: { dataDir } as any, now: '2026-03-01T00:00:00.000Z' });
  const first = await boot('defi-first');
  const user = await first.createUser('Restarter');
  const account = (await first.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
  await first.request('POST', `/api/v2/accounts/${account}/deposit`, { key: user.key, body: { amount: '50', asset_code: 'USDC', chain: 'polygon' } });
  const quote = (await first.request('POST', '/api/v1/defi/swap/quote', { key: user.key, body: { chain: 'polygon', token_in: 'USDC', token_out: 'USDT', amount_in: '50' } })).body.data;
  const wallet = (await first.request('GET', `/api/v2/accounts/${account}/deposit-addresses`, { key: user.key })).body.data.find((one: { chain: string }) => one.chain === 'polygon').address;
  const swap = (await first.request('POST', '/api/v1/defi/swap/execute', { key: user.key, body: { quote_id: quote.quote_id, wallet_address: wallet, max_gas_price_gwei: 1000, deadline_minutes: 5 } })).body.data;
  assert.is(swap.status, 'submitted', JSON.stringify(swap));
  await first.close();

  const second = await boot('defi-second');
  try {
    assert.is((await second.request('GET', `/api/v1/defi/swap/${swap.swap_id}`, { key: user.key })).body.data.status, 'submitted');
    second.clock.advance(65_000);
    assert.is((await second.request('GET', `/api/v1/defi/swap/${swap.swap_id}`, { key: user.key })).body.data.status, 'confirmed', 'polygon is final 60 s after its block');
    const balances = (await second.request('GET', `/api/v2/accounts/${account}/balances`, { key: user.key })).body.data.balances;
    assert.equal(balances.map((row: { asset_code: string; chain: string }) => `${row.asset_code}@${row.chain}`).sort(), ['USDC@polygon', 'USDT@polygon']);
  } finally {
    await second.close();
  }
});
restart.run();
