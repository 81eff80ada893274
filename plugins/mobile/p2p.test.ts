import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EventBackbone } from '../../kernel/public.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { PushRecording, type PushRecording as Recording } from './adapters/push-simulator.js';
import { ActivityItemView, NotificationView, P2pTransferView } from './operations.js';

/**
 * Peer-to-peer transfers, the activity feed and push notifications over real
 * HTTP, on BANK_TEST_STORE (memory by default). Across two teams each team's
 * ledger balances and the clearing accounts net to zero; the recipient sees
 * the transfer in their feed at once and is notified on their device through
 * the recording push simulator.
 */
const test = suite('mobile p2p transfers, activity and notifications');
let k: TestKernel;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let aliceWallet: string;
let bobWallet: string;

const call = (user: TestUser, method: string, path: string, body?: unknown) => k.request(method, `/api/v2${path}`, { key: user.key, body });
const openAccount = async (user: TestUser, name: string) => (await call(user, 'POST', '/accounts', { name, type: 'personal' })).body.data.uuid as string;
const available = async (user: TestUser, account: string) =>
  ((await call(user, 'GET', `/accounts/${account}/balances`)).body.data.balances as { asset_code: string; available_balance: string }[]).find((row) => row.asset_code === 'USD')?.available_balance ?? '0.00';
const p2p = (user: TestUser, body: unknown) => call(user, 'POST', '/mobile/transfers/p2p', body);

test.before(async () => {
  k = await bootTestKernel({ modules: ['core-banking', 'mobile'] });
  alice = await k.createUser('Alice Peer');
  bob = await k.createUser('Bob Peer');
  carol = await k.createUser('Carol Peer');
  aliceWallet = await openAccount(alice, 'Wallet');
  bobWallet = await openAccount(bob, 'Wallet');
  await call(alice, 'POST', `/accounts/${aliceWallet}/deposit`, { amount: '100.00', asset_code: 'USD' });
  k.clock.advance(1_000);
  await call(alice, 'PUT', '/mobile/wallet', { account_id: aliceWallet });
  await call(bob, 'PUT', '/mobile/wallet', { account_id: bobWallet });
  assert.is((await call(bob, 'POST', '/mobile/devices', { push_token: 'bob-phone-token-0001', platform: 'ios', name: 'Bob’s phone' })).status, 201);
});
test.after(() => k.close());

test('a p2p transfer to a user of another team: money moves at once, each team balances', async () => {
  const sent = await p2p(alice, { to_user: 'Bob.Peer@example.test', amount: '12.50', currency: 'USD', note: 'Lunch' });
  assert.is(sent.status, 201, JSON.stringify(sent.body));
  const view = P2pTransferView.parse(sent.body.data);
  assert.equal([view.direction, view.from_user, view.to_user, view.status, view.account], ['sent', 'alice.peer@example.test', 'bob.peer@example.test', 'completed', aliceWallet]);
  assert.is(await available(alice, aliceWallet), '87.50');
  assert.is(await available(bob, bobWallet), '12.50');
  const seen = await call(bob, 'GET', `/mobile/transfers/p2p/${view.id}`);
  assert.equal([seen.body.data.direction, seen.body.data.account], ['received', bobWallet]);
  assert.is((await call(carol, 'GET', `/mobile/transfers/p2p/${view.id}`)).status, 404);
  const report = await assertConservation(k);
  const clearing = report.totals.map((row) => row.system['system:mobile-clearing'] ?? 0n);
  assert.is(clearing.filter((value) => value !== 0n).length, 2, 'both teams used their clearing account');
  assert.is(clearing.reduce((sum, value) => sum + value, 0n), 0n);
  const events = (await k.store.eventStore.readAfter(0n, 10_000)).filter((event) => event.type.startsWith('mobile.p2p_transfer.'));
  assert.equal(events.map((event) => [event.type, event.teamId]), [['mobile.p2p_transfer.sent', alice.teamId], ['mobile.p2p_transfer.received', bob.teamId]]);
});

test('the recipient sees it at once in their feed, with a notification pushed to their device', async () => {
  const feed = await call(bob, 'GET', '/mobile/activity?page=1&per_page=10');
  assert.is(feed.status, 200);
  const items = feed.body.data.map((item: unknown) => ActivityItemView.parse(item));
  const received = items.find((item: ActivityItemView) => item.type === 'p2p_received')!;
  assert.equal([received.amount, received.currency, received.title, received.resource.type], ['12.50', 'USD', 'From alice.peer@example.test: Lunch', 'p2p_transfer']);
  assert.ok(items.some((item: ActivityItemView) => item.type === 'notification'));
  assert.equal(feed.body.meta.total, items.length);
  const aliceFeed = (await call(alice, 'GET', '/mobile/activity')).body.data;
  assert.equal([aliceFeed[0].type, aliceFeed[0].amount], ['p2p_sent', '-12.50']);
  const pending = NotificationView.parse((await call(bob, 'GET', '/mobile/notifications')).body.data[0]);
  assert.equal([pending.kind, pending.delivery], ['p2p_received', 'pending']);
  assert.ok((await k.runScheduled()) >= 1);
  const delivered = (await call(bob, 'GET', '/mobile/notifications')).body.data[0];
  assert.equal([delivered.delivery, delivered.delivered_to], ['delivered', 1]);
  const recording = k.get(PushRecording) as Recording;
  const pushes = await k.store.unitOfWork.run((tx) => recording.sentTo(tx, 'bob-phone-token-0001'));
  assert.equal(pushes.map((push) => [push.title, push.data.kind, push.accepted]), [['You received 12.50 USD', 'p2p_received', true]]);
});

test('a token the push service refuses removes the device; no device is no_devices', async () => {
  await call(bob, 'POST', '/mobile/devices', { push_token: 'unregistered-old-phone', platform: 'android' });
  await p2p(alice, { to_user: 'bob.peer@example.test', amount: '1.00', currency: 'USD' });
  await k.runScheduled();
  assert.equal((await call(bob, 'GET', '/mobile/devices')).body.data.map((d: { push_token: string }) => d.push_token), ['bob-phone-token-0001']);
  await call(carol, 'PUT', '/mobile/wallet', { account_id: await openAccount(carol, 'Wallet') });
  await p2p(alice, { to_user: 'carol.peer@example.test', amount: '1.00', currency: 'USD' });
  await k.runScheduled();
  assert.is((await call(carol, 'GET', '/mobile/notifications')).body.data[0].delivery, 'no_devices');
  assert.is((await call(alice, 'DELETE', `/mobile/devices/${(await call(bob, 'GET', '/mobile/devices')).body.data[0].id}`)).status, 404);
  for (const body of [{ push_token: 'x'.repeat(1025), platform: 'ios' }, { push_token: 'short', platform: 'ios' }, { push_token: 'long-enough-token', platform: 'symbian' }]) {
    assert.is((await call(bob, 'POST', '/mobile/devices', body)).status, 422);
  }
});

test('refusals: unknown user, self-transfer, insufficient funds, frozen account — 4xx, nothing moves', async () => {
  const before = [await available(alice, aliceWallet), await available(bob, bobWallet)];
  const cases: [unknown, string, string][] = [
    [{ to_user: 'nobody@example.test', amount: '1.00', currency: 'USD' }, 'unknown_recipient', '/to_user'],
    [{ to_user: 'alice.peer@example.test', amount: '1.00', currency: 'USD' }, 'self_transfer', '/to_user'],
    [{ to_user: 'not-an-email', amount: '1.00', currency: 'USD' }, 'invalid_recipient', '/to_user'],
    [{ to_user: 'bob.peer@example.test', amount: '1000.00', currency: 'USD' }, 'insufficient_funds', ''],
    [{ to_user: 'bob.peer@example.test', amount: '0.00', currency: 'USD' }, 'invalid_amount', '/amount'],
    [{ to_user: 'bob.peer@example.test', amount: '1.00', currency: 'NOPE' }, '', '/currency'],
    [{ to_user: 'bob.peer@example.test', amount: '1.00' }, '', '/currency'],
    [{ to_user: 'bob.peer@example.test', amount: '1.00', currency: 'USD', from_account: bobWallet }, 'not_found', ''],
  ];
  for (const [body, code, pointer] of cases) {
    const answer = await p2p(alice, body);
    assert.ok(answer.status >= 400 && answer.status < 500, `${JSON.stringify(body)} → ${answer.status}`);
    if (code) assert.is(answer.body.errors[0].code, code, JSON.stringify(answer.body));
    if (pointer) assert.is(answer.body.errors[0].source?.pointer, pointer, JSON.stringify(answer.body));
  }
  await call(bob, 'POST', `/accounts/${bobWallet}/freeze`, {});
  const frozen = await p2p(alice, { to_user: 'bob.peer@example.test', amount: '1.00', currency: 'USD' });
  assert.equal([frozen.status, frozen.body.errors[0].code], [422, 'recipient_account_not_active']);
  await call(bob, 'POST', `/accounts/${bobWallet}/unfreeze`, {});
  await call(alice, 'POST', `/accounts/${aliceWallet}/freeze`, {});
  const payerFrozen = await p2p(alice, { to_user: 'bob.peer@example.test', amount: '1.00', currency: 'USD' });
  assert.equal([payerFrozen.status, payerFrozen.body.errors[0].code], [422, 'account_not_active']);
  await call(alice, 'POST', `/accounts/${aliceWallet}/unfreeze`, {});
  assert.equal([await available(alice, aliceWallet), await available(bob, bobWallet)], before);
  await assertConservation(k);
});

test('deposits, withdrawals and core transfers of a wallet account reach its owner’s feed', async () => {
  const savings = await openAccount(bob, 'Savings');
  await call(bob, 'POST', `/accounts/${bobWallet}/deposit`, { amount: '40.00', asset_code: 'USD' });
  await call(bob, 'POST', `/accounts/${bobWallet}/withdraw`, { amount: '5.00', asset_code: 'USD' });
  const transfer = await call(bob, 'POST', '/transfers', { from_account: bobWallet, to_account: savings, amount: '3.00', asset_code: 'USD' });
  assert.is(transfer.status, 201, JSON.stringify(transfer.body));
  k.clock.advance(60_000);
  await k.runWorkflows();
  assert.is((await call(bob, 'GET', `/transfers/${transfer.body.data.uuid}`)).body.data.status, 'completed');
  await call(bob, 'POST', `/accounts/${savings}/deposit`, { amount: '7.00', asset_code: 'USD' });
  await k.get(EventBackbone).drain();
  const feed = (await call(bob, 'GET', '/mobile/activity?per_page=100')).body.data as ActivityItemView[];
  const core = feed.filter((item) => ['deposit', 'withdrawal', 'transfer_in', 'transfer_out'].includes(item.type)).map((item) => [item.type, item.amount, item.resource.href]);
  const href = `/api/v2/accounts/${bobWallet}/transactions`;
  // What left the wallet: the transfer's 3.00 and its fee of 0.01.
  assert.equal(core.sort(), [['deposit', '40.00', href], ['transfer_out', '-3.01', href], ['withdrawal', '-5.00', href]].sort());
  assert.not.ok(feed.some((item) => item.type === 'deposit' && item.amount === '7.00'), 'the savings account is not a wallet');
  const aliceFeed = (await call(alice, 'GET', '/mobile/activity?per_page=100')).body.data as ActivityItemView[];
  assert.not.ok(aliceFeed.some((item) => item.type === 'deposit'), 'Alice set her wallet after her deposit');
});

test.run();

/** Concurrency: 50 transfers at once from an account funded for 10 — exactly 10 succeed (meaningful on PostgreSQL; PGlite and memory serialise). */
const race = suite('mobile p2p: 50 at once from an account funded for 10');
race('exactly 10 succeed, the rest are insufficient_funds', async () => {
  const kernel = await bootTestKernel({ modules: ['core-banking', 'mobile'] });
  try {
    const req = (user: TestUser, method: string, path: string, body?: unknown) => kernel.request(method, `/api/v2${path}`, { key: user.key, body });
    const payer = await kernel.createUser('Pat Race');
    const payee = await kernel.createUser('Quinn Race');
    const from = (await req(payer, 'POST', '/accounts', { name: 'From', type: 'personal' })).body.data.uuid;
    const to = (await req(payee, 'POST', '/accounts', { name: 'To', type: 'personal' })).body.data.uuid;
    await req(payer, 'POST', `/accounts/${from}/deposit`, { amount: '10.00', asset_code: 'USD' });
    await req(payer, 'PUT', '/mobile/wallet', { account_id: from });
    await req(payee, 'PUT', '/mobile/wallet', { account_id: to });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => req(payer, 'POST', '/mobile/transfers/p2p', { to_user: 'quinn.race@example.test', amount: '1.00', currency: 'USD' })),
    );
    const statuses = answers.map((answer) => answer.status);
    assert.is(statuses.filter((status) => status === 201).length, 10, statuses.join(','));
    assert.ok(answers.filter((answer) => answer.status !== 201).every((answer) => answer.status === 422 && answer.body.errors[0].code === 'insufficient_funds'), statuses.join(','));
    const balances = (id: string, user: TestUser) => req(user, 'GET', `/accounts/${id}/balances`).then((answer) => answer.body.data.balances[0]?.available_balance);
    assert.is(await balances(from, payer), '0.00');
    assert.is(await balances(to, payee), '10.00');
    await assertConservation(kernel);
  } finally {
    await kernel.close();
  }
});
race.run();
