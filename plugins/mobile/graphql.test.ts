import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, subscribe, wsClient, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { ActivityItemView, DeviceView, NotificationView, P2pTransferView, PasskeyView, PaymentIntentView, SessionView, WalletView } from './operations.js';
import { IssuedSessionView } from './operations.js';
import { SoftwareAuthenticator } from './testing/software-authenticator.js';

/**
 * The mobile and mobile-payment GraphQL domains with a passkey session token
 * (HTTP and WebSocket): the same operations as REST, scoped by the session's
 * team; paymentStatusChanged follows an intent live; and each GraphQL type
 * has exactly the fields of its zod view.
 */
const test = suite('mobile GraphQL domains with a session token');
let g: GraphqlKernel;
let alice: TestUser;
let bob: TestUser;
let session: string;
let wallet: string;

test.before(async () => {
  g = await bootGraphql({ modules: ['core-banking', 'mobile'], rateLimits: false });
  alice = await g.createUser('Alice Graph');
  bob = await g.createUser('Bob Graph');
  const post = (path: string, body: unknown, key?: string) => g.request('POST', `/api/v2${path}`, { key, body });
  const authenticator = new SoftwareAuthenticator({ rpId: 'localhost', origin: 'http://localhost:8080' });
  const options = (await post('/mobile/auth/passkey/register/options', undefined, alice.key)).body.data;
  await post('/mobile/auth/passkey/register', authenticator.register(options), alice.key);
  const challenge = (await post('/mobile/auth/passkey/options', { email: 'alice.graph@example.test' })).body.data.challenge;
  session = IssuedSessionView.parse((await post('/mobile/auth/passkey/verify', authenticator.assert(challenge))).body.data).token;
  wallet = (await post('/accounts', { name: 'Wallet', type: 'personal' }, session)).body.data.uuid;
  await post(`/accounts/${wallet}/deposit`, { amount: '50.00', asset_code: 'USD' }, session);
  const bobs = (await post('/accounts', { name: 'Wallet', type: 'personal' }, bob.key)).body.data.uuid;
  await g.request('PUT', '/api/v2/mobile/wallet', { key: bob.key, body: { account_id: bobs } });
});
test.after(() => g.close());

test('mobile domain: wallet, devices, passkeys and sessions through the session token', async () => {
  const set = await data(g, 'mutation($a: ID!) { setMobileWallet(account_id: $a) { account_id } }', { a: wallet }, session);
  assert.is(set.setMobileWallet.account_id, wallet);
  const device = await data(g, 'mutation { registerMobileDevice(input: { push_token: "alice-graph-token", platform: "android" }) { id platform name } }', undefined, session);
  assert.equal([device.registerMobileDevice.platform, device.registerMobileDevice.name], ['android', '']);
  const mine = await data(g, '{ passkeys { id flagged } mobileSessions { id prefix } mobileDevices { push_token } mobileWallet { account_id } }', undefined, session);
  assert.equal([mine.passkeys.length, mine.mobileSessions.length, mine.mobileDevices[0].push_token, mine.mobileWallet.account_id], [1, 1, 'alice-graph-token', wallet]);
  const theirs = await data(g, '{ passkeys { id } mobileDevices { id } }', undefined, bob.key);
  assert.equal([theirs.passkeys, theirs.mobileDevices], [[], []]);
  const refused = await gql(g, 'mutation { deleteMobileDevice(id: "not-a-uuid") { id } }', undefined, session);
  assert.ok(refused.status < 500 && refused.body.errors?.length > 0);
});

test('mobile-payment domain: an intent followed live by paymentStatusChanged, a p2p transfer, the feed', async () => {
  const created = await data(g, 'mutation { createPaymentIntent(input: { amount: "5.00", currency: "USD", recipient: "bob.graph@example.test", description: "Coffee" }) { id status recipient_type } }', undefined, session);
  const id = created.createPaymentIntent.id;
  assert.equal([created.createPaymentIntent.status, created.createPaymentIntent.recipient_type], ['requires_confirmation', 'user']);
  const ws = wsClient(g, `Bearer ${session}`);
  await ws.connected;
  const live = subscribe(ws.client, 'subscription($id: ID) { paymentStatusChanged(payment_id: $id) { payment_id event status } }', { id });
  const bobsLive = subscribe(wsClient(g, `Bearer ${bob.key}`).client, 'subscription($id: ID) { paymentStatusChanged(payment_id: $id) { payment_id } }', { id });
  await g.listening(2);
  await data(g, 'mutation($id: ID!) { confirmPaymentIntent(id: $id) { status } }', { id }, session);
  assert.equal((await live.next()).data.paymentStatusChanged, { payment_id: id, event: 'payment_intent.processing', status: 'processing' });
  await g.k.runWorkflows();
  assert.equal((await live.next()).data.paymentStatusChanged, { payment_id: id, event: 'payment_intent.completed', status: 'succeeded' });
  assert.is(bobsLive.messages.length, 0, 'another team never sees it');
  live.dispose();
  bobsLive.dispose();
  const read = await data(g, 'query($id: ID!) { paymentIntent(id: $id) { status amount } }', { id }, session);
  assert.equal(read.paymentIntent, { status: 'succeeded', amount: '5.00' });
  const hidden = await gql(g, 'query($id: ID!) { paymentIntent(id: $id) { status } }', { id }, bob.key);
  assert.is(hidden.body.errors[0].extensions.code, 'not_found');
  const sent = await data(g, 'mutation { sendP2pTransfer(input: { to_user: "bob.graph@example.test", amount: "2.00", currency: "USD" }) { id direction amount } }', undefined, session);
  assert.equal([sent.sendP2pTransfer.direction, sent.sendP2pTransfer.amount], ['sent', '2.00']);
  const feed = await data(g, '{ mobileActivity(first: 10) { data { type amount status resource { type href } } paginatorInfo { total } } }', undefined, session);
  // One manual-clock instant: the order among these is by id, so compare them as a set.
  assert.equal(feed.mobileActivity.data.map((item: { type: string }) => item.type).sort(), ['notification', 'notification', 'p2p_sent', 'payment_intent']);
  const bad = await gql(g, 'mutation { sendP2pTransfer(input: { to_user: "bob.graph@example.test", amount: "-1", currency: "USD" }) { id } }', undefined, session);
  assert.ok(bad.status < 500 && bad.body.errors?.length > 0);
  await g.quiet();
});

test('each GraphQL type has exactly the fields of its zod view', async () => {
  const pairs: [string, { shape: Record<string, unknown> }][] = [
    ['PaymentIntent', PaymentIntentView],
    ['P2pTransfer', P2pTransferView],
    ['MobileActivityItem', ActivityItemView],
    ['Passkey', PasskeyView],
    ['MobileSession', SessionView],
    ['MobileDevice', DeviceView],
    ['MobileNotification', NotificationView],
    ['MobileWallet', WalletView],
  ];
  for (const [name, view] of pairs) {
    const type = await data(g, `{ __type(name: "${name}") { fields { name } } }`, undefined, alice.key);
    assert.equal(type.__type.fields.map((field: { name: string }) => field.name).sort(), Object.keys(view.shape).sort(), name);
  }
});

test.run();
