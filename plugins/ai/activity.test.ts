import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { nlTransactionsResult, queryAnswer, type NlTransactionView } from './operations.js';

/**
 * Swaps, bridge transfers and mobile payments in the answers, end to end
 * over real HTTP: each is created through its module's API, and the
 * questions read them through the ActivityHistory port (defi, crosschain,
 * mobile contribute; core banking keeps deposits). Ada, on Monday
 * 16 November 2026: deposits 100,000 USDC on base, 5,000 USDC on ethereum
 * and 100.00 USD; swaps 2,000 USDC for WETH on base; bridges 1,000 USDC
 * ethereum → base over layerzero (run to completion) and 500 USDC
 * ethereum → arbitrum over wormhole (left in flight); pays Bob 12.50 USD
 * p2p and 10.00 USD into her own Savings by a payment intent (two entries:
 * sent from Wallet, received into Savings). On every store.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;

for (const store of stores) {
  const test = suite(`ai: swaps, payments and cross-chain transfers in the answers: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;
  let trading: string;
  let wallet: string;
  let savings: string;
  let swapOut: string;
  let swapId: string;
  let layerzero: string;
  let wormhole: string;

  const call = (user: TestUser, method: string, path: string, body?: unknown) => k.request(method, path, { key: user.key, body });
  const search = async (user: TestUser, body: unknown) => {
    const answer = await call(user, 'POST', '/api/v1/ai/transactions', body);
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    return nlTransactionsResult.parse(answer.body.data);
  };
  const ask = async (user: TestUser, query: string) => {
    const answer = await call(user, 'POST', '/api/v2/ai/query', { query });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    return queryAnswer.parse(answer.body.data);
  };
  const row = (one: NlTransactionView) => [one.type, one.amount, one.currency, one.direction, one.status, one.chain, one.counterparty];

  test.before(async () => {
    k = await bootTestKernel({ store, modules: ['core-banking', 'chains', 'defi', 'crosschain', 'mobile', 'ai'], now: '2026-11-16T09:00:00.000Z' });
    ada = await k.createUser('Ada Activity');
    bob = await k.createUser('Bob Activity');
    const open = async (user: TestUser, name: string) => (await call(user, 'POST', '/api/v2/accounts', { name, type: 'personal' })).body.data.uuid as string;
    trading = await open(ada, 'Trading');
    wallet = await open(ada, 'Wallet');
    savings = await open(ada, 'Savings');
    const bobWallet = await open(bob, 'Wallet');
    const deposit = async (account: string, body: unknown) => assert.is((await call(ada, 'POST', `/api/v2/accounts/${account}/deposit`, body)).status, 201);
    await deposit(trading, { amount: '100000', asset_code: 'USDC', chain: 'base' });
    await deposit(trading, { amount: '5000', asset_code: 'USDC' });
    await deposit(wallet, { amount: '100.00', asset_code: 'USD' });
    k.clock.advance(60_000);

    const swap = await call(ada, 'POST', '/api/v2/defi/swap/execute', { from_token: 'USDC', to_token: 'WETH', amount: '2000', chain: 'base', account_id: trading });
    assert.is(swap.status, 201, JSON.stringify(swap.body));
    swapOut = swap.body.data.amount_out;
    swapId = swap.body.data.swap_id;
    k.clock.advance(60_000);

    const bridge = async (body: unknown) => {
      const answer = await call(ada, 'POST', '/api/v2/crosschain/bridge', { token: 'USDC', account_id: trading, ...(body as object) });
      assert.is(answer.status, 201, JSON.stringify(answer.body));
      return answer.body.data.bridge_tx_id as string;
    };
    layerzero = await bridge({ source_chain: 'ethereum', destination_chain: 'base', amount: '1000', protocol: 'layerzero' });
    k.clock.advance(86_400_000);
    await k.runWorkflows();
    wormhole = await bridge({ source_chain: 'ethereum', destination_chain: 'arbitrum', amount: '500', protocol: 'wormhole' });
    k.clock.advance(60_000);

    assert.is((await call(ada, 'PUT', '/api/v2/mobile/wallet', { account_id: wallet })).status, 200);
    assert.is((await call(bob, 'PUT', '/api/v2/mobile/wallet', { account_id: bobWallet })).status, 200);
    const p2p = await call(ada, 'POST', '/api/v2/mobile/transfers/p2p', { to_user: 'bob.activity@example.test', amount: '12.50', currency: 'USD', note: 'Lunch' });
    assert.is(p2p.status, 201, JSON.stringify(p2p.body));
    k.clock.advance(60_000);
    const intent = await call(ada, 'POST', '/api/v2/mobile/payments/intents', { amount: '10.00', currency: 'USD', recipient: savings, description: 'To savings' });
    assert.is(intent.status, 201, JSON.stringify(intent.body));
    assert.is((await call(ada, 'POST', `/api/v2/mobile/payments/intents/${intent.body.data.id}/confirm`)).body.data.status, 'processing');
    await k.runWorkflows();
    k.clock.set(new Date('2026-11-18T12:00:00.000Z'));
  });
  test.after(() => k.close());

  test('a swap: both assets, its chain, its DEX, completed once its chain transaction is final', async () => {
    const swapStatus = (await call(ada, 'GET', `/api/v1/defi/swap/${swapId}`)).body.data;
    assert.is(swapStatus.status, 'confirmed');
    const answer = await search(ada, { query: 'my swaps' });
    assert.is(answer.total_results, 1);
    const [swap] = answer.transactions;
    assert.equal(row(swap!), ['swap', '2000.000000', 'USDC', 'sent', 'completed', 'base', swapStatus.dex]);
    assert.equal([swap!.uuid, swap!.account_uuid, swap!.received_amount, swap!.received_currency], [swapId, trading, swapOut, 'WETH']);
    assert.equal([swap!.source_chain, swap!.destination_chain, swap!.bridge_protocol], [null, null, null]);
    assert.equal(answer.limitations, []);
    // An amount is compared in its own asset: on either side of a swap.
    assert.is((await search(ada, { query: 'swaps over 1,000 USDC' })).total_results, 1);
    assert.is((await search(ada, { query: 'swaps over 3,000 USDC' })).total_results, 0);
    assert.is((await search(ada, { query: 'my WETH swaps' })).total_results, 1);
  });

  test('bridge transfers: chains, protocol and lifecycle status; analytics name the chains and bridges', async () => {
    const answer = await search(ada, { query: 'bridge transfers' });
    assert.is(answer.total_results, 2);
    assert.equal(
      answer.transactions.map((one) => [one.uuid, one.amount, one.status, one.source_chain, one.destination_chain, one.bridge_protocol, one.chain, one.account_uuid]),
      [
        [wormhole, '500.000000', 'pending', 'ethereum', 'arbitrum', 'wormhole', 'ethereum', trading],
        [layerzero, '1000.000000', 'completed', 'ethereum', 'base', 'layerzero', 'ethereum', trading],
      ],
    );
    assert.equal(answer.analytics!.chains_involved, ['arbitrum', 'base', 'ethereum']);
    assert.equal(answer.analytics!.bridges_used, ['layerzero', 'wormhole']);
    assert.equal([answer.analytics!.currency, answer.analytics!.total_volume], ['USD', '1500.00']);
    const viaWormhole = await search(ada, { query: 'bridged via wormhole' });
    assert.equal(viaWormhole.transactions.map((one) => one.uuid), [wormhole]);
    assert.equal(viaWormhole.analytics!.bridges_used, ['wormhole']);
    assert.equal((await search(ada, { query: 'completed cross-chain transfers' })).transactions.map((one) => one.uuid), [layerzero]);
    // A chain a transfer went to counts: arbitrum is only the wormhole transfer's destination.
    assert.equal((await search(ada, { query: 'transactions on arbitrum' })).transactions.map((one) => one.uuid), [wormhole]);
  });

  test('payments: p2p and payment intents, each side the team is on, counterparties named', async () => {
    const answer = await search(ada, { query: 'payments' });
    assert.equal(answer.transactions.map(row), [
      ['payment', '10.00', 'USD', 'received', 'completed', null, 'ada.activity@example.test'],
      ['payment', '10.00', 'USD', 'sent', 'completed', null, 'Savings'],
      ['payment', '12.50', 'USD', 'sent', 'completed', null, 'bob.activity@example.test'],
    ]);
    assert.equal(answer.transactions.map((one) => one.account_uuid), [savings, wallet, wallet]);
    const sent = await ask(ada, 'how much did I pay in payments sent');
    assert.equal(sent.result, { kind: 'number', value: '22.50', currency: 'USD', total_results: 2 });
    const ofSavings = await search(ada, { query: 'payments', account_id: savings });
    assert.equal(ofSavings.transactions.map(row), [['payment', '10.00', 'USD', 'received', 'completed', null, 'ada.activity@example.test']]);
    // Bob sees his side of the p2p transfer only; none of Ada's swaps or bridges.
    const bobs = await search(bob, { query: 'payments' });
    assert.equal(bobs.transactions.map(row), [['payment', '12.50', 'USD', 'received', 'completed', null, 'ada.activity@example.test']]);
    assert.is((await search(bob, { query: 'swaps' })).total_results, 0);
    assert.is((await search(bob, { query: 'bridge transfers' })).total_results, 0);
  });

  test('every source in one answer: a count by type, and dates narrow each source', async () => {
    const byType = await ask(ada, 'count by type');
    assert.equal(byType.result, {
      kind: 'table',
      group_by: ['type'],
      rows: [
        { group: { type: 'cross_chain_transfer' }, value: '2', count: 2, currency: null },
        { group: { type: 'deposit' }, value: '3', count: 3, currency: null },
        { group: { type: 'payment' }, value: '3', count: 3, currency: null },
        { group: { type: 'swap' }, value: '1', count: 1, currency: null },
      ],
      total_results: 9,
    });
    // The layerzero transfer and the swap happened on the 16th; the rest on the 17th.
    const monday = await search(ada, { query: 'transactions on 2026-11-16' });
    assert.equal(monday.transactions.map((one) => one.type), ['cross_chain_transfer', 'swap', 'deposit', 'deposit', 'deposit']);
    await assertConservation(k);
  });

  test.run();
}
