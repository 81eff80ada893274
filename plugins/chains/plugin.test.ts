import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { Chain, ChainCatalog, ChainFaucet, UnitOfWork } from '../../kernel/public.js';
import { SimulatorStateRepository } from './ports.js';
import { AddressBalancesView, ChainView, DepositAddressView, ReceiptView } from './operations.js';

/**
 * The chains plugin end to end on every store: the simulated chains move
 * tokens between addresses with receipts whose status follows the clock,
 * conserve every token, answer over HTTP by name or CAIP-2 id, and refuse
 * bad input with a 4xx that changes nothing.
 */
const ALICE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BOB = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
/** The error `work` fails with; a failure of the test when it succeeds. */
async function refusal(work: Promise<unknown>): Promise<{ status: number }> {
  try {
    await work;
  } catch (error) {
    return error as { status: number };
  }
  throw new Error('expected a refusal');
}

const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;

for (const store of stores) {
  const test = suite(`chains plugin: ${store}`);
  let k: TestKernel;
  let user: TestUser;
  const inUnit = <T>(work: Parameters<UnitOfWork['run']>[0]) => k.get(UnitOfWork).run(work) as Promise<T>;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'chains'], now: '2026-03-01T00:00:00.000Z' });
    user = await k.createUser('Chain Reader');
  });
  test.after(() => k.close());

  test('the faucet mints, a transfer moves tokens, and every token is conserved', async () => {
    const chain = k.get(Chain);
    await inUnit((tx) => k.get(ChainFaucet).mint(tx, 'base', ALICE, 'USDC', 100_000_000n));
    const sent = await inUnit<Awaited<ReturnType<Chain['transfer']>>>((tx) => chain.transfer(tx, { chain: 'base', from: ALICE.toLowerCase(), to: BOB, assetCode: 'USDC', amount: 25_000_000n }));
    assert.is(sent.from, ALICE, 'addresses are stored checksummed');
    assert.is(sent.nonce, 0n);
    assert.is(sent.status, 'pending');
    assert.is(await inUnit((tx) => chain.balanceOf(tx, 'base', ALICE, 'USDC')), 75_000_000n);
    assert.is(await inUnit((tx) => chain.balanceOf(tx, 'base', BOB, 'USDC')), 25_000_000n);
    assert.is(await inUnit((tx) => chain.balanceOf(tx, 'polygon', BOB, 'USDC')), 0n, 'base USDC is not polygon USDC');
    const supply = await inUnit((tx) => k.get(SimulatorStateRepository).supply(tx, 'base', 'USDC'));
    assert.equal(supply, { held: 100_000_000n, minted: 100_000_000n });
  });

  test('a transfer beyond the balance is refused and changes nothing', async () => {
    const chain = k.get(Chain);
    const error = await refusal(inUnit((tx) => chain.transfer(tx, { chain: 'base', from: BOB, to: ALICE, assetCode: 'USDC', amount: 25_000_001n })));
    assert.is(error.status, 422);
    assert.is(await inUnit((tx) => chain.balanceOf(tx, 'base', BOB, 'USDC')), 25_000_000n);
    assert.is(await inUnit((tx) => chain.balanceOf(tx, 'base', ALICE, 'USDC')), 75_000_000n);
  });

  test('a receipt is pending, then confirmed in its block, then finalized after the chain\'s finality', async () => {
    const sent = await inUnit<Awaited<ReturnType<Chain['transfer']>>>((tx) => k.get(Chain).transfer(tx, { chain: 'base', from: ALICE, to: BOB, assetCode: 'USDC', amount: 1n }));
    const read = async () => ReceiptView.parse((await k.request('GET', `/api/v2/chains/eip155:8453/transactions/${sent.hash}`, { key: user.key })).body.data);
    assert.is((await read()).status, 'pending');
    k.clock.advance(2_000);
    const confirmed = await read();
    assert.equal([confirmed.status, confirmed.confirmations, confirmed.amount, confirmed.nonce], ['confirmed', '1', '0.000001', '1']);
    k.clock.advance(1_080_000);
    assert.is((await read()).status, 'finalized');
  });

  test('GET /chains lists every chain with its head, gas price and tokens; one chain by name or CAIP-2 id', async () => {
    const listed = await k.request('GET', '/api/v2/chains', { key: user.key });
    assert.is(listed.status, 200, JSON.stringify(listed.body));
    const chains = listed.body.data.map((one: unknown) => ChainView.parse(one));
    assert.equal(chains.map((one: ChainView) => one.caip2), ['eip155:1', 'eip155:137', 'eip155:42161', 'eip155:10', 'eip155:8453', 'eip155:56', 'eip155:84532']);
    const byName = ChainView.parse((await k.request('GET', '/api/v2/chains/base', { key: user.key })).body.data);
    const byCaip = ChainView.parse((await k.request('GET', '/api/v2/chains/eip155:8453', { key: user.key })).body.data);
    assert.equal(byName, byCaip);
    assert.equal(byName.tokens.find((token) => token.asset_code === 'USDC'), { asset_code: 'USDC', contract_address: k.get(ChainCatalog).requireToken('base', 'USDC', '').contract, decimals: 6 });
    const head = await k.get(Chain).head('base');
    assert.equal(byName.head.number, head.number.toString());
    assert.ok(BigInt(byName.head.finalized_number) < BigInt(byName.head.number));
  });

  test('GET an address\'s balances, whatever case the address is sent in', async () => {
    const answer = await k.request('GET', `/api/v2/chains/base/addresses/${BOB.toLowerCase()}/balances`, { key: user.key });
    const view = AddressBalancesView.parse(answer.body.data);
    assert.equal(view, { chain: 'base', address: BOB, balances: [{ asset_code: 'USDC', amount: '25.000001', amount_base_units: '25000001' }] });
  });

  test('unknown chains and transactions are 404; malformed hashes and addresses 422; no key 401', async () => {
    const hash = `0x${'0'.repeat(64)}`;
    const cases: Array<[string, number]> = [
      ['/api/v2/chains/solana', 404],
      ['/api/v2/chains/eip155:999', 404],
      [`/api/v2/chains/base/transactions/${hash}`, 404],
      [`/api/v2/chains/polygon/transactions/${hash}`, 404],
      ['/api/v2/chains/base/transactions/0x1234', 422],
      ['/api/v2/chains/base/addresses/0x12/balances', 422],
      // A mixed-case address whose EIP-55 checksum is wrong.
      [`/api/v2/chains/base/addresses/${BOB.slice(0, 3)}${BOB[3] === 'B' ? 'b' : 'B'}${BOB.slice(4)}/balances`, 422],
    ];
    for (const [path, status] of cases) {
      const answer = await k.request('GET', path, { key: user.key });
      assert.is(answer.status, status, `${path}: ${JSON.stringify(answer.body)}`);
    }
    assert.is((await k.request('GET', '/api/v2/chains')).status, 401);
  });

  test('the operator\'s sandbox faucet funds any address; bad input is a 422 with a pointer that mints nothing', async () => {
    const wallet = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
    const faucet = (key: string, body: unknown) => k.request('POST', '/api/v2/sandbox/faucet', { key, body });
    const minted = await faucet(k.operatorKey, { chain: 'eip155:84532', address: wallet, asset_code: 'USDC', amount: '12.5' });
    assert.is(minted.status, 201, JSON.stringify(minted.body));
    assert.equal(ReceiptView.parse(minted.body.data).amount, '12.500000');
    assert.is((await faucet(user.key, { chain: 'base-sepolia', address: wallet, asset_code: 'USDC', amount: '1' })).status, 403);
    const refusals: Array<[unknown, string]> = [
      [{ chain: 'solana', address: wallet, asset_code: 'USDC', amount: '1' }, '/chain'],
      [{ chain: 'base-sepolia', address: wallet, asset_code: 'WBTC', amount: '1' }, '/asset_code'],
      [{ chain: 'base-sepolia', address: wallet, asset_code: 'USDC', amount: '0.0000001' }, '/amount'],
      [{ chain: 'base-sepolia', address: wallet, asset_code: 'USDC', amount: '0' }, '/amount'],
      [{ chain: 'base-sepolia', address: wallet, asset_code: 'USDC', amount: '-1' }, '/amount'],
      [{ chain: 'base-sepolia', address: wallet, asset_code: 'USDC', amount: '1'.repeat(80) }, '/amount'],
      [{ chain: 'base-sepolia', address: '0x1234', asset_code: 'USDC', amount: '1' }, '/address'],
      [{ chain: 'base-sepolia', address: wallet.replace('b', 'B'), asset_code: 'USDC', amount: '1' }, '/address'],
    ];
    for (const [body, pointer] of refusals) {
      const refused = await faucet(k.operatorKey, body);
      assert.is(refused.status, 422, JSON.stringify(body));
      assert.is(refused.body.errors[0].source.pointer, pointer, JSON.stringify(refused.body));
    }
    const held = AddressBalancesView.parse((await k.request('GET', `/api/v2/chains/base-sepolia/addresses/${wallet}/balances`, { key: user.key })).body.data);
    assert.equal(held.balances, [{ asset_code: 'USDC', amount: '12.500000', amount_base_units: '12500000' }]);
  });

  test('every account has one checksummed deposit address per chain, stable, its team\'s only', async () => {
    const other = await k.createUser('Other Team');
    const open = async (owner: TestUser) => (await k.request('POST', '/api/v2/accounts', { key: owner.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid as string;
    const mine = await open(user);
    const second = await open(user);
    const addressesOf = async (owner: TestUser, account: string) => k.request('GET', `/api/v2/accounts/${account}/deposit-addresses`, { key: owner.key });
    const first = await addressesOf(user, mine);
    assert.is(first.status, 200, JSON.stringify(first.body));
    const views = first.body.data.map((one: unknown) => DepositAddressView.parse(one)) as DepositAddressView[];
    assert.equal(views.map((one) => one.chain), ['ethereum', 'polygon', 'arbitrum', 'optimism', 'base', 'bsc', 'base-sepolia']);
    assert.equal(views.map((one) => one.derivation_path), [0, 1, 2, 3, 4, 5, 6].map((slot) => `m/44'/60'/0'/0/${slot}`));
    assert.is(new Set(views.map((one) => one.address)).size, 7);
    for (const one of views) assert.match(one.address, /^0x[0-9a-fA-F]{40}$/);
    assert.equal((await addressesOf(user, mine)).body.data, first.body.data, 'the same on every call');
    const secondViews = (await addressesOf(user, second)).body.data as DepositAddressView[];
    assert.is(secondViews[0]!.derivation_path, "m/44'/60'/1'/0/0");
    assert.ok(!secondViews.some((one) => views.some((mineOne) => mineOne.address === one.address)));
    assert.is((await addressesOf(other, mine)).status, 404, 'another team\'s account is not found');
    assert.is((await addressesOf(user, '00000000-0000-4000-8000-00000000dead')).status, 404);
  });

  test.run();
}

const restart = suite('chains plugin: a restart on PGlite continues where it stopped');
let dataDir: string;
restart.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-chains-'));
});
restart.after(() => rm(dataDir, { recursive: true, force: true }));

restart('balances, nonces and receipts survive; the head follows the clock', async () => {
  const boot = (seed: string) => bootTestKernel({ seed, store: 'pglite', modules: ['core-banking', 'chains'], config: { dataDir } as any, now: '2026-03-01T00:00:00.000Z' });
  const first = await boot('first');
  const run = <T>(k: TestKernel, work: Parameters<UnitOfWork['run']>[0]) => k.get(UnitOfWork).run(work) as Promise<T>;
  await run(first, (tx) => first.get(ChainFaucet).mint(tx, 'polygon', ALICE, 'DAI', 10n ** 21n));
  const sent = await run<Awaited<ReturnType<Chain['transfer']>>>(first, (tx) => first.get(Chain).transfer(tx, { chain: 'polygon', from: ALICE, to: BOB, assetCode: 'DAI', amount: 10n ** 18n }));
  const headBefore = (await first.get(Chain).head('polygon')).number;
  await first.close();

  const second = await boot('second');
  second.clock.advance(120_000);
  assert.is(await run(second, (tx) => second.get(Chain).balanceOf(tx, 'polygon', ALICE, 'DAI')), 10n ** 21n - 10n ** 18n);
  const receipt = await run<Awaited<ReturnType<Chain['receipt']>>>(second, (tx) => second.get(Chain).receipt(tx, 'polygon', sent.hash));
  assert.equal([receipt?.status, receipt?.blockNumber], ['finalized', sent.blockNumber]);
  const next = await run<Awaited<ReturnType<Chain['transfer']>>>(second, (tx) => second.get(Chain).transfer(tx, { chain: 'polygon', from: ALICE, to: BOB, assetCode: 'DAI', amount: 1n }));
  assert.is(next.nonce, 1n, 'the nonce continues');
  assert.is((await second.get(Chain).head('polygon')).number, headBefore + 60n, '120 s of 2 s blocks later');
  await second.close();
});

restart('deposit addresses survive a restart; a process with another custody seed refuses to start', async () => {
  const boot = (seed: string, config: Record<string, unknown> = {}) =>
    bootTestKernel({ seed, store: 'pglite', modules: ['core-banking', 'chains'], config: { dataDir, ...config } as any });
  const first = await boot('custody-first');
  const ada = await first.createUser('Ada Custody');
  const account = (await first.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
  const before = (await first.request('GET', `/api/v2/accounts/${account}/deposit-addresses`, { key: ada.key })).body.data;
  await first.close();

  const second = await boot('custody-second');
  assert.equal((await second.request('GET', `/api/v2/accounts/${account}/deposit-addresses`, { key: ada.key })).body.data, before);
  await second.close();

  const otherSecrets = await mkdtemp(join(tmpdir(), 'bank-other-secrets-'));
  try {
    const refused = await boot('custody-third', { secretsDir: otherSecrets }).then(
      () => undefined,
      (error: Error) => error,
    );
    assert.match(refused?.message ?? 'started', /custody seed of this process .* is not the one this store's deposit addresses were derived from/);
  } finally {
    await rm(otherSecrets, { recursive: true, force: true });
  }
});

restart.run();
