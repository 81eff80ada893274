import { ExactEvmScheme } from '@x402/evm';
import { decodePaymentResponseHeader, wrapFetchWithPaymentFromConfig } from '@x402/fetch';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { privateKeyToAccount } from 'viem/accounts';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import x402Plugin from './index.js';

/**
 * Interoperability: the published x402 client (@x402/fetch with @x402/evm's
 * exact scheme and a viem local account) pays a monetized path of the
 * service over real HTTP on 127.0.0.1, reading our 402 and signing its own
 * EIP-3009 authorization. The client stamps validAfter/validBefore from the
 * wall clock, so the service's manual clock starts at the wall clock's now.
 */
const test = suite('x402: the published @x402/fetch client pays a monetized path');
let k: TestKernel;
let seller: TestUser;
let buyer: TestUser;
let account: string;
const wallet = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6');

test.before(async () => {
  k = await bootTestKernel({ store: 'memory', modules: ['core-banking', 'chains', 'gcu'], plugins: [x402Plugin], now: new Date().toISOString() });
  seller = await k.createUser('Seller client');
  buyer = await k.createUser('Buyer client');
  account = (await k.request('POST', '/api/v2/accounts', { key: seller.key, body: { name: 'Sales', type: 'business' } })).body.data.uuid;
  const created = await k.request('POST', '/api/v2/x402/endpoints', { key: seller.key, body: { path: '/api/v2/gcu/composition', price_usd_cents: 5, network: 'eip155:84532', asset: 'USDC' } });
  assert.is(created.status, 201, JSON.stringify(created.body));
  const funded = await k.request('POST', '/api/v2/sandbox/faucet', { key: k.operatorKey, body: { chain: 'base-sepolia', address: wallet.address, asset_code: 'USDC', amount: '1' } });
  assert.is(funded.status, 201, JSON.stringify(funded.body));
});
test.after(() => k.close());

test('a 402, a signed retry, 200 with the data; the payer paid 0.05 USDC and the ledger agrees', async () => {
  // The simulated chain's USDC is not the real contract, so the client's spend controls must allow it by address (capped at 0.10).
  const supported = (await k.request('GET', '/api/v2/x402/supported', { key: buyer.key })).body.data;
  const contract = supported.networks.find((one: { network: string }) => one.network === 'eip155:84532').assets[0].contract;
  const pay = wrapFetchWithPaymentFromConfig(fetch, {
    schemes: [{ network: 'eip155:84532', client: new ExactEvmScheme(wallet) }],
    spendControls: { allowedAssets: [{ network: 'eip155:84532', asset: contract, maxAmountPerPayment: '100000' }] },
  });
  const response = await pay(`${k.url}/api/v2/gcu/composition`, { headers: { authorization: `Bearer ${buyer.key}` } });
  const body = (await response.json()) as { data?: unknown };
  assert.is(response.status, 200, JSON.stringify(body));
  assert.ok(body.data, 'the normal data');
  const settled = decodePaymentResponseHeader(response.headers.get('payment-response')!);
  assert.equal([settled.success, settled.payer, settled.network], [true, wallet.address, 'eip155:84532']);
  const balances = (await k.request('GET', `/api/v2/chains/base-sepolia/addresses/${wallet.address}/balances`, { key: buyer.key })).body.data;
  assert.ok(JSON.stringify(balances).includes('0.95'), JSON.stringify(balances));
  const held = (await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: seller.key })).body.data.balances;
  assert.ok(held.some((row: { asset_code: string; chain: string; total_balance: string }) => row.asset_code === 'USDC' && row.chain === 'base-sepolia' && row.total_balance.startsWith('0.05')), JSON.stringify(held));
  assert.is((await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data.ok, true);
});

test('GraphQL relayer: the facilitator paid the settlement’s gas, read from the receipt', async () => {
  const answer = await k.request('POST', '/api/graphql', { key: seller.key, body: { query: '{ x402Relays { data { paid_by gas_asset gas_used gas_cost_wei tx_hash } paginatorInfo { total } } }' } });
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  const [relay] = answer.body.data.x402Relays.data;
  assert.equal([relay.paid_by, relay.gas_asset, answer.body.data.x402Relays.paginatorInfo.total], ['facilitator', 'ETH', 1]);
  assert.ok(BigInt(relay.gas_used) > 0n && BigInt(relay.gas_cost_wei) > 0n, JSON.stringify(relay));
  assert.match(relay.tx_hash, /^0x[0-9a-f]{64}$/);
});

test.run();
