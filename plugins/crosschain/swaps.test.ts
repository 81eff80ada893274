import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventStore, Ledger, UnitOfWork, WorkflowEngine } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { BridgeTransferView, CrossChainPortfolioView, CrossChainSwapView } from './operations.js';

/**
 * Cross-chain swaps and the portfolio end to end on every store, over real
 * HTTP, with a manual clock: the bridge walks its states and the swap runs on
 * arrival; a destination swap the pools would pay too little for keeps the
 * bridged token (the policy); a bridge that fails refunds the source and
 * fails the swap; per token across chains what left = what arrived + fee +
 * in flight at every step, with a clean ledger audit; bad input is a 4xx
 * that moves nothing; a restart while bridging resumes the run.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const MODULES = ['core-banking', 'chains', 'defi', 'crosschain'];

const units = (decimal: string) => BigInt(decimal.replace('.', ''));

for (const store of stores) {
  const test = suite(`crosschain swaps and portfolio: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;
  let account: string;
  let bobsAccount: string;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: MODULES, now: '2026-03-01T00:00:00.000Z' });
    ada = await k.createUser('Ada Swapper');
    bob = await k.createUser('Bob Whale');
    account = (await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
    bobsAccount = (await k.request('POST', '/api/v2/accounts', { key: bob.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
    assert.is((await k.request('POST', `/api/v2/accounts/${account}/deposit`, { key: ada.key, body: { amount: '10000', asset_code: 'USDC' } })).status, 201);
    assert.is((await k.request('POST', `/api/v2/accounts/${bobsAccount}/deposit`, { key: bob.key, body: { amount: '2000000', asset_code: 'USDC', chain: 'base' } })).status, 201);
  });
  test.after(() => k.close());

  const swap = (body: Record<string, unknown>, user = ada) => k.request('POST', '/api/v2/crosschain/swap', { key: user.key, body });
  const read = async (id: string, user = ada) => CrossChainSwapView.parse((await k.request('GET', `/api/v2/crosschain/swap/${id}`, { key: user.key })).body.data);
  const held = async (code: string) => {
    const balance = await k.get(UnitOfWork).run((tx) => k.get(Ledger).balance(tx, ada.teamId, account, code));
    return balance.available + balance.reserved;
  };
  const portfolio = async () => {
    const answer = await k.request('GET', '/api/v2/crosschain/portfolio', { key: ada.key });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    return CrossChainPortfolioView.parse(answer.body.data);
  };
  async function assertAudit(): Promise<void> {
    const audit = (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;
    assert.is(audit.ok, true, JSON.stringify(audit));
  }
  async function schedule(runId: string) {
    const run = await k.get(WorkflowEngine).get(ada.teamId, runId);
    assert.ok(run, 'the swap has its workflow run');
    return run!.state as { source_confirm_at: string; attest_at: string; deliver_at: string; transfer_id: string };
  }
  async function advanceTo(iso: string): Promise<void> {
    const wait = new Date(iso).getTime() - k.clock.now().getTime();
    if (wait > 0) k.clock.advance(wait);
    await k.runWorkflows();
  }

  test('bridge then swap: every bridge state, then completed with swap.completed; the token is conserved across chains at every step; the portfolio follows', async () => {
    const usdcBefore = await held('USDC');
    const answer = await swap({ source_chain: 'ethereum', destination_chain: 'base', from_token: 'USDC', to_token: 'WETH', amount: '1000', slippage_bps: 300, protocol: 'layerzero' });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    const started = CrossChainSwapView.parse(answer.body.data);
    assert.equal([started.status, started.bridge_status, started.bridge_protocol, started.amount_out, started.destination_swap_id], ['bridging', 'pending', 'layerzero', null, null]);
    const amount = 1_000_000_000n;
    const fee = units(started.bridge_fee);
    assert.is(units(started.bridged_amount), amount - fee, 'bridged = amount − fee');
    assert.is(units(started.minimum_output), (units(started.expected_output) * 9_700n) / 10_000n, 'minimum = expected less 300 bps, rounded down');
    const wf = await schedule(started.swap_id);
    assert.is(wf.transfer_id, started.bridge_tx_id);
    const conserved = async (arrivedUsdc: bigint, inFlight: bigint, fees: bigint) => {
      assert.is(usdcBefore - (await held('USDC')), arrivedUsdc + inFlight + fees, 'what left = arrived + in flight + fees');
      await assertAudit();
    };
    await conserved(0n, amount, 0n);
    const during = await portfolio();
    assert.equal(during.in_flight.map((one) => [one.bridge_tx_id, one.status, one.amount]), [[started.bridge_tx_id, 'pending', '1000.000000']]);
    assert.is(during.in_flight_usd, during.in_flight[0]!.value_usd);
    const ethereum = during.chains.find((one) => one.chain === 'ethereum')!;
    assert.equal(ethereum.holdings.map((one) => [one.token, one.asset_code, one.amount]), [['USDC', 'USDC', '9000.000000']]);
    const cents = (usd: string) => units(usd);
    assert.is(cents(during.total_usd), during.chains.reduce((sum, one) => sum + cents(one.total_usd), 0n) + cents(during.in_flight_usd), 'total = chains + in flight');

    for (const [at, status] of [[wf.source_confirm_at, 'source_confirmed'], [wf.attest_at, 'attested']] as const) {
      await advanceTo(at);
      const now = await read(started.swap_id);
      assert.equal([now.status, now.bridge_status], ['bridging', status]);
      await conserved(0n, amount, 0n);
    }
    await advanceTo(wf.deliver_at);
    await k.runWorkflows();
    const done = await read(started.swap_id);
    assert.equal([done.status, done.bridge_status, done.failure_reason], ['completed', 'completed', null], JSON.stringify(done));
    assert.ok(units(done.amount_out!) >= units(done.minimum_output), 'at least the minimum');
    assert.ok(done.destination_swap_id && done.swap_tx_hash?.startsWith('0x'));
    // The bridged USDC arrived on base and was swapped away: what left = swapped on arrival + fee.
    await conserved(amount - fee, 0n, fee);
    assert.is(await held('USDC@base'), 0n, 'every bridged USDC was swapped');
    assert.is(await held('WETH@base'), units(done.amount_out!), 'WETH credited on base');
    const defiSwap = await k.request('GET', `/api/v1/defi/swap/${done.destination_swap_id}`, { key: ada.key });
    assert.equal([defiSwap.status, defiSwap.body.data.amount_in, defiSwap.body.data.amount_out], [200, done.bridged_amount, done.amount_out]);
    const swapEvents = await k.get(EventStore).forAggregate(ada.teamId, 'crosschain_swap', started.swap_id);
    assert.equal(swapEvents.map((event) => [event.type, (event.payload as { status: string }).status]), [['swap.completed', 'completed']]);
    const bridgeEvents = await k.get(EventStore).forAggregate(ada.teamId, 'bridge_transfer', started.bridge_tx_id);
    assert.equal(bridgeEvents.map((event) => event.type), ['bridge.initiated', 'bridge.completed']);
    const transfer = BridgeTransferView.parse((await k.request('GET', `/api/v1/crosschain/bridge/${started.bridge_tx_id}`, { key: ada.key })).body.data);
    assert.is(transfer.status, 'completed');

    const after = await portfolio();
    assert.equal(after.in_flight, []);
    assert.is(after.in_flight_usd, '0.00');
    const base = after.chains.find((one) => one.chain === 'base')!;
    assert.equal(base.holdings.map((one) => [one.token, one.asset_code, one.amount]), [['WETH', 'WETH@base', done.amount_out]]);
    assert.ok(cents(base.holdings[0]!.value_usd!) > 0n);
    assert.is(base.holdings_usd, base.holdings[0]!.value_usd);
    assert.equal(base.defi_positions, []);

    assert.is((await k.request('GET', `/api/v2/crosschain/swap/${started.swap_id}`, { key: bob.key })).status, 404, 'another team\'s swap');
    assert.is((await k.request('GET', `/api/v2/crosschain/portfolio?account_id=${account}`, { key: bob.key })).status, 404, 'another team\'s account');
    const mine = await k.request('GET', `/api/v2/crosschain/portfolio?account_id=${account}`, { key: ada.key });
    assert.equal([mine.status, mine.body.data.account_id, mine.body.data.total_usd], [200, account, after.total_usd]);
    const bobs = CrossChainPortfolioView.parse((await k.request('GET', '/api/v2/crosschain/portfolio', { key: bob.key })).body.data);
    assert.equal(bobs.chains.map((one) => one.chain), ['base'], 'only the team\'s own holdings');
  });

  test('the destination pools pay under the minimum on arrival: the policy keeps the bridged token, says why, and no swap.completed', async () => {
    const usdcBefore = await held('USDC');
    const baseBefore = await held('USDC@base');
    const wethBefore = await held('WETH@base');
    const started = CrossChainSwapView.parse((await swap({ source_chain: 'ethereum', destination_chain: 'base', from_token: 'USDC', to_token: 'WETH', amount: '500', slippage_bps: 0, protocol: 'layerzero' })).body.data);
    const wf = await schedule(started.swap_id);
    await advanceTo(wf.attest_at);
    assert.is((await read(started.swap_id)).bridge_status, 'attested');
    // Just before the tokens arrive, another team buys WETH on base in size: the pools pay less WETH per USDC.
    k.clock.advance(new Date(wf.deliver_at).getTime() - k.clock.now().getTime());
    // The aggregator routes over every pool, so the whale trades until the best route pays under the minimum (bounded).
    const offered = async () => units((await k.request('GET', `/api/v2/defi/swap/quote?chain=base&from=USDC&to=WETH&amount=${started.bridged_amount}`, { key: bob.key })).body.data.estimated_output);
    for (let round = 0; round < 10 && (await offered()) >= units(started.minimum_output); round++) {
      const whale = await k.request('POST', '/api/v2/defi/swap/execute', { key: bob.key, body: { chain: 'base', from_token: 'USDC', to_token: 'WETH', amount: '150000', slippage_bps: 5000 } });
      assert.is(whale.status, 201, JSON.stringify(whale.body));
    }
    assert.ok((await offered()) < units(started.minimum_output), 'the pools pay less now');
    await k.runWorkflows();
    await k.runWorkflows();
    const kept = await read(started.swap_id);
    assert.equal([kept.status, kept.bridge_status, kept.amount_out, kept.destination_swap_id], ['bridged_not_swapped', 'completed', null, null], JSON.stringify(kept));
    assert.ok(units(kept.offered_output!) < units(kept.minimum_output), `${kept.offered_output} < ${kept.minimum_output}`);
    assert.match(kept.failure_reason!, /under the minimum/);
    assert.is(await held('USDC@base'), baseBefore + units(kept.bridged_amount), 'the bridged USDC stays on base');
    assert.is(await held('WETH@base'), wethBefore, 'nothing swapped');
    assert.is(usdcBefore - (await held('USDC')), units(kept.bridged_amount) + units(kept.bridge_fee), 'what left = arrived + fee');
    assert.equal(await k.get(EventStore).forAggregate(ada.teamId, 'crosschain_swap', started.swap_id), []);
    await assertAudit();
  });

  test('a bridge that fails (the source reverted while pending) refunds the source and fails the swap', async () => {
    const armed = await k.request('POST', '/api/v2/admin/crosschain/faults', { key: k.operatorKey, body: { protocol: 'axelar', fault: 'revert', count: 1 } });
    assert.is(armed.status, 200, JSON.stringify(armed.body));
    const before = await held('USDC');
    const started = CrossChainSwapView.parse((await swap({ source_chain: 'ethereum', destination_chain: 'arbitrum', from_token: 'USDC', to_token: 'WETH', amount: '300', protocol: 'axelar' })).body.data);
    assert.is(before - (await held('USDC')), 300_000_000n);
    const wf = await schedule(started.swap_id);
    await advanceTo(wf.source_confirm_at);
    await k.runWorkflows();
    const failed = await read(started.swap_id);
    assert.equal([failed.status, failed.bridge_status, failed.amount_out], ['failed', 'failed', null], JSON.stringify(failed));
    assert.match(failed.failure_reason!, /reverted/);
    assert.is(await held('USDC'), before, 'refunded in full');
    assert.is(await held('WETH@arbitrum'), 0n);
    const events = await k.get(EventStore).forAggregate(ada.teamId, 'bridge_transfer', started.bridge_tx_id);
    assert.equal(events.map((event) => event.type), ['bridge.initiated', 'bridge.failed']);
    await assertAudit();
  });

  test('bad input is a 4xx at its field and moves nothing', async () => {
    const before = await held('USDC');
    const ok = { source_chain: 'ethereum', destination_chain: 'base', from_token: 'USDC', to_token: 'WETH', amount: '10' };
    const cases: Array<[Record<string, unknown>, number, string | undefined, string | undefined]> = [
      [{ destination_chain: 'ethereum' }, 422, '/destination_chain', 'same_chain'],
      [{ source_chain: 'mars' }, 422, '/source_chain', 'unknown_chain'],
      [{ from_token: 'DOGE' }, 422, '/from_token', 'unknown_token'],
      [{ to_token: 'DOGE' }, 422, '/to_token', 'unknown_token'],
      [{ to_token: 'USDC' }, 422, '/to_token', 'same_token'],
      [{ to_token: 'ETH' }, 422, '/to_token', 'no_swap_route'],
      [{ from_token: 'ETH' }, 422, '/from_token', 'no_bridge_route'],
      [{ protocol: 'hop' }, 422, '/protocol', 'unknown_bridge'],
      [{ protocol: 'layerzero', destination_chain: 'bsc' }, 422, '/protocol', 'unsupported_route'],
      [{ amount: '1.0000001' }, 422, '/amount', 'invalid_amount'],
      [{ amount: '0' }, 422, '/amount', 'invalid_amount'],
      [{ amount: '-5' }, 422, '/amount', 'invalid_amount'],
      [{ amount: 5 }, 422, '/amount', undefined],
      [{ slippage_bps: 6000 }, 422, '/slippage_bps', undefined],
      [{ slippage_bps: -1 }, 422, '/slippage_bps', undefined],
      [{ slippage_bps: 1.5 }, 422, '/slippage_bps', undefined],
      [{ source_chain: 'base', destination_chain: 'ethereum', amount: '0.01' }, 422, '/amount', 'amount_below_fee'],
      [{ amount: '100000000' }, 422, undefined, 'insufficient_funds'],
      [{ account_id: bobsAccount }, 404, '/account_id', undefined],
    ];
    for (const [body, status, pointer, code] of cases) {
      const refused = await swap({ ...ok, ...body });
      assert.is(refused.status, status, `${JSON.stringify(body)}: ${JSON.stringify(refused.body)}`);
      if (pointer) assert.is(refused.body.errors[0].source?.pointer, pointer, JSON.stringify(refused.body));
      if (code) assert.is(refused.body.errors[0].code, code, JSON.stringify(refused.body));
    }
    assert.is(await held('USDC'), before);
    assert.is((await k.request('GET', '/api/v2/crosschain/swap/not-a-uuid', { key: ada.key })).status, 422);
    assert.is((await k.request('GET', '/api/v2/crosschain/swap/00000000-0000-4000-8000-000000000000', { key: ada.key })).status, 404);
    const reader = (await k.request('POST', '/api/v2/api-keys', { key: ada.key, body: { name: 'swap reader', permissions: ['read'] } })).body.data.key;
    assert.is((await k.request('POST', '/api/v2/crosschain/swap', { key: reader, body: ok })).status, 403, 'a swap needs write');
    assert.is((await k.request('GET', '/api/v2/crosschain/portfolio', { key: reader })).status, 200, 'the portfolio needs read');
    assert.is((await k.request('GET', '/api/v2/crosschain/portfolio')).status, 401);
    await assertAudit();
  });

  test.run();
}

const restart = suite('crosschain swaps: a restart while bridging');
let dataDir: string;
restart.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-crosschain-swap-'));
});
restart.after(() => rm(dataDir, { recursive: true, force: true }));
restart('the run resumes after a restart: the bridge completes and the swap is made', async () => {
  const boot = (seed: string) => bootTestKernel({ seed, store: 'pglite', modules: MODULES, config: { dataDir } as any, now: '2026-03-01T00:00:00.000Z' });
  let k = await boot('swap-restart-0');
  try {
    const user = await k.createUser('Restarter');
    const account = (await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
    await k.request('POST', `/api/v2/accounts/${account}/deposit`, { key: user.key, body: { amount: '100', asset_code: 'USDC', chain: 'polygon' } });
    const answer = await k.request('POST', '/api/v2/crosschain/swap', { key: user.key, body: { source_chain: 'polygon', destination_chain: 'base', from_token: 'USDC', to_token: 'WETH', amount: '100', slippage_bps: 500, protocol: 'layerzero' } });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    const started = CrossChainSwapView.parse(answer.body.data);
    const run = await k.get(WorkflowEngine).get(user.teamId, started.swap_id);
    const deliverAt = new Date((run!.state as { deliver_at: string }).deliver_at).getTime();
    await k.close();
    k = await boot('swap-restart-1');
    k.clock.advance(deliverAt - k.clock.now().getTime());
    await k.runWorkflows();
    await k.runWorkflows();
    const done = CrossChainSwapView.parse((await k.request('GET', `/api/v2/crosschain/swap/${started.swap_id}`, { key: user.key })).body.data);
    assert.equal([done.status, done.bridge_status], ['completed', 'completed'], JSON.stringify(done));
    const wallet = (await k.request('GET', `/api/v2/accounts/${account}/balances`, { key: user.key })).body.data.balances;
    assert.ok(wallet.some((row: { asset_code: string; chain: string; total_balance: string }) => row.asset_code === 'WETH' && row.chain === 'base' && row.total_balance === done.amount_out), JSON.stringify(wallet));
    assert.is((await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data.ok, true);
  } finally {
    await k.close();
  }
});
restart.run();
