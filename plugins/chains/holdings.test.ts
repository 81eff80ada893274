import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { Chain, UnitOfWork } from '../../kernel/public.js';
import { SimulatorStateRepository } from './ports.js';

/**
 * On-chain holdings end to end on every store: a token's balance has a chain
 * dimension in the ledger, every movement of it is mirrored between the
 * accounts' custody addresses on that chain, and the ledger audit reconciles
 * the two. Bad input is a 422 with a pointer that changes nothing.
 */
const OUTSIDE = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;

for (const store of stores) {
  const test = suite(`on-chain holdings: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let from: string;
  let to: string;

  const post = (path: string, body: unknown, key = ada.key) => k.request('POST', path, { key, body });
  const balances = async (account: string) =>
    (await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: ada.key })).body.data.balances.map(
      (row: { asset_code: string; chain: string | null; total_balance: string }) => `${row.asset_code}@${row.chain ?? '-'} ${row.total_balance}`,
    );
  const addressOn = async (account: string, chain: string): Promise<string> =>
    (await k.request('GET', `/api/v2/accounts/${account}/deposit-addresses`, { key: ada.key })).body.data.find((one: { chain: string }) => one.chain === chain).address;
  const onChain = (chain: string, address: string, asset: string) => k.get(UnitOfWork).run((tx) => k.get(Chain).balanceOf(tx, chain, address, asset));
  const audit = async () => (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'chains'], now: '2026-03-01T00:00:00.000Z' });
    ada = await k.createUser('Ada');
    from = (await post('/api/v2/accounts', { name: 'Treasury', type: 'business' })).body.data.uuid;
    to = (await post('/api/v2/accounts', { name: 'Payroll', type: 'business' })).body.data.uuid;
  });
  test.after(() => k.close());

  test('a deposit lands on the chain it names (name or CAIP-2), a token without one on ethereum, fiat off-chain', async () => {
    const polygon = await post(`/api/v2/accounts/${from}/deposit`, { amount: '250.5', asset_code: 'USDC', chain: 'eip155:137' });
    assert.is(polygon.status, 201, JSON.stringify(polygon.body));
    assert.equal([polygon.body.data.asset_code, polygon.body.data.chain, polygon.body.data.balance_after], ['USDC', 'polygon', '250.500000']);
    assert.is((await post(`/api/v2/accounts/${from}/deposit`, { amount: '10', asset_code: 'USDC' })).body.data.chain, 'ethereum');
    assert.is((await post(`/api/v2/accounts/${from}/deposit`, { amount: '100', asset_code: 'USD' })).body.data.chain, null);
    assert.equal((await balances(from)).sort(), ['USD@- 100.00', 'USDC@ethereum 10.000000', 'USDC@polygon 250.500000']);
    assert.is(await onChain('polygon', await addressOn(from, 'polygon'), 'USDC'), 250_500_000n, 'minted to the deposit address');
    assert.is(await onChain('ethereum', await addressOn(from, 'ethereum'), 'USDC'), 10_000_000n);
    assert.is(await onChain('base', await addressOn(from, 'base'), 'USDC'), 0n);
  });

  test('chain refusals point at the field and change nothing', async () => {
    const before = await balances(from);
    const cases: [unknown, string, string][] = [
      [{ amount: '1', asset_code: 'USD', chain: 'polygon' }, '/chain', 'asset_not_on_chain'],
      [{ amount: '1', asset_code: 'USDC', chain: 'solana' }, '/chain', 'unknown_chain'],
      [{ amount: '1', asset_code: 'USDC', chain: 'eip155:999999' }, '/chain', 'unknown_chain'],
      [{ amount: '1', asset_code: 'WBTC', chain: 'base-sepolia' }, '/chain', 'unknown_token'],
      [{ amount: '1', asset_code: 'USDC', chain: 7 }, '/chain', 'validation_error'],
    ];
    for (const [body, pointer, code] of cases) {
      const refused = await post(`/api/v2/accounts/${from}/deposit`, body);
      assert.is(refused.status, 422, JSON.stringify(body));
      assert.is(refused.body.errors[0].source?.pointer, pointer, JSON.stringify(refused.body));
      if (code !== 'validation_error') assert.is(refused.body.errors[0].code, code, JSON.stringify(refused.body));
    }
    const withdrawals: [unknown, string][] = [
      [{ amount: '1', asset_code: 'USD', address: OUTSIDE }, 'address_not_applicable'],
      [{ amount: '1', asset_code: 'USDC', chain: 'polygon', address: '0x123' }, 'invalid_address'],
      [{ amount: '1', asset_code: 'USDC', chain: 'polygon', address: await addressOn(to, 'polygon') }, 'custody_address'],
    ];
    for (const [body, code] of withdrawals) {
      const refused = await post(`/api/v2/accounts/${from}/withdraw`, body);
      assert.is(refused.status, 422, JSON.stringify(body));
      assert.is(refused.body.errors[0].code, code, JSON.stringify(refused.body));
    }
    assert.equal(await balances(from), before);
  });

  test('a transfer of polygon USDC moves the tokens between custody addresses, its fee to the fee account\'s', async () => {
    const created = await post('/api/v2/transfers', { from_account: from, to_account: to, amount: '100', asset_code: 'USDC', chain: 'polygon' });
    assert.is(created.status, 201, JSON.stringify(created.body));
    assert.is(created.body.data.chain, 'polygon');
    const fee = BigInt(created.body.data.fees.transfer_fee.replace('.', ''));
    k.clock.advance(60_000);
    await k.runWorkflows();
    assert.is((await k.request('GET', `/api/v2/transfers/${created.body.data.uuid}`, { key: ada.key })).body.data.status, 'completed');
    assert.is(await onChain('polygon', await addressOn(to, 'polygon'), 'USDC'), 100_000_000n);
    assert.is(await onChain('polygon', await addressOn(from, 'polygon'), 'USDC'), 250_500_000n - 100_000_000n - fee);
    assert.equal((await balances(to)), ['USDC@polygon 100.000000']);
  });

  test('a withdrawal sends the tokens to the address given, or to the chain\'s payout address', async () => {
    const sent = await post(`/api/v2/accounts/${to}/withdraw`, { amount: '40', asset_code: 'USDC', chain: 'polygon', address: OUTSIDE.toLowerCase() });
    assert.is(sent.status, 201, JSON.stringify(sent.body));
    assert.is(await onChain('polygon', OUTSIDE, 'USDC'), 40_000_000n);
    assert.is((await post(`/api/v2/accounts/${to}/withdraw`, { amount: '10', asset_code: 'USDC', chain: 'polygon' })).status, 201);
    assert.is(await onChain('polygon', await addressOn(to, 'polygon'), 'USDC'), 50_000_000n);
  });

  test('the ledger audit reconciles every custody address with the chains, and reports a deposit nobody booked', async () => {
    const clean = await audit();
    assert.is(clean.ok, true, JSON.stringify(clean.problems));
    assert.ok(clean.reconciliation.checked >= 4, JSON.stringify(clean.reconciliation));
    assert.equal(clean.reconciliation.differences, []);
    const supply = await k.get(UnitOfWork).run((tx) => k.get(SimulatorStateRepository).supply(tx, 'polygon', 'USDC'));
    assert.is(supply.held, supply.minted, 'the chain conserves USDC');

    const minted = await post('/api/v2/sandbox/faucet', { chain: 'base', address: await addressOn(to, 'base'), asset_code: 'DAI', amount: '3' }, k.operatorKey);
    assert.is(minted.status, 201, JSON.stringify(minted.body));
    const found = await audit();
    assert.is(found.ok, false);
    assert.equal(
      found.reconciliation.differences.map((one: { account_id: string; chain: string; asset_code: string; ledger: string; on_chain: string }) => [one.account_id, one.chain, one.asset_code, one.ledger, one.on_chain]),
      [[to, 'base', 'DAI', '0.000000000000000000', '3.000000000000000000']],
    );
    assert.ok(found.problems.some((line: string) => line.includes('DAI on base')));
  });

  test.run();
}
