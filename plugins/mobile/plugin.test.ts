import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { IssuedSessionView, PasskeyView } from './operations.js';
import { SoftwareAuthenticator, tamper } from './testing/software-authenticator.js';

/**
 * Passkeys end to end over real HTTP: a software authenticator (P-256 from
 * node:crypto, real authenticatorData, clientDataJSON and CBOR attestation)
 * registers and signs in; each refusal the issue lists is presented and
 * refused; the session token then works on REST and GraphQL as its user and
 * never reaches another team's data. Runs on BANK_TEST_STORE (memory by default).
 */
const test = suite('mobile passkeys and sessions over HTTP');
const RP = { rpId: 'localhost', origin: 'http://localhost:8080' };
let g: GraphqlKernel;
let alice: TestUser;
let bob: TestUser;

test.before(async () => {
  g = await bootGraphql({ modules: ['core-banking', 'mobile'], rateLimits: false });
  alice = await g.createUser('Alice Mobile');
  bob = await g.createUser('Bob Mobile');
});
test.after(() => g.close());

const post = (path: string, body: unknown, key?: string) => g.request('POST', `/api/v2${path}`, { key, body });
const get = (path: string, key: string) => g.request('GET', `/api/v2${path}`, { key });

async function register(user: TestUser, authenticator: SoftwareAuthenticator) {
  const options = await post('/mobile/auth/passkey/register/options', undefined, user.key);
  assert.is(options.status, 200, JSON.stringify(options.body));
  const registered = await post('/mobile/auth/passkey/register', authenticator.register(options.body.data), user.key);
  assert.is(registered.status, 201, JSON.stringify(registered.body));
  return PasskeyView.parse(registered.body.data);
}

async function challengeFor(email?: string): Promise<string> {
  const options = await post('/mobile/auth/passkey/options', email === undefined ? {} : { email });
  assert.is(options.status, 200, JSON.stringify(options.body));
  return options.body.data.challenge;
}

async function refused(body: unknown, code: string) {
  const answer = await post('/mobile/auth/passkey/verify', body);
  assert.is(answer.status, 401, `${code}: ${JSON.stringify(answer.body)}`);
  assert.is(answer.body.errors[0].code, code, JSON.stringify(answer.body));
}

const alicesKey = new SoftwareAuthenticator(RP, { format: 'none' });
const alicesPackedKey = new SoftwareAuthenticator(RP, { format: 'packed' });
const bobsKey = new SoftwareAuthenticator(RP, { format: 'packed', counts: false });

test('registration with attestation none and packed stores the credentials, listed for their user only', async () => {
  const none = await register(alice, alicesKey);
  assert.equal([none.id, none.attestation_format, none.counter, none.flagged], [alicesKey.id, 'none', 0, false]);
  const packed = await register(alice, alicesPackedKey);
  assert.is(packed.attestation_format, 'packed');
  await register(bob, bobsKey);
  const listed = await get('/mobile/passkeys', alice.key);
  assert.equal(listed.body.data.map((one: PasskeyView) => one.id).sort(), [alicesKey.id, alicesPackedKey.id].sort());
  assert.equal((await get('/mobile/passkeys', bob.key)).body.data.map((one: PasskeyView) => one.id), [bobsKey.id]);
  const events = await g.k.store.eventStore.readAfter(0n, 1000);
  assert.is(events.filter((event) => event.type === 'mobile.passkey.registered').length, 3);
});

test('registration refusals: replayed challenge, wrong origin, another user’s challenge, registering twice', async () => {
  const fresh = new SoftwareAuthenticator(RP);
  const options = (await post('/mobile/auth/passkey/register/options', undefined, alice.key)).body.data;
  const wrongOrigin = await post('/mobile/auth/passkey/register', fresh.register(options, { origin: 'https://evil.example' }), alice.key);
  assert.equal([wrongOrigin.status, wrongOrigin.body.errors[0].code], [422, 'origin_mismatch']);
  const replay = await post('/mobile/auth/passkey/register', fresh.register(options), alice.key);
  assert.equal([replay.status, replay.body.errors[0].code], [422, 'challenge_unknown']);
  const bobs = (await post('/mobile/auth/passkey/register/options', undefined, bob.key)).body.data;
  const stolen = await post('/mobile/auth/passkey/register', fresh.register(bobs), alice.key);
  assert.equal([stolen.status, stolen.body.errors[0].code], [422, 'challenge_unknown']);
  const again = (await post('/mobile/auth/passkey/register/options', undefined, alice.key)).body.data;
  assert.equal(again.excludeCredentials.map((one: { id: string }) => one.id).sort(), [alicesKey.id, alicesPackedKey.id].sort());
  const twice = await post('/mobile/auth/passkey/register', alicesKey.register(again), alice.key);
  assert.equal([twice.status, twice.body.errors[0].code], [409, 'passkey_exists']);
});

test('sign-in answers a session whose token works on REST as its user, and never on another team’s data', async () => {
  const challenge = await challengeFor('Alice.Mobile@Example.test');
  const answer = await post('/mobile/auth/passkey/verify', alicesKey.assert(challenge));
  assert.is(answer.status, 200, JSON.stringify(answer.body));
  const session = IssuedSessionView.parse(answer.body.data);
  assert.match(session.token, /^fms_[A-Za-z0-9_-]{43}$/);
  assert.equal([session.user.id, session.user.team_id, session.session.credential_id], [alice.userId, alice.teamId, alicesKey.id]);
  const created = await post('/accounts', { name: 'Wallet', type: 'personal', metadata: {} }, session.token);
  assert.is(created.status, 201, JSON.stringify(created.body));
  const bobsAccount = await post('/accounts', { name: 'Bob', type: 'personal', metadata: {} }, bob.key);
  assert.is((await get(`/accounts/${bobsAccount.body.data.uuid}`, session.token)).status, 404);
  assert.equal((await get('/accounts', session.token)).body.data.map((one: { uuid: string }) => one.uuid), [created.body.data.uuid]);
  assert.is((await get('/mobile/passkeys', session.token)).body.data.length, 2);
  const counter = (await get('/mobile/passkeys', alice.key)).body.data.find((one: PasskeyView) => one.id === alicesKey.id).counter;
  assert.is(counter, 1);
});

test('GraphQL accepts the session token with the user’s team', async () => {
  const session = IssuedSessionView.parse((await post('/mobile/auth/passkey/verify', alicesPackedKey.assert(await challengeFor()))).body.data);
  const page = await data(g, '{ accounts(first: 10) { data { name } paginatorInfo { total } } }', undefined, session.token);
  assert.equal(page.accounts.data, [{ name: 'Wallet' }]);
  const unknown = await gql(g, '{ accounts(first: 10) { data { name } } }', undefined, 'fms_' + 'A'.repeat(43));
  assert.ok(unknown.status === 401 || unknown.body.errors?.length > 0);
});

test('discoverable sign-in (no email) works; a counterless authenticator may show 0 each time', async () => {
  for (let round = 0; round < 2; round += 1) {
    const answer = await post('/mobile/auth/passkey/verify', bobsKey.assert(await challengeFor()));
    assert.is(answer.status, 200, JSON.stringify(answer.body));
  }
});

test('refusals: wrong origin, wrong RP id, replayed, expired, tampered, another user’s credential, unknown email', async () => {
  await refused(alicesKey.assert(await challengeFor('alice.mobile@example.test'), { origin: 'https://evil.example' }), 'origin_mismatch');
  await refused(alicesKey.assert(await challengeFor('alice.mobile@example.test'), { rpId: 'evil.example' }), 'rp_id_mismatch');
  await refused(alicesKey.assert(await challengeFor('alice.mobile@example.test'), { flags: 0x01 }), 'user_not_verified');
  await refused(alicesKey.assert(await challengeFor('alice.mobile@example.test'), { type: 'webauthn.create' }), 'wrong_ceremony_type');
  const used = await challengeFor('alice.mobile@example.test');
  assert.is((await post('/mobile/auth/passkey/verify', alicesKey.assert(used))).status, 200);
  await refused(alicesKey.assert(used), 'challenge_unknown');
  const late = await challengeFor('alice.mobile@example.test');
  g.k.clock.advance(5 * 60_000 + 1);
  await refused(alicesKey.assert(late), 'challenge_expired');
  const tampered = alicesKey.assert(await challengeFor('alice.mobile@example.test'));
  await refused({ ...tampered, signature: tamper(tampered.signature) }, 'signature_invalid');
  await refused(alicesKey.assert(await challengeFor('bob.mobile@example.test')), 'credential_not_for_user');
  await refused({ ...alicesKey.assert(await challengeFor()), user_handle: Buffer.from(bob.userId).toString('base64url') }, 'user_handle_mismatch');
  await refused(alicesKey.assert(await challengeFor('nobody@mobile.test')), 'challenge_unknown');
  await refused(new SoftwareAuthenticator(RP).assert(await challengeFor()), 'unknown_credential');
  // A failed verification consumed its challenge: the right answer to it is refused too.
  const spent = await challengeFor('alice.mobile@example.test');
  await refused(alicesKey.assert(spent, { origin: 'https://evil.example' }), 'origin_mismatch');
  await refused(alicesKey.assert(spent), 'challenge_unknown');
});

test('a counter that does not increase is refused and flags the passkey; its sessions end', async () => {
  const session = IssuedSessionView.parse((await post('/mobile/auth/passkey/verify', alicesKey.assert(await challengeFor()))).body.data);
  assert.is((await get('/mobile/passkeys', session.token)).status, 200);
  await refused(alicesKey.assert(await challengeFor(), { counter: 1 }), 'counter_not_increasing');
  assert.is((await get('/mobile/passkeys', session.token)).status, 401);
  const flagged = (await get('/mobile/passkeys', alice.key)).body.data.find((one: PasskeyView) => one.id === alicesKey.id);
  assert.ok(flagged.flagged);
  await refused(alicesKey.assert(await challengeFor()), 'credential_flagged');
  const events = await g.k.store.eventStore.readAfter(0n, 1000);
  assert.is(events.filter((event) => event.type === 'mobile.passkey.flagged').length, 1);
});

test('sign-out and revocation end a session at once; another user’s session is 404', async () => {
  const one = IssuedSessionView.parse((await post('/mobile/auth/passkey/verify', alicesPackedKey.assert(await challengeFor()))).body.data);
  const two = IssuedSessionView.parse((await post('/mobile/auth/passkey/verify', alicesPackedKey.assert(await challengeFor()))).body.data);
  const listed = await get('/mobile/sessions', one.token);
  assert.ok(listed.body.data.some((s: { id: string }) => s.id === two.session.id));
  assert.not.ok(JSON.stringify(listed.body).includes(two.token));
  assert.is((await g.request('DELETE', `/api/v2/mobile/sessions/${one.session.id}`, { key: bob.key })).status, 404);
  const out = await post('/mobile/auth/sign-out', undefined, one.token);
  assert.is(out.status, 200, JSON.stringify(out.body));
  assert.is((await get('/mobile/passkeys', one.token)).status, 401);
  assert.is((await get('/mobile/passkeys', two.token)).status, 200);
  assert.is((await g.request('DELETE', `/api/v2/mobile/sessions/${two.session.id}`, { key: alice.key })).status, 200);
  assert.is((await get('/mobile/passkeys', two.token)).status, 401);
  assert.equal([(await post('/mobile/auth/sign-out', undefined, alice.key)).status], [409]);
  const expiring = IssuedSessionView.parse((await post('/mobile/auth/passkey/verify', alicesPackedKey.assert(await challengeFor()))).body.data);
  g.k.clock.advance(12 * 3_600_000 + 1);
  assert.is((await get('/mobile/passkeys', expiring.token)).status, 401);
});

test('deleting a passkey: only its owner; afterwards it signs in no more', async () => {
  assert.is((await g.request('DELETE', `/api/v2/mobile/passkeys/${alicesPackedKey.id}`, { key: bob.key })).status, 404);
  assert.is((await g.request('DELETE', `/api/v2/mobile/passkeys/${alicesPackedKey.id}`, { key: alice.key })).status, 200);
  await refused(alicesPackedKey.assert(await challengeFor()), 'unknown_credential');
});

test('bad input is a 4xx with a pointer and changes nothing; nothing answers 5xx', async () => {
  const good = bobsKey.assert(await challengeFor());
  const bodies: unknown[] = [
    {},
    { ...good, signature: 'not base64!' },
    { ...good, credential_id: 42 },
    { ...good, client_data_json: Buffer.from('not json').toString('base64url') },
    { ...good, authenticator_data: 'AAAA' },
    { ...good, client_data_json: Buffer.from('{"type":"webauthn.get","challenge":"x","origin":"o"}').toString('base64') },
    { ...good, signature: 'AAAA' },
    [],
    'text',
  ];
  for (const body of bodies) {
    const answer = await post('/mobile/auth/passkey/verify', body);
    assert.ok(answer.status >= 400 && answer.status < 500, `${JSON.stringify(body)} → ${answer.status} ${JSON.stringify(answer.body)}`);
    if (answer.status === 422) assert.ok(answer.body.errors[0].source?.pointer !== undefined);
  }
  for (const body of [{ email: 42 }, { email: '' }]) assert.is((await post('/mobile/auth/passkey/options', body)).status, 422);
  for (const body of [{}, { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' } }, { id: 'a', rawId: 'b', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' } }]) {
    const answer = await post('/mobile/auth/passkey/register', body, bob.key);
    assert.ok(answer.status >= 400 && answer.status < 500, `${JSON.stringify(body)} → ${answer.status}`);
  }
  assert.is((await get('/mobile/passkeys', bob.key)).body.data.length, 1);
  assert.is((await post('/mobile/auth/passkey/register/options', undefined)).status, 401);
  assert.is((await g.request('DELETE', '/api/v2/mobile/sessions/not-a-uuid', { key: bob.key })).status, 422);
});

test('the cleanup task deletes spent and expired challenges', async () => {
  await challengeFor();
  g.k.clock.advance(3 * 3_600_000);
  assert.ok((await g.k.runScheduled()) >= 1);
});

test.run();
