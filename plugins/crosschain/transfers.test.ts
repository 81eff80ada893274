import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Chain, ChainCatalog, EventStore, Ledger, UnitOfWork, WorkflowEngine } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { bridgeAddress } from './domain/bridge-address.js';
import { BridgeTransferView } from './operations.js';

/**
 * Bridge transfers end to end on every store, over real HTTP, with a manual
 * clock: a transfer walks pending → source_confirmed → attested →
 * completed, or fails and is refunded (injected faults), conserving the token
 * across chains at every step (what left = what arrived + fee + in flight)
 * with a clean ledger audit; bad input is a 4xx that moves nothing; a
 * restart between steps resumes the run.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const MODULES = ['core-banking', 'chains', 'crosschain'];
const EXTERNAL = '0x1111111111111111111111111111111111111111';

async function assertAudit(k: TestKernel): Promise<void> {
  const audit = (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;
  assert.is(audit.ok, true, JSON.stringify(audit));
}

async function held(k: TestKernel, user: TestUser, account: string, code: string): Promise<bigint> {
  const balance = await k.get(UnitOfWork).run((tx) => k.get(Ledger).balance(tx, user.teamId, account, code));
  return balance.available + balance.reserved;
}

async function onChain(k: TestKernel, chain: string, address: string, token: string): Promise<bigint> {
  return k.get(UnitOfWork).run((tx) => k.get(Chain).balanceOf(tx, chain, address, token));
}

const units = (decimal: string) => BigInt(decimal.replace('.', ''));

for (const store of stores) {
  const test = suite(`crosschain bridge transfers: ${store}`);
  let k: TestKernel;
  let ada: TestUser;
  let bob: TestUser;
  let account: string;
  let bobsAccount: string;

  test.before(async () => {
    k = await bootTestKernel({ store, modules: MODULES, now: '2026-03-01T00:00:00.000Z' });
    ada = await k.createUser('Ada Bridger');
    bob = await k.createUser('Bob Bridger');
    account = (await k.request('POST', '/api/v2/accounts', { key: ada.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
    bobsAccount = (await k.request('POST', '/api/v2/accounts', { key: bob.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
    assert.is((await k.request('POST', `/api/v2/accounts/${account}/deposit`, { key: ada.key, body: { amount: '10000', asset_code: 'USDC' } })).status, 201);
    assert.is((await k.request('POST', `/api/v2/accounts/${bobsAccount}/deposit`, { key: bob.key, body: { amount: '100', asset_code: 'USDC' } })).status, 201);
  });
  test.after(() => k.close());

  const bridge = (user: TestUser, body: unknown) => k.request('POST', '/api/v2/crosschain/bridge', { key: user.key, body });
  const read = async (id: string) => BridgeTransferView.parse((await k.request('GET', `/api/v1/crosschain/bridge/${id}`, { key: ada.key })).body.data);
  const walletOf = async (user: TestUser, id: string, chain: string) =>
    (await k.request('GET', `/api/v2/accounts/${id}/deposit-addresses`, { key: user.key })).body.data.find((one: { chain: string }) => one.chain === chain).address as string;
  async function advanceTo(iso: string): Promise<void> {
    const wait = new Date(iso).getTime() - k.clock.now().getTime();
    if (wait > 0) k.clock.advance(wait);
    await k.runWorkflows();
  }

  test('a v2 transfer walks every state; the token is conserved across chains at every step and the audit is clean', async () => {
    const before = await held(k, ada, account, 'USDC');
    const answer = await bridge(ada, { source_chain: 'ethereum', destination_chain: 'base', token: 'USDC', amount: '1000', protocol: 'layerzero' });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    const started = BridgeTransferView.parse(answer.body.data);
    assert.equal([started.status, started.bridge_protocol, started.quote_id, started.destination_tx_hash, started.recipient_address], ['pending', 'layerzero', null, null, null]);
    const fee = units(started.fee_amount);
    const amount = 1_000_000_000n;
    assert.is(units(started.receive_amount), amount - fee, 'receive = amount − fee');
    assert.is(started.sender_address, await walletOf(ada, account, 'ethereum'));
    const source = bridgeAddress(k.get(ChainCatalog).find('ethereum')!.chainId, 'layerzero');
    const conserved = async (arrived: bigint, inFlight: bigint, fees: bigint) => {
      assert.is(before - (await held(k, ada, account, 'USDC')), arrived + inFlight + fees, 'what left = arrived + in flight + fees');
      assert.is(await held(k, ada, account, 'USDC@base'), arrived);
      await assertAudit(k);
    };
    assert.is(await onChain(k, 'ethereum', source, 'USDC'), amount, 'locked in the protocol\'s contract on the source');
    await conserved(0n, amount, 0n);

    await k.runWorkflows();
    assert.is((await read(started.bridge_tx_id)).status, 'pending', 'nothing before the source confirmations');
    const wf = await workflowState(k, ada, started.bridge_tx_id);
    await advanceTo(wf.source_confirm_at);
    assert.is((await read(started.bridge_tx_id)).status, 'source_confirmed');
    await conserved(0n, amount, 0n);
    await advanceTo(wf.attest_at);
    assert.is((await read(started.bridge_tx_id)).status, 'attested');
    await conserved(0n, amount, 0n);
    await advanceTo(wf.deliver_at);
    const done = await read(started.bridge_tx_id);
    assert.is(done.status, 'completed');
    assert.ok(done.destination_tx_hash?.startsWith('0x'));
    assert.is(done.recipient_address, await walletOf(ada, account, 'base'), 'arrived at the account\'s own deposit address on base');
    assert.is(await onChain(k, 'base', done.recipient_address!, 'USDC'), amount - fee, 'on chain too');
    await conserved(amount - fee, 0n, fee);
    assert.is(await onChain(k, 'ethereum', source, 'USDC'), amount, 'the fee and the locked tokens stay with the bridge on the source');
    const events = await k.get(EventStore).forAggregate(ada.teamId, 'bridge_transfer', started.bridge_tx_id);
    assert.equal(events.map((event) => [event.type, (event.payload as { status: string }).status]), [['bridge.initiated', 'pending'], ['bridge.completed', 'completed']]);
  });

  test('v1: initiate a quote to an external address; the quote initiates once; another team\'s sender is 404; bad addresses and expired quotes are 422', async () => {
    const quote = (await k.request('POST', '/api/v1/crosschain/bridge/quote', { key: ada.key, body: { source_chain: 'ethereum', destination_chain: 'arbitrum', token: 'USDC', amount: '200', preferred_bridge: 'wormhole' } })).body.data;
    const sender = await walletOf(ada, account, 'ethereum');
    const initiate = (user: TestUser, body: Record<string, unknown>) => k.request('POST', '/api/v1/crosschain/bridge/initiate', { key: user.key, body: { quote_id: quote.quote_id, sender_address: sender, recipient_address: EXTERNAL, slippage_tolerance: '0.5', deadline_minutes: 20, ...body } });
    const balance = await held(k, ada, account, 'USDC');
    const bad = sender.slice(0, 2) + (sender[2] === sender[2]!.toUpperCase() ? sender[2]!.toLowerCase() : sender[2]!.toUpperCase()) + sender.slice(3);
    for (const [body, status, pointer] of [
      [{ sender_address: 'nope' }, 422, '/sender_address'],
      [{ recipient_address: '0x12' }, 422, '/recipient_address'],
      [{ sender_address: await walletOf(bob, bobsAccount, 'ethereum') }, 404, '/sender_address'],
      [{ quote_id: '00000000-0000-4000-8000-000000000000' }, 404, '/quote_id'],
    ] as const) {
      const refused = await initiate(ada, body);
      assert.is(refused.status, status, JSON.stringify(refused.body));
      assert.is(refused.body.errors[0].source.pointer, pointer);
    }
    if (bad !== sender && /[a-fA-F]/.test(sender[2]!)) assert.is((await initiate(ada, { sender_address: bad })).status, 422, 'a broken checksum');
    assert.is((await initiate(bob, {})).status, 404, 'another team\'s quote');
    assert.is(await held(k, ada, account, 'USDC'), balance, 'nothing moved');

    const answer = await initiate(ada, {});
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    const started = BridgeTransferView.parse(answer.body.data);
    assert.equal([started.status, started.quote_id, started.recipient_address, started.amount, started.fee_amount], ['pending', quote.quote_id, EXTERNAL, quote.input_amount, quote.fee_amount]);
    assert.is((await initiate(ada, {})).status, 409, 'a quote initiates once');
    assert.is((await k.request('GET', `/api/v1/crosschain/bridge/${started.bridge_tx_id}`, { key: bob.key })).status, 404, 'another team\'s transfer');
    const wf = await workflowState(k, ada, started.bridge_tx_id);
    await advanceTo(wf.deliver_at);
    await k.runWorkflows();
    await k.runWorkflows();
    const done = await read(started.bridge_tx_id);
    assert.is(done.status, 'completed');
    assert.is(await onChain(k, 'arbitrum', EXTERNAL, 'USDC'), units(quote.estimated_receive_amount), 'left custody to the external address');
    assert.is(balance - (await held(k, ada, account, 'USDC')), units(quote.input_amount));
    await assertAudit(k);

    const stale = (await k.request('POST', '/api/v1/crosschain/bridge/quote', { key: ada.key, body: { source_chain: 'ethereum', destination_chain: 'base', token: 'USDC', amount: '5' } })).body.data;
    k.clock.advance(301_000);
    const expired = await k.request('POST', '/api/v1/crosschain/bridge/initiate', { key: ada.key, body: { quote_id: stale.quote_id, sender_address: sender, recipient_address: EXTERNAL } });
    assert.is(expired.status, 422);
    assert.is(expired.body.errors[0].code, 'quote_expired');
  });

  test('injected faults: a reverted source (while pending), a refused attestation (while source_confirmed) and a relay timeout (while attested) each refund the source; only an operator arms them', async () => {
    assert.is((await k.request('POST', '/api/v2/admin/crosschain/faults', { key: ada.key, body: { protocol: 'axelar', fault: 'fail', count: 1 } })).status, 403);
    for (const fault of ['revert', 'fail', 'timeout'] as const) {
      const armed = await k.request('POST', '/api/v2/admin/crosschain/faults', { key: k.operatorKey, body: { protocol: 'axelar', fault, count: 1 } });
      assert.is(armed.status, 200, JSON.stringify(armed.body));
      assert.equal(armed.body.data.faults, [{ protocol: 'axelar', fault, remaining: 1 }]);
      const before = await held(k, ada, account, 'USDC');
      const started = BridgeTransferView.parse((await bridge(ada, { source_chain: 'ethereum', destination_chain: 'base', token: 'USDC', amount: '300', protocol: 'axelar' })).body.data);
      assert.is(before - (await held(k, ada, account, 'USDC')), 300_000_000n);
      const wf = await workflowState(k, ada, started.bridge_tx_id);
      const inFlight = async () => {
        assert.is(before - (await held(k, ada, account, 'USDC')), 300_000_000n, 'what left = in flight');
        await assertAudit(k);
      };
      await inFlight();
      await advanceTo(wf.source_confirm_at);
      await k.runWorkflows();
      if (fault !== 'revert') {
        assert.is((await read(started.bridge_tx_id)).status, 'source_confirmed');
        await inFlight();
        await advanceTo(wf.attest_at);
        await k.runWorkflows();
      }
      if (fault === 'timeout') {
        assert.is((await read(started.bridge_tx_id)).status, 'attested', 'the relay has not arrived');
        await advanceTo(wf.deliver_at);
        await k.runWorkflows();
      }
      const failed = await read(started.bridge_tx_id);
      assert.is(failed.status, 'failed', JSON.stringify(failed));
      assert.ok(failed.refund_tx_hash?.startsWith('0x'));
      assert.match(failed.failure_reason!, { revert: /reverted/, fail: /attestation/, timeout: /did not deliver/ }[fault]);
      assert.is(await held(k, ada, account, 'USDC'), before, 'refunded in full');
      const events = await k.get(EventStore).forAggregate(ada.teamId, 'bridge_transfer', started.bridge_tx_id);
      assert.equal(events.map((event) => event.type), ['bridge.initiated', 'bridge.failed']);
      await assertAudit(k);
    }
    const next = BridgeTransferView.parse((await bridge(ada, { source_chain: 'ethereum', destination_chain: 'base', token: 'USDC', amount: '1', protocol: 'axelar' })).body.data);
    const wf = await workflowState(k, ada, next.bridge_tx_id);
    await advanceTo(wf.deliver_at);
    await k.runWorkflows();
    await k.runWorkflows();
    assert.is((await read(next.bridge_tx_id)).status, 'completed', 'the fault was used up');
  });

  test('bad input is a 4xx at its field and moves nothing', async () => {
    const before = await held(k, ada, account, 'USDC');
    const base = { source_chain: 'ethereum', destination_chain: 'base', token: 'USDC', amount: '10' };
    for (const [body, status, pointer, code] of [
      [{ destination_chain: 'ethereum' }, 422, '/destination_chain', 'same_chain'],
      [{ source_chain: 'mars' }, 422, '/source_chain', undefined],
      [{ token: 'DOGE' }, 422, '/token', undefined],
      [{ protocol: 'hop' }, 422, '/protocol', 'unknown_bridge'],
      [{ protocol: 'layerzero', destination_chain: 'bsc' }, 422, '/protocol', 'unsupported_route'],
      [{ amount: '1.0000001' }, 422, '/amount', undefined],
      [{ amount: '0' }, 422, '/amount', undefined],
      [{ amount: '-5' }, 422, '/amount', undefined],
      [{ amount: 5 }, 422, '/amount', undefined],
      [{ amount: '100000000' }, 422, undefined, 'insufficient_funds'],
      [{ account_id: bobsAccount }, 404, '/account_id', undefined],
    ] as const) {
      const refused = await bridge(ada, { ...base, ...body });
      assert.is(refused.status, status, `${JSON.stringify(body)}: ${JSON.stringify(refused.body)}`);
      if (pointer) assert.is(refused.body.errors[0].source?.pointer, pointer, JSON.stringify(refused.body));
      if (code) assert.is(refused.body.errors[0].code, code);
    }
    // Without the defi module a cross-chain swap is refused before anything moves; the portfolio has no DeFi positions.
    const swap = await k.request('POST', '/api/v2/crosschain/swap', { key: ada.key, body: { source_chain: 'ethereum', destination_chain: 'base', from_token: 'USDC', to_token: 'WETH', amount: '10' } });
    assert.equal([swap.status, swap.body.errors[0].code, swap.body.errors[0].source.pointer], [422, 'swaps_unavailable', '/to_token']);
    const portfolio = await k.request('GET', '/api/v2/crosschain/portfolio', { key: ada.key });
    assert.is(portfolio.status, 200, JSON.stringify(portfolio.body));
    assert.ok(portfolio.body.data.chains.every((chain: { defi_positions: unknown[] }) => chain.defi_positions.length === 0));
    assert.is(await held(k, ada, account, 'USDC'), before);
    await assertAudit(k);
  });

  test.run();
}

/** The run's schedule, as the workflow store keeps it (the run has the transfer's id). */
async function workflowState(k: TestKernel, user: TestUser, transferId: string): Promise<{ source_confirm_at: string; attest_at: string; deliver_at: string }> {
  const run = await k.get(WorkflowEngine).get(user.teamId, transferId);
  assert.ok(run, 'the transfer has its workflow run');
  return run!.state as { source_confirm_at: string; attest_at: string; deliver_at: string };
}

const restart = suite('crosschain bridge transfers: a restart between every step');
let dataDir: string;
restart.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-crosschain-'));
});
restart.after(() => rm(dataDir, { recursive: true, force: true }));
restart('each step runs after a restart and the transfer completes', async () => {
  const boot = (seed: string) => bootTestKernel({ seed, store: 'pglite', modules: MODULES, config: { dataDir } as any, now: '2026-03-01T00:00:00.000Z' });
  let k = await boot('crosschain-0');
  const user = await k.createUser('Restarter');
  const account = (await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Main', type: 'personal' } })).body.data.uuid;
  await k.request('POST', `/api/v2/accounts/${account}/deposit`, { key: user.key, body: { amount: '50', asset_code: 'USDC', chain: 'polygon' } });
  const started = (await k.request('POST', '/api/v2/crosschain/bridge', { key: user.key, body: { source_chain: 'polygon', destination_chain: 'base', token: 'USDC', amount: '50', protocol: 'layerzero' } })).body.data;
  assert.is(started.status, 'pending', JSON.stringify(started));
  const wf = await workflowState(k, user, started.bridge_tx_id);
  for (const [at, status] of [[wf.source_confirm_at, 'source_confirmed'], [wf.attest_at, 'attested'], [wf.deliver_at, 'completed']] as const) {
    await k.close();
    k = await boot(`crosschain-${status}`);
    const wait = new Date(at).getTime() - new Date('2026-03-01T00:00:00.000Z').getTime();
    k.clock.advance(wait);
    await k.runWorkflows();
    assert.is((await k.request('GET', `/api/v1/crosschain/bridge/${started.bridge_tx_id}`, { key: user.key })).body.data.status, status);
  }
  await assertAudit(k);
  await k.close();
});
restart.run();
