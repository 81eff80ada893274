import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventBackbone, Ledger, OnChainHoldings, UnitOfWork } from '../../kernel/public.js';
import { bootGraphql, data, gql, subscribe, wsClient, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { AllocationView, RebalanceView } from './operations.js';

/**
 * Treasury end to end over real HTTP, GraphQL and WebSocket on a booted
 * kernel with a manual clock: allocations and their refusals, a dry run, a
 * rebalance whose bridge transfers arrive (portfolioRebalanced live, only to
 * the team), a no-op within tolerance, a failed transfer refunded, the token
 * conserved across chains throughout (what the chains hold + in flight +
 * fees = what they held) with a clean ledger audit, and a restart between
 * the start and the settlement on PGlite.
 */
const MODULES = ['core-banking', 'chains', 'crosschain', 'treasury'];
const NOW = '2026-03-01T00:00:00.000Z';
const ALLOCATION = { targets: [{ chain: 'base', percent: '50' }, { chain: 'polygon', percent: '30' }, { chain: 'ethereum', percent: '20' }] };
const units = (decimal: string) => BigInt(decimal.replace('.', ''));

/** The account's USDC per chain (available + reserved), base units. */
async function holdings(k: TestKernel, user: TestUser, account: string): Promise<Map<string, bigint>> {
  const rows = await k.get(UnitOfWork).run((tx) => k.get(Ledger).balances(tx, user.teamId, account));
  const result = new Map<string, bigint>();
  for (const row of rows) {
    const holding = k.get(OnChainHoldings).describe(row.assetCode);
    if (holding?.asset.code === 'USDC' && holding.chain) result.set(holding.chain, row.available + row.reserved);
  }
  return result;
}
const sum = (map: Map<string, bigint>) => [...map.values()].reduce((total, amount) => total + amount, 0n);

async function assertAudit(k: Pick<TestKernel, 'request' | 'operatorKey'>): Promise<void> {
  const audit = (await k.request('GET', '/api/v2/admin/ledger/audit', { key: k.operatorKey })).body.data;
  assert.is(audit.ok, true, JSON.stringify(audit));
}

/** Runs the bridge workflows and the settlement until nothing is due, an hour of service time later. */
async function settle(k: TestKernel): Promise<void> {
  k.clock.advance(3_600_000);
  for (let pass = 0; pass < 20; pass += 1) {
    const ran = (await k.runWorkflows()) + (await k.get(EventBackbone).drain());
    if (ran === 0) return;
  }
}

async function openAccount(k: Pick<TestKernel, 'request'>, user: TestUser, deposits: Record<string, string>): Promise<string> {
  const account = (await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Treasury', type: 'business' } })).body.data.uuid as string;
  for (const [chain, amount] of Object.entries(deposits)) {
    const deposit = await k.request('POST', `/api/v2/accounts/${account}/deposit`, { key: user.key, body: { amount, asset_code: 'USDC', chain } });
    assert.is(deposit.status, 201, JSON.stringify(deposit.body));
  }
  return account;
}

const test = suite('treasury over HTTP, GraphQL and WebSocket');
let g: GraphqlKernel;
let ada: TestUser;
let bob: TestUser;
let account: string;
let bobsAccount: string;

test.before(async () => {
  g = await bootGraphql({ modules: MODULES, now: NOW, rateLimits: false });
  ada = await g.createUser('Ada Treasurer');
  bob = await g.createUser('Bob Treasurer');
  account = await openAccount(g, ada, { ethereum: '1000' });
  bobsAccount = await openAccount(g, bob, { polygon: '10' });
});
test.after(() => g.close());

const put = (user: TestUser, token: string, body: unknown) => g.request('PUT', `/api/v2/treasury/allocations/${token}`, { key: user.key, body });
const rebalance = (user: TestUser, body: unknown) => g.request('POST', '/api/v2/treasury/rebalances', { key: user.key, body });
const treasuryEvents = async () => (await g.k.store.eventStore.readAfter(0n, 10_000)).filter((event) => event.type.startsWith('treasury.'));

test('an allocation is set, replaced and listed; each refusal is a 422 at its field that changes nothing', async () => {
  const first = await put(ada, 'USDC', { targets: [{ chain: 'base', percent: '100' }] });
  assert.is(first.status, 200, JSON.stringify(first.body));
  const set = await put(ada, 'USDC', ALLOCATION);
  assert.is(set.status, 200, JSON.stringify(set.body));
  assert.equal(AllocationView.parse(set.body.data).targets, [{ chain: 'base', percent: '50.00' }, { chain: 'polygon', percent: '30.00' }, { chain: 'ethereum', percent: '20.00' }]);
  const refusals: Array<[string, unknown, string, string]> = [
    ['USDC', { targets: [{ chain: 'base', percent: '50' }, { chain: 'polygon', percent: '49' }] }, '/targets', 'percent_sum'],
    ['USDC', { targets: [{ chain: 'base', percent: '50' }, { chain: 'atlantis', percent: '50' }] }, '/targets/1/chain', 'unknown_chain'],
    ['USDC', { targets: [{ chain: 'base-sepolia', percent: '100' }] }, '/targets/0/chain', 'testnet_chain'],
    ['USDC', { targets: [{ chain: 'base', percent: '50' }, { chain: 'eip155:8453', percent: '50' }] }, '/targets/1/chain', 'duplicate_chain'],
    ['USDC', { targets: [{ chain: 'base', percent: '-50' }, { chain: 'polygon', percent: '150' }] }, '/targets/0/percent', 'invalid_percent'],
    ['USDC', { targets: [{ chain: 'base', percent: '33.333' }] }, '/targets/0/percent', 'invalid_percent'],
    ['NOPE', ALLOCATION, '/token', 'unknown_token'],
    ['USD', ALLOCATION, '/token', 'unknown_token'],
  ];
  for (const [token, body, pointer, code] of refusals) {
    const refused = await put(ada, token, body);
    assert.is(refused.status, 422, `${JSON.stringify(body)} → ${refused.status}`);
    const error = refused.body.errors?.[0] ?? refused.body.error;
    assert.ok(JSON.stringify(refused.body).includes(pointer), `${code}: ${JSON.stringify(refused.body)}`);
    assert.ok(JSON.stringify(error ?? refused.body).includes(code), `${code}: ${JSON.stringify(refused.body)}`);
  }
  for (const body of [{}, { targets: [] }, { targets: [{ chain: 'base', percent: 100 }] }]) assert.is((await put(ada, 'USDC', body)).status, 422, JSON.stringify(body));
  const listed = await g.request('GET', '/api/v2/treasury/allocations', { key: ada.key });
  assert.equal(listed.body.data.map((one: AllocationView) => [one.token, one.targets.length]), [['USDC', 3]]);
  assert.equal((await g.request('GET', '/api/v2/treasury/allocations', { key: bob.key })).body.data, []);
});

test('a dry run plans and moves nothing', async () => {
  const before = await holdings(g.k, ada, account);
  const planned = await rebalance(ada, { token: 'USDC', tolerance_bps: 10, dry_run: true });
  assert.is(planned.status, 201, JSON.stringify(planned.body));
  const view = RebalanceView.parse(planned.body.data);
  assert.equal([view.status, view.dry_run, view.within_tolerance_before, view.within_tolerance_after, view.total], ['planned', true, false, true, '1000.000000']);
  assert.equal(view.transfers.map((one) => [one.source_chain, one.destination_chain, one.bridge_tx_id, one.status]).sort(), [
    ['ethereum', 'base', null, 'planned'],
    ['ethereum', 'polygon', null, 'planned'],
  ]);
  assert.equal(await holdings(g.k, ada, account), before);
});

test('bad rebalance input is a 4xx with a pointer and changes nothing', async () => {
  const before = await holdings(g.k, ada, account);
  const events = (await treasuryEvents()).length;
  const cases: Array<[unknown, number, string]> = [
    [{ token: 'USDC', tolerance_bps: -1 }, 422, '/tolerance_bps'],
    [{ token: 'USDC', tolerance_bps: 10_001 }, 422, '/tolerance_bps'],
    [{ token: 'USDC', tolerance_bps: 1.5 }, 422, '/tolerance_bps'],
    [{ token: 'WETH', tolerance_bps: 10 }, 422, '/token'],
    [{ token: 'ATLANTIS', tolerance_bps: 10 }, 422, '/token'],
    [{ token: 'USDC', account_id: bobsAccount }, 404, '/account_id'],
    [{ token: 'USDC', account_id: 'not-a-uuid' }, 422, '/account_id'],
  ];
  for (const [body, status, pointer] of cases) {
    const refused = await rebalance(ada, body);
    assert.is(refused.status, status, `${JSON.stringify(body)} → ${refused.status} ${JSON.stringify(refused.body)}`);
    assert.ok(JSON.stringify(refused.body).includes(pointer), JSON.stringify(refused.body));
  }
  // Bob has no allocation of USDC.
  assert.is((await rebalance(bob, { token: 'USDC' })).status, 422);
  // Ten base units cannot pay any bridge's fee: a dry run says so, a rebalance is refused.
  const tiny = await openAccount(g, ada, { ethereum: '0.00001' });
  const hopeless = RebalanceView.parse((await rebalance(ada, { token: 'USDC', tolerance_bps: 10, account_id: tiny, dry_run: true })).body.data);
  assert.equal([hopeless.within_tolerance_after, hopeless.transfers], [false, []]);
  const unreachable = await rebalance(ada, { token: 'USDC', tolerance_bps: 10, account_id: tiny });
  assert.equal([unreachable.status, JSON.stringify(unreachable.body).includes('allocation_unreachable')], [422, true], JSON.stringify(unreachable.body));
  assert.equal(await holdings(g.k, ada, tiny), new Map([['ethereum', 10n]]));
  assert.equal(await holdings(g.k, ada, account), before);
  assert.is((await treasuryEvents()).length, events + 1, 'only the dry run’s planned event');
});

test('a rebalance bridges to the allocation: portfolioRebalanced is live for the team only, the token is conserved, the audit is clean', async () => {
  const adaSocket = wsClient(g, `Bearer ${ada.key}`);
  const bobSocket = wsClient(g, `Bearer ${bob.key}`);
  await Promise.all([adaSocket.connected, bobSocket.connected]);
  const QUERY = 'subscription($p: String) { portfolioRebalanced(portfolio_id: $p) { id status token transfers { bridge_tx_id status } chains { chain after } } }';
  const live = subscribe(adaSocket.client, QUERY, { p: 'USDC' });
  const otherToken = subscribe(adaSocket.client, QUERY, { p: 'WETH' });
  const bobs = subscribe(bobSocket.client, QUERY, {});
  await g.listening(3);

  const before = await holdings(g.k, ada, account);
  const started = await rebalance(ada, { token: 'USDC', tolerance_bps: 10 });
  assert.is(started.status, 201, JSON.stringify(started.body));
  const view = RebalanceView.parse(started.body.data);
  assert.is(view.status, 'executing');
  assert.is(view.transfers.length, 2);
  assert.ok(view.transfers.every((one) => one.bridge_tx_id !== null && one.status === 'pending'));
  const again = await rebalance(ada, { token: 'USDC', tolerance_bps: 10 });
  assert.equal([again.status, JSON.stringify(again.body).includes('rebalance_in_progress')], [409, true], JSON.stringify(again.body));
  const planned = await live.next();
  assert.equal([planned.data.portfolioRebalanced.id, planned.data.portfolioRebalanced.status], [view.id, 'executing']);

  // In flight: what left ethereum = what is on its way + the fees.
  const fees = units(view.fee_total);
  const inFlight = view.transfers.reduce((total, one) => total + units(one.receive_amount), 0n);
  assert.is(sum(before) - sum(await holdings(g.k, ada, account)), inFlight + fees, 'left = in flight + fees');
  for (const transfer of view.transfers) {
    const bridged = await g.request('GET', `/api/v1/crosschain/bridge/${transfer.bridge_tx_id}`, { key: ada.key });
    assert.equal([bridged.body.data.status, bridged.body.data.fee_amount, bridged.body.data.amount], ['pending', transfer.fee_amount, transfer.amount]);
  }

  // The transfers arrive (their workflows ran) before the settlement has seen their events: GET reads their status live.
  g.k.clock.advance(3_600_000);
  while ((await g.k.runWorkflows()) > 0);
  const arrived = RebalanceView.parse((await g.request('GET', `/api/v2/treasury/rebalances/${view.id}`, { key: ada.key })).body.data);
  assert.equal([arrived.status, arrived.transfers.map((one) => one.status)], ['executing', ['completed', 'completed']]);
  await settle(g.k);
  const done = RebalanceView.parse((await g.request('GET', `/api/v2/treasury/rebalances/${view.id}`, { key: ada.key })).body.data);
  assert.is(done.status, 'completed', JSON.stringify(done));
  assert.ok(done.transfers.every((one) => one.status === 'completed'));
  const after = await holdings(g.k, ada, account);
  assert.is(sum(after), sum(before) - fees, 'what the chains hold = what they held − the fees');
  for (const chain of done.chains) {
    assert.is(units(chain.after!), after.get(chain.chain) ?? 0n, chain.chain);
    assert.is(chain.after, chain.expected, `${chain.chain} landed where planned`);
    const gap = units(chain.after!) - units(chain.target);
    assert.ok((gap < 0n ? -gap : gap) * 10_000n <= 10n * (sum(before) - fees), `${chain.chain} within tolerance`);
  }
  const completed = await live.next();
  assert.equal([completed.data.portfolioRebalanced.id, completed.data.portfolioRebalanced.status], [view.id, 'completed']);
  await assertAudit({ request: g.request, operatorKey: g.k.operatorKey });
  assert.equal(otherToken.messages, []);
  assert.equal(bobs.messages, []);
  assert.equal(
    (await treasuryEvents()).filter((event) => event.aggregateId === view.id).map((event) => event.type),
    ['treasury.rebalance.planned', 'treasury.rebalance.completed'],
  );
  for (const one of [live, otherToken, bobs]) one.dispose();
  await adaSocket.client.dispose();
  await bobSocket.client.dispose();
  await g.quiet();
});

test('within tolerance nothing moves; another team reads none of it', async () => {
  const before = await holdings(g.k, ada, account);
  const noop = RebalanceView.parse((await rebalance(ada, { token: 'USDC', tolerance_bps: 10 })).body.data);
  assert.equal([noop.status, noop.within_tolerance_before, noop.transfers, noop.fee_total], ['completed', true, [], '0.000000']);
  assert.equal(await holdings(g.k, ada, account), before);
  assert.is((await g.request('GET', `/api/v2/treasury/rebalances/${noop.id}`, { key: bob.key })).status, 404);
  assert.is((await g.request('GET', '/api/v2/treasury/rebalances/not-an-id', { key: ada.key })).status, 404);
});

test('concurrent rebalances of one account: one starts, the others are a 409, nothing moves twice', async () => {
  const racer = await openAccount(g, ada, { base: '300' });
  const answers = await Promise.all([1, 2, 3].map(() => rebalance(ada, { token: 'USDC', tolerance_bps: 10, account_id: racer })));
  assert.equal(answers.map((one) => one.status).sort(), [201, 409, 409], JSON.stringify(answers.map((one) => one.body)));
  const started = RebalanceView.parse(answers.find((one) => one.status === 201)!.body.data);
  await settle(g.k);
  const done = RebalanceView.parse((await g.request('GET', `/api/v2/treasury/rebalances/${started.id}`, { key: ada.key })).body.data);
  assert.is(done.status, 'completed');
  assert.is(sum(await holdings(g.k, ada, racer)), 300_000_000n - units(done.fee_total));
  assert.equal(done.chains.map((chain) => chain.after), done.chains.map((chain) => chain.expected));
});

test('a failed bridge transfer is refunded and fails the rebalance; nothing is lost', async () => {
  const other = await openAccount(g, ada, { polygon: '500' });
  const before = await holdings(g.k, ada, other);
  for (const protocol of ['wormhole', 'layerzero', 'axelar']) {
    assert.is((await g.request('POST', '/api/v2/admin/crosschain/faults', { key: g.k.operatorKey, body: { protocol, fault: 'fail', count: 5 } })).status, 200);
  }
  const started = RebalanceView.parse((await rebalance(ada, { token: 'USDC', tolerance_bps: 10, account_id: other })).body.data);
  assert.is(started.status, 'executing');
  await settle(g.k);
  for (const protocol of ['wormhole', 'layerzero', 'axelar']) await g.request('POST', '/api/v2/admin/crosschain/faults', { key: g.k.operatorKey, body: { protocol, fault: 'fail', count: 0 } });
  const failed = RebalanceView.parse((await g.request('GET', `/api/v2/treasury/rebalances/${started.id}`, { key: ada.key })).body.data);
  assert.is(failed.status, 'failed');
  assert.ok(failed.transfers.every((one) => one.status === 'failed'));
  assert.match(failed.failure_reason ?? '', /attestation/);
  assert.equal(await holdings(g.k, ada, other), before, 'every transfer refunded to its source');
  assert.equal(failed.chains.map((chain) => chain.after), failed.chains.map((chain) => chain.before));
  await assertAudit({ request: g.request, operatorKey: g.k.operatorKey });
});

test('GraphQL: the mutations and queries call the same operations, scoped to the team', async () => {
  const set = await data(g, 'mutation { setTreasuryAllocation(input: { token: "USDC", targets: [{ chain: "polygon", percent: "100" }] }) { token targets { chain percent } } }', undefined, bob.key);
  assert.equal(set.setTreasuryAllocation.targets, [{ chain: 'polygon', percent: '100.00' }]);
  const refused = await gql(g, 'mutation { setTreasuryAllocation(input: { token: "USDC", targets: [{ chain: "polygon", percent: "99" }] }) { token } }', undefined, bob.key);
  assert.ok(refused.body.errors?.length > 0);
  const planned = await data(g, 'mutation { rebalanceTreasury(input: { token: "USDC", dry_run: true }) { id status tolerance_bps within_tolerance_before } }', undefined, bob.key);
  assert.equal([planned.rebalanceTreasury.status, planned.rebalanceTreasury.tolerance_bps, planned.rebalanceTreasury.within_tolerance_before], ['planned', 100, true]);
  const listed = await data(g, '{ treasuryAllocations { token targets { chain } } }', undefined, bob.key);
  assert.equal(listed.treasuryAllocations, [{ token: 'USDC', targets: [{ chain: 'polygon' }] }]);
  const mine = await data(g, 'query($id: ID!) { treasuryRebalance(id: $id) { id status } }', { id: planned.rebalanceTreasury.id }, bob.key);
  assert.is(mine.treasuryRebalance.status, 'planned');
  const theirs = await gql(g, 'query($id: ID!) { treasuryRebalance(id: $id) { id } }', { id: planned.rebalanceTreasury.id }, ada.key);
  assert.is(theirs.body.errors?.[0]?.extensions?.code, 'not_found');
  const foreign = await gql(g, 'mutation($a: ID) { rebalanceTreasury(input: { token: "USDC", account_id: $a }) { id } }', { a: bobsAccount }, ada.key);
  assert.is(foreign.body.errors?.[0]?.extensions?.code, 'not_found');
});

test('the GraphQL rebalance type has exactly the fields of the zod view', async () => {
  const type = await data(g, '{ __type(name: "TreasuryRebalance") { fields { name } } }', undefined, ada.key);
  assert.equal(type.__type.fields.map((field: { name: string }) => field.name).sort(), Object.keys(RebalanceView.shape).sort());
});

test.run();

const restart = suite('treasury: a restart between the start and the settlement (PGlite)');
let dataDir: string;
restart.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-treasury-'));
});
restart.after(() => rm(dataDir, { recursive: true, force: true }));
restart('the rebalance completes after a restart, from the bridge events committed before and after it', async () => {
  const boot = (seed: string) => bootTestKernel({ seed, store: 'pglite', modules: MODULES, config: { dataDir } as any, now: NOW });
  let k = await boot('treasury-0');
  const user = await k.createUser('Restarting Treasurer');
  const account = await openAccount(k, user, { ethereum: '100', polygon: '100' });
  assert.is((await k.request('PUT', '/api/v2/treasury/allocations/USDC', { key: user.key, body: ALLOCATION })).status, 200);
  const started = RebalanceView.parse((await k.request('POST', '/api/v2/treasury/rebalances', { key: user.key, body: { token: 'USDC', tolerance_bps: 10 } })).body.data);
  assert.is(started.status, 'executing');
  await k.close();
  k = await boot('treasury-1');
  await settle(k);
  const done = RebalanceView.parse((await k.request('GET', `/api/v2/treasury/rebalances/${started.id}`, { key: user.key })).body.data);
  assert.is(done.status, 'completed', JSON.stringify(done));
  assert.is(sum(await holdings(k, user, account)), 200_000_000n - units(done.fee_total));
  await assertAudit(k);
  await k.close();
});
restart.run();
