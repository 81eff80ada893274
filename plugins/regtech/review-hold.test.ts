import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventBackbone, EventStore, WorkflowEngine, type StoredEvent } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestKernelOptions, type TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { MonitoredTransactionsView } from './operations.js';

/**
 * Holding flagged transfers: core banking's settlement step asks regtech's
 * SettlementGate, which runs the monitoring rules itself (whether or not the
 * consumer saw the transfer yet). A held transfer waits in pending_review
 * with its funds reserved, never expires, and no poll touches it; the
 * operator's clear settles it and reject fails it with the hold released,
 * in the decision's own commit. A transfer nothing flags settles unchanged.
 * review_score 40 here, so a large amount (USD 10,000) alone needs review.
 */
const stores = ['memory', 'pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
const pluginConfig = { regtech: { monitoring: { review_score: 40 } } };
const options = (store: TestKernelOptions['store'], extra: Partial<TestKernelOptions> = {}): TestKernelOptions => ({
  store,
  modules: ['core-banking', 'regtech'],
  now: '2026-11-25T04:00:00.000Z',
  config: { pluginConfig } as TestKernelOptions['config'],
  ...extra,
});

async function account(k: TestKernel, user: TestUser, funds?: string): Promise<string> {
  const id = (await k.request('POST', '/api/v2/accounts', { key: user.key, body: { name: 'Main', type: 'personal', metadata: {} } })).body.data.uuid as string;
  if (funds) assert.is((await k.request('POST', `/api/v2/accounts/${id}/deposit`, { key: user.key, body: { amount: funds, asset_code: 'USD' } })).status, 201);
  return id;
}

async function transfer(k: TestKernel, user: TestUser, from: string, to: string, amount: string): Promise<{ id: string; workflowId: string; fee: string }> {
  const answer = await k.request('POST', '/api/v2/transfers', { key: user.key, body: { from_account: from, to_account: to, amount, asset_code: 'USD', workflow_enabled: true } });
  assert.is(answer.status, 201, JSON.stringify(answer.body));
  return { id: answer.body.data.uuid, workflowId: answer.body.data.workflow_id, fee: answer.body.data.fees.transfer_fee };
}

/** Past the settlement delay, then every due step (the consumer is left alone: the gate must not need it). */
async function settle(k: TestKernel): Promise<number> {
  k.clock.advance(5_000);
  return k.runWorkflows();
}

async function balance(k: TestKernel, user: TestUser, accountId: string): Promise<[string, string]> {
  const usd = (await k.request('GET', `/api/v2/accounts/${accountId}/balances`, { key: user.key })).body.data.balances.find((b: { asset_code: string }) => b.asset_code === 'USD');
  return usd ? [usd.available_balance, usd.reserved_balance] : ['0.00', '0.00'];
}

const statusOf = async (k: TestKernel, user: TestUser, id: string): Promise<string> => (await k.request('GET', `/api/v2/transfers/${id}`, { key: user.key })).body.data.status;

async function senderTransactionStatus(k: TestKernel, user: TestUser, accountId: string): Promise<string[]> {
  const rows = (await k.request('GET', `/api/v2/accounts/${accountId}/transactions?type=transfer`, { key: user.key })).body.data as Array<{ status: string }>;
  return rows.map((row) => row.status);
}

async function reviewFor(k: TestKernel, transferId: string): Promise<string | undefined> {
  const reviews = MonitoredTransactionsView.parse((await k.request('GET', '/api/v2/admin/regtech/reviews', { key: k.operatorKey })).body.data).reviews;
  return reviews.find((review) => review.transaction_id === transferId)?.review_id;
}

const decide = (k: TestKernel, reviewId: string, action: 'clear' | 'reject', note: string) =>
  k.request('POST', `/api/v2/admin/regtech/reviews/${reviewId}/${action}`, { key: k.operatorKey, body: { note } });

async function eventsOf(k: TestKernel, aggregateId: string): Promise<StoredEvent[]> {
  return (await k.get(EventStore).readAfter(0n, 100_000)).filter((event) => event.aggregateId === aggregateId);
}

for (const store of stores) {
  const test = suite(`regtech review hold: ${store}`);
  let k: TestKernel;
  let ada: TestUser;

  test.before(async () => {
    k = await bootTestKernel(options(store));
    ada = await k.createUser('Ada Review');
  });
  test.after(() => k.close());

  test('a transfer nothing flags settles on its schedule, unchanged', async () => {
    const [from, to] = [await account(k, ada, '500.00'), await account(k, ada)];
    const { id, fee } = await transfer(k, ada, from, to, '100.00');
    await settle(k);
    assert.is(await statusOf(k, ada, id), 'completed');
    assert.equal(await balance(k, ada, to), ['100.00', '0.00']);
    assert.equal(await balance(k, ada, from), [(500 - 100 - Number(fee)).toFixed(2), '0.00']);
    assert.not.ok((await eventsOf(k, id)).some((event) => event.type === 'transfer.held'));
    await assertConservation(k);
  });

  test('held → cleared: pending_review with the funds reserved, no expiry, no polling; clear settles it in the decision commit', async () => {
    const [from, to] = [await account(k, ada, '20000.00'), await account(k, ada)];
    const { id, workflowId, fee } = await transfer(k, ada, from, to, '10000.00');
    const reserved = (10_000 + Number(fee)).toFixed(2);
    await settle(k);
    assert.is(await statusOf(k, ada, id), 'pending_review');
    assert.equal(await senderTransactionStatus(k, ada, from), ['pending_review']);
    const listed = (await k.request('GET', '/api/v2/transactions?status=pending_review', { key: ada.key })).body.data as Array<{ account_uuid: string }>;
    assert.equal(listed.map((row) => row.account_uuid), [from], 'the status filter knows pending_review');
    assert.equal(await balance(k, ada, from), [(20_000 - 10_000 - Number(fee)).toFixed(2), reserved]);
    assert.equal(await balance(k, ada, to), ['0.00', '0.00']);
    const held = (await eventsOf(k, id)).find((event) => event.type === 'transfer.held');
    assert.is((held?.payload as { status: string }).status, 'pending_review');
    await assertConservation(k);

    // The consumer sees transfer.created after the gate: the same record, no second flagging.
    await k.get(EventBackbone).drain();
    const violations = (await k.get(EventStore).readAfter(0n, 100_000)).filter((event) => event.type === 'compliance.violation.detected' && (event.payload as { transaction_id: string }).transaction_id === id);
    assert.is(violations.length, 1);

    // Nothing is due while it waits, even past transfer_timeout_ms: it neither expires nor gets polled.
    k.clock.advance(2 * 86_400_000);
    assert.is(await k.runWorkflows(), 0);
    assert.is(await statusOf(k, ada, id), 'pending_review');

    const reviewId = await reviewFor(k, id);
    assert.ok(reviewId, 'the held transfer is in the review queue');
    assert.is((await decide(k, reviewId!, 'clear', 'Known customer, documented.')).status, 200);
    assert.is(await statusOf(k, ada, id), 'completed');
    assert.equal(await senderTransactionStatus(k, ada, from), ['completed']);
    assert.equal(await balance(k, ada, to), ['10000.00', '0.00']);
    assert.equal(await balance(k, ada, from), [(20_000 - 10_000 - Number(fee)).toFixed(2), '0.00']);
    const types = (await eventsOf(k, id)).map((event) => event.type);
    assert.ok(types.includes('transfer.completed'));
    const all = await k.get(EventStore).readAfter(0n, 100_000);
    const decided = all.find((event) => event.type === 'regtech.review.decided' && event.aggregateId === reviewId);
    const completed = all.find((event) => event.type === 'transfer.completed' && event.aggregateId === id);
    // Settled by the decision request itself (no workflow pass ran since): the step ran in the decision's unit of work.
    assert.ok(decided && completed && completed.position > decided.position);
    assert.is((await k.get(WorkflowEngine).get(ada.teamId, workflowId))?.status, 'completed');
    await assertConservation(k);
  });

  test('held → rejected: the transfer fails with the note as reason and the whole hold comes back', async () => {
    const [from, to] = [await account(k, ada, '15000.00'), await account(k, ada)];
    const { id, workflowId } = await transfer(k, ada, from, to, '12000.00');
    await settle(k);
    assert.is(await statusOf(k, ada, id), 'pending_review');
    const reviewId = await reviewFor(k, id);
    assert.is((await decide(k, reviewId!, 'reject', 'Counterparty not documented.')).status, 200);
    assert.is(await statusOf(k, ada, id), 'failed');
    assert.equal(await senderTransactionStatus(k, ada, from), ['failed']);
    assert.equal(await balance(k, ada, from), ['15000.00', '0.00']);
    assert.equal(await balance(k, ada, to), ['0.00', '0.00']);
    const failed = (await eventsOf(k, id)).find((event) => event.type === 'transfer.failed');
    assert.is((failed?.payload as { reason: string }).reason, 'rejected in compliance review: Counterparty not documented.');
    assert.is((await k.get(WorkflowEngine).get(ada.teamId, workflowId))?.status, 'failed');
    assert.is(await k.runWorkflows(), 0, 'nothing left to run');
    await assertConservation(k);
  });

  test('clear and reject sent at once: one wins (200), the other is a 409, and the transfer follows the winner', async () => {
    const [from, to] = [await account(k, ada, '20000.00'), await account(k, ada)];
    const { id } = await transfer(k, ada, from, to, '10000.00');
    await settle(k);
    const reviewId = (await reviewFor(k, id))!;
    const answers = await Promise.all([decide(k, reviewId, 'clear', 'Fine.'), decide(k, reviewId, 'reject', 'Not fine.')]);
    assert.equal(answers.map((answer) => answer.status).sort(), [200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body.data.status as string;
    assert.is(await statusOf(k, ada, id), winner === 'cleared' ? 'completed' : 'failed');
    assert.equal(await balance(k, ada, to), winner === 'cleared' ? ['10000.00', '0.00'] : ['0.00', '0.00']);
    assert.is((await eventsOf(k, id)).filter((event) => event.type === 'transfer.completed' || event.type === 'transfer.failed').length, 1);
    await assertConservation(k);
  });

  test('a review decided before settlement is read there: rejected fails the transfer, cleared lets it settle', async () => {
    const [from, to] = [await account(k, ada, '30000.00'), await account(k, ada)];
    const rejected = await transfer(k, ada, from, to, '11000.00');
    const cleared = await transfer(k, ada, from, to, '10500.00');
    await k.get(EventBackbone).drain(); // the consumer flags both first this time
    assert.is((await decide(k, (await reviewFor(k, rejected.id))!, 'reject', 'No.')).status, 200);
    assert.is((await decide(k, (await reviewFor(k, cleared.id))!, 'clear', 'Yes.')).status, 200);
    assert.is(await statusOf(k, ada, rejected.id), 'pending', 'not held yet: the decision waits for settlement');
    await settle(k);
    assert.is(await statusOf(k, ada, rejected.id), 'failed');
    assert.is(await statusOf(k, ada, cleared.id), 'completed');
    assert.equal(await balance(k, ada, to), ['10500.00', '0.00']);
    assert.not.ok((await eventsOf(k, cleared.id)).some((event) => event.type === 'transfer.held'));
    await assertConservation(k);
  });

  test.run();
}

const restart = suite('regtech review hold: restart on PGlite while a transfer is held');
let dataDir: string;
restart.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-review-hold-'));
});
restart.after(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

restart('a transfer held before a restart is still held after it, and clearing it then settles it', async () => {
  const boot = (seed: string) => bootTestKernel(options('pglite', { seed, config: { dataDir, pluginConfig } as TestKernelOptions['config'] }));
  const first = await boot('first');
  const ada = await first.createUser('Ada Restart');
  const [from, to] = [await account(first, ada, '20000.00'), await account(first, ada)];
  const { id } = await transfer(first, ada, from, to, '10000.00');
  await settle(first);
  assert.is(await statusOf(first, ada, id), 'pending_review');
  await first.close();

  const second = await boot('second');
  try {
    second.clock.set('2026-11-25T06:00:00.000Z');
    assert.is(await second.runWorkflows(), 0);
    assert.is(await statusOf(second, ada, id), 'pending_review');
    assert.equal((await balance(second, ada, from))[1], (10_000 + 10).toFixed(2), 'still reserved: amount + the 10 bps fee');
    assert.is((await decide(second, (await reviewFor(second, id))!, 'clear', 'After the restart.')).status, 200);
    assert.is(await statusOf(second, ada, id), 'completed');
    assert.equal(await balance(second, ada, to), ['10000.00', '0.00']);
    await assertConservation(second);
  } finally {
    await second.close();
  }
});

restart.run();
