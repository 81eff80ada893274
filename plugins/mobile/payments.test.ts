import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootTestKernel, type TestKernel, type TestUser } from '../../test/fixtures/boot.js';
import { assertConservation } from '../../test/fixtures/conservation.js';
import { PaymentIntentView } from './operations.js';
import { SoftwareAuthenticator } from './testing/software-authenticator.js';

/**
 * Payment intents over real HTTP with a manual clock, on BANK_TEST_STORE
 * (memory by default; CI runs PGlite and PostgreSQL too): the state machine
 * walked through every exit, money held and moved through the ledger
 * (within a team and across teams through the clearing accounts), the
 * ledger's conservation checked after each scenario, and a restart in
 * `processing` on PGlite with a real data directory.
 */
const test = suite('mobile payment intents');
let k: TestKernel;
let alice: TestUser;
let bob: TestUser;
let aliceWallet: string;
let aliceSavings: string;
let bobWallet: string;

const call = (user: TestUser, method: string, path: string, body?: unknown) => k.request(method, `/api/v2${path}`, { key: user.key, body });
const openAccount = async (user: TestUser, name: string) => (await call(user, 'POST', '/accounts', { name, type: 'personal' })).body.data.uuid as string;
const balance = async (user: TestUser, account: string) => {
  const rows = (await call(user, 'GET', `/accounts/${account}/balances`)).body.data.balances as { asset_code: string; available_balance: string; reserved_balance: string }[];
  const usd = rows.find((row) => row.asset_code === 'USD');
  return [usd?.available_balance ?? '0.00', usd?.reserved_balance ?? '0.00'];
};
const intent = (user: TestUser, body: unknown) => call(user, 'POST', '/mobile/payments/intents', body);
const eventTypes = async () => (await k.store.eventStore.readAfter(0n, 10_000)).map((event) => event.type).filter((type) => type.startsWith('payment_intent.'));

test.before(async () => {
  k = await bootTestKernel({ modules: ['core-banking', 'mobile'] });
  alice = await k.createUser('Alice Pay');
  bob = await k.createUser('Bob Pay');
  aliceWallet = await openAccount(alice, 'Wallet');
  aliceSavings = await openAccount(alice, 'Savings');
  bobWallet = await openAccount(bob, 'Wallet');
  await call(alice, 'POST', `/accounts/${aliceWallet}/deposit`, { amount: '100.00', asset_code: 'USD' });
  assert.is((await call(alice, 'PUT', '/mobile/wallet', { account_id: aliceWallet })).status, 200);
  assert.is((await call(bob, 'PUT', '/mobile/wallet', { account_id: bobWallet })).status, 200);
});
test.after(() => k.close());

test('create holds the amount; confirm → processing; the workflow settles → succeeded, within the team', async () => {
  const created = await intent(alice, { amount: '10.00', currency: 'USD', recipient: aliceSavings, description: 'To savings' });
  assert.is(created.status, 201, JSON.stringify(created.body));
  const view = PaymentIntentView.parse(created.body.data);
  assert.equal([view.status, view.recipient_type, view.from_account, view.amount], ['requires_confirmation', 'account', aliceWallet, '10.00']);
  assert.equal(await balance(alice, aliceWallet), ['90.00', '10.00']);
  const confirmed = await call(alice, 'POST', `/mobile/payments/intents/${view.id}/confirm`);
  assert.is(confirmed.body.data.status, 'processing', JSON.stringify(confirmed.body));
  assert.is(await k.runWorkflows(), 1);
  const read = await call(alice, 'GET', `/mobile/payments/intents/${view.id}`);
  assert.is(read.body.data.status, 'succeeded');
  assert.ok(read.body.data.completed_at);
  assert.equal(await balance(alice, aliceWallet), ['90.00', '0.00']);
  assert.equal(await balance(alice, aliceSavings), ['10.00', '0.00']);
  assert.equal(await eventTypes(), ['payment_intent.created', 'payment_intent.processing', 'payment_intent.completed']);
  assert.is((await call(alice, 'POST', `/mobile/payments/intents/${view.id}/confirm`)).status, 409);
  assert.is((await call(alice, 'POST', `/mobile/payments/intents/${view.id}/cancel`)).status, 409);
  await assertConservation(k);
});

test('paying a user of another team by email crosses through the clearing accounts; each team balances', async () => {
  const created = await intent(alice, { amount: '15.00', currency: 'USD', recipient: 'Bob.Pay@example.test', description: 'Dinner' });
  assert.is(created.status, 201, JSON.stringify(created.body));
  await call(alice, 'POST', `/mobile/payments/intents/${created.body.data.id}/confirm`);
  await k.runWorkflows();
  assert.is((await call(alice, 'GET', `/mobile/payments/intents/${created.body.data.id}`)).body.data.status, 'succeeded');
  assert.equal(await balance(bob, bobWallet), ['15.00', '0.00']);
  assert.equal(await balance(alice, aliceWallet), ['75.00', '0.00']);
  const report = await assertConservation(k);
  const clearing = report.totals.map((row) => row.system['system:mobile-clearing'] ?? 0n);
  assert.is(clearing.reduce((sum, value) => sum + value, 0n), 0n, 'the clearing accounts net to zero across teams');
  assert.is((await call(bob, 'GET', `/mobile/payments/intents/${created.body.data.id}`)).status, 404, 'another team never sees it');
  // Bob sees the payment in his feed, linked to the movement on his own account.
  const received = (await call(bob, 'GET', '/mobile/activity')).body.data.find((item: { type: string }) => item.type === 'payment_received');
  assert.equal([received?.amount, received?.currency, received?.title, received?.resource.type], ['15.00', 'USD', 'Payment received: Dinner', 'ledger_movement']);
  assert.ok(received.resource.href.startsWith(`/api/v2/accounts/${bobWallet}/`), received.resource.href);
  assert.is((await call(bob, 'GET', received.resource.href.replace('/api/v2', ''))).status, 200);
});

test('cancel releases the hold; expiry by the clock releases it too', async () => {
  const first = (await intent(alice, { amount: '5.00', currency: 'USD', recipient: aliceSavings })).body.data;
  const cancelled = await call(alice, 'POST', `/mobile/payments/intents/${first.id}/cancel`);
  assert.is(cancelled.body.data.status, 'cancelled');
  assert.equal(await balance(alice, aliceWallet), ['75.00', '0.00']);
  const second = (await intent(alice, { amount: '6.00', currency: 'USD', recipient: aliceSavings })).body.data;
  assert.equal(await balance(alice, aliceWallet), ['69.00', '6.00']);
  await k.runScheduled(); // pushes the notifications of the earlier payments; nothing expires yet
  assert.is((await call(alice, 'GET', `/mobile/payments/intents/${second.id}`)).body.data.status, 'requires_confirmation');
  k.clock.advance(15 * 60_000);
  assert.is((await call(alice, 'POST', `/mobile/payments/intents/${second.id}/confirm`)).body.errors[0].code, 'intent_expired');
  assert.ok((await k.runScheduled()) >= 1);
  assert.is((await call(alice, 'GET', `/mobile/payments/intents/${second.id}`)).body.data.status, 'expired');
  assert.equal(await balance(alice, aliceWallet), ['75.00', '0.00']);
  const types = await eventTypes();
  assert.ok(types.includes('payment_intent.cancelled') && types.includes('payment_intent.expired'), types.join(','));
  await assertConservation(k);
});

test('a recipient account frozen after confirmation: the settlement fails, the hold is released', async () => {
  const created = (await intent(alice, { amount: '7.00', currency: 'USD', recipient: aliceSavings })).body.data;
  await call(alice, 'POST', `/mobile/payments/intents/${created.id}/confirm`);
  assert.is((await call(alice, 'POST', `/accounts/${aliceSavings}/freeze`, {})).status, 200);
  await k.runWorkflows();
  const failed = (await call(alice, 'GET', `/mobile/payments/intents/${created.id}`)).body.data;
  assert.equal([failed.status, failed.failure_reason !== null], ['failed', true]);
  assert.equal(await balance(alice, aliceWallet), ['75.00', '0.00']);
  await call(alice, 'POST', `/accounts/${aliceSavings}/unfreeze`, {});
  await assertConservation(k);
});

test('bad input is a 4xx with a pointer and nothing moves', async () => {
  const before = await balance(alice, aliceWallet);
  const cases: [unknown, string][] = [
    [{ amount: '1.00', currency: 'USD' }, '/recipient'],
    [{ amount: '-1.00', currency: 'USD', recipient: aliceSavings }, '/amount'],
    [{ amount: '1.001', currency: 'USD', recipient: aliceSavings }, '/amount'],
    [{ amount: 1, currency: 'USD', recipient: aliceSavings }, '/amount'],
    [{ amount: '1.00', currency: 'XXX', recipient: aliceSavings }, '/currency'],
    [{ amount: '1.00', currency: 'USD', recipient: 'nobody' }, '/recipient'],
    [{ amount: '1.00', currency: 'USD', recipient: 'nobody@example.test' }, '/recipient'],
    [{ amount: '1.00', currency: 'USD', recipient: 'alice.pay@example.test' }, '/recipient'],
    [{ amount: '1.00', currency: 'USD', recipient: aliceWallet }, '/recipient'],
    [{ amount: '1.00', currency: 'USD', recipient: bobWallet }, '/recipient'],
    [{ amount: '1000.00', currency: 'USD', recipient: aliceSavings }, ''],
    [{ amount: '1.00', currency: 'USD', recipient: aliceSavings, from_account: bobWallet }, ''],
    [{ amount: '1.00', currency: 'USD', recipient: aliceSavings, extra: true }, '/extra'],
  ];
  for (const [body, pointer] of cases) {
    const answer = await intent(alice, body);
    assert.ok(answer.status >= 400 && answer.status < 500, `${JSON.stringify(body)} → ${answer.status} ${JSON.stringify(answer.body)}`);
    if (pointer) assert.is(answer.body.errors[0].source?.pointer, pointer, JSON.stringify(answer.body));
  }
  const noWallet = await k.createUser('Carol Pay');
  const carolAccount = await openAccount(noWallet, 'Main');
  assert.is((await intent(noWallet, { amount: '1.00', currency: 'USD', recipient: carolAccount })).body.errors[0].code, 'no_wallet');
  assert.is((await intent(alice, { amount: '1.00', currency: 'USD', recipient: 'carol.pay@example.test' })).body.errors[0].code, 'recipient_has_no_wallet');
  assert.is((await call(alice, 'GET', '/mobile/payments/intents/not-a-uuid')).status, 422);
  assert.is((await call(alice, 'GET', '/mobile/payments/intents/00000000-0000-4000-8000-000000000000')).status, 404);
  assert.is((await call(alice, 'PUT', '/mobile/wallet', { account_id: bobWallet })).status, 404);
  assert.equal(await balance(alice, aliceWallet), before);
});

test.run();

/** Above confirm_assertion_above, confirming needs a fresh assertion of the payer's own passkey. */
const stepUp = suite('mobile payment intents: passkey step-up above an amount');
stepUp('confirm above the amount needs the payer’s fresh passkey assertion', async () => {
  const kernel = await bootTestKernel({ modules: ['core-banking', 'mobile'], config: { pluginConfig: { mobile: { confirm_assertion_above: { USD: '50.00' } } } } });
  try {
    const req = (user: TestUser, method: string, path: string, body?: unknown) => kernel.request(method, `/api/v2${path}`, { key: user.key, body });
    const dana = await kernel.createUser('Dana Step');
    const eve = await kernel.createUser('Eve Step');
    const key = new SoftwareAuthenticator({ rpId: 'localhost', origin: 'http://localhost:8080' });
    const evesKey = new SoftwareAuthenticator({ rpId: 'localhost', origin: 'http://localhost:8080' });
    for (const [user, authenticator] of [[dana, key], [eve, evesKey]] as const) {
      const options = (await req(user, 'POST', '/mobile/auth/passkey/register/options')).body.data;
      assert.is((await req(user, 'POST', '/mobile/auth/passkey/register', authenticator.register(options))).status, 201);
    }
    const from = (await req(dana, 'POST', '/accounts', { name: 'From', type: 'personal' })).body.data.uuid;
    const to = (await req(dana, 'POST', '/accounts', { name: 'To', type: 'personal' })).body.data.uuid;
    await req(dana, 'POST', `/accounts/${from}/deposit`, { amount: '200.00', asset_code: 'USD' });
    const small = (await req(dana, 'POST', '/mobile/payments/intents', { amount: '50.00', currency: 'USD', recipient: to, from_account: from })).body.data;
    assert.is((await req(dana, 'POST', `/mobile/payments/intents/${small.id}/confirm`)).body.data.status, 'processing');
    const large = (await req(dana, 'POST', '/mobile/payments/intents', { amount: '50.01', currency: 'USD', recipient: to, from_account: from })).body.data;
    const bare = await req(dana, 'POST', `/mobile/payments/intents/${large.id}/confirm`);
    assert.equal([bare.status, bare.body.errors[0].code], [403, 'passkey_assertion_required']);
    const challenge = async (email: string) => (await kernel.request('POST', '/api/v2/mobile/auth/passkey/options', { body: { email } })).body.data.challenge;
    const evesAssertion = evesKey.assert(await challenge('eve.step@example.test'));
    const foreign = await req(dana, 'POST', `/mobile/payments/intents/${large.id}/confirm`, { passkey: evesAssertion });
    assert.equal([foreign.status, foreign.body.errors[0].code], [403, 'credential_not_for_user']);
    const wrongOrigin = await req(dana, 'POST', `/mobile/payments/intents/${large.id}/confirm`, { passkey: key.assert(await challenge('dana.step@example.test'), { origin: 'https://evil.example' }) });
    assert.equal([wrongOrigin.status, wrongOrigin.body.errors[0].code], [403, 'origin_mismatch']);
    assert.is((await req(dana, 'GET', `/mobile/payments/intents/${large.id}`)).body.data.status, 'requires_confirmation');
    const confirmed = await req(dana, 'POST', `/mobile/payments/intents/${large.id}/confirm`, { passkey: key.assert(await challenge('dana.step@example.test')) });
    assert.is(confirmed.body.data.status, 'processing', JSON.stringify(confirmed.body));
    await kernel.runWorkflows();
    assert.is((await req(dana, 'GET', `/mobile/payments/intents/${large.id}`)).body.data.status, 'succeeded');

    // GraphQL takes the same assertion in confirmPaymentIntent's `passkey` argument.
    const viaGraphql = (await req(dana, 'POST', '/mobile/payments/intents', { amount: '60.00', currency: 'USD', recipient: to, from_account: from })).body.data;
    const CONFIRM = 'mutation($id: ID!, $passkey: PasskeyAssertionInput) { confirmPaymentIntent(id: $id, passkey: $passkey) { status } }';
    const graphql = (variables: Record<string, unknown>) => kernel.request('POST', '/api/graphql', { key: dana.key, body: { query: CONFIRM, variables } });
    assert.is((await graphql({ id: viaGraphql.id })).body.errors[0].extensions.code, 'passkey_assertion_required');
    const stepped = await graphql({ id: viaGraphql.id, passkey: key.assert(await challenge('dana.step@example.test')) });
    assert.equal(stepped.body.data?.confirmPaymentIntent, { status: 'processing' }, JSON.stringify(stepped.body));
    await assertConservation(kernel);
  } finally {
    await kernel.close();
  }
});
stepUp.run();

/** A restart while an intent is processing: the persisted workflow settles it after the service starts again. */
const restart = suite('mobile payment intents: restart in processing (PGlite)');
let dataDir: string;
restart.before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bank-mobile-restart-'));
});
restart.after(() => rm(dataDir, { recursive: true, force: true }));

restart('an intent confirmed before the restart succeeds after it', async () => {
  const boot = (seed: string) => bootTestKernel({ seed, store: 'pglite', modules: ['core-banking', 'mobile'], config: { dataDir } as any });
  const first = await boot('first');
  const ada = await first.createUser('Ada Restart');
  const open = async (name: string) => (await first.request('POST', '/api/v2/accounts', { key: ada.key, body: { name, type: 'personal' } })).body.data.uuid as string;
  const from = await open('From');
  const to = await open('To');
  await first.request('POST', `/api/v2/accounts/${from}/deposit`, { key: ada.key, body: { amount: '50.00', asset_code: 'USD' } });
  const created = await first.request('POST', '/api/v2/mobile/payments/intents', { key: ada.key, body: { amount: '20.00', currency: 'USD', recipient: to, from_account: from } });
  const confirmed = await first.request('POST', `/api/v2/mobile/payments/intents/${created.body.data.id}/confirm`, { key: ada.key });
  assert.is(confirmed.body.data.status, 'processing');
  await first.close();

  const second = await boot('second');
  try {
    const pending = await second.request('GET', `/api/v2/mobile/payments/intents/${created.body.data.id}`, { key: ada.key });
    assert.is(pending.body.data.status, 'processing');
    second.clock.advance(1_000);
    await second.runWorkflows();
    const settled = await second.request('GET', `/api/v2/mobile/payments/intents/${created.body.data.id}`, { key: ada.key });
    assert.is(settled.body.data.status, 'succeeded');
    const balances = await second.request('GET', `/api/v2/accounts/${to}/balances`, { key: ada.key });
    assert.is(balances.body.data.balances[0].available_balance, '20.00');
    await assertConservation(second);
  } finally {
    await second.close();
  }
});

restart.run();
