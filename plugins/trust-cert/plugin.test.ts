import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { bootGraphql, data, gql, type GraphqlKernel } from '../../test/e2e/graphql-kit.js';
import type { TestUser } from '../../test/fixtures/boot.js';
import { certificateView, verificationView } from './operations.js';
import { e2eStores } from '../../test/fixtures/stores.js';

/**
 * Trust certificates end to end over real HTTP and GraphQL on every store:
 * issue, verify (by another team too), offline verification against the
 * published key set, revocation, expiry by the clock, bad input and tenancy.
 */
for (const store of e2eStores()) {
  const test = suite(`trust-cert over HTTP and GraphQL: ${store}`);
  let g: GraphqlKernel;
  let ada: TestUser;
  let bob: TestUser;

  test.before(async () => {
    g = await bootGraphql({ store, modules: ['trust-cert'], rateLimits: false, now: '2026-03-10T08:00:00.000Z' });
    ada = await g.createUser('Ada Trust');
    bob = await g.createUser('Bob Trust');
  });
  test.after(() => g.close());

  const issue = async (body: Record<string, unknown>) => {
    const answer = await g.request('POST', '/api/v2/trust-cert/certificates', { key: ada.key, body });
    assert.is(answer.status, 201, JSON.stringify(answer.body));
    return certificateView.parse(answer.body.data);
  };
  const verify = async (user: TestUser, token: string) => {
    const answer = await g.request('POST', '/api/v2/trust-cert/verify', { key: user.key, body: { token } });
    assert.is(answer.status, 200, JSON.stringify(answer.body));
    return verificationView.parse(answer.body.data);
  };

  test('a certificate is issued, verified by another team, and checks offline against the public key set', async () => {
    const made = await issue({ user_id: ada.userId, verification_level: 'standard', valid_days: 30 });
    assert.equal([made.status, made.verification_level, made.issued_at, made.expires_at], ['active', 'standard', '2026-03-10T08:00:00.000Z', '2026-04-09T08:00:00.000Z']);
    const checked = await verify(bob, made.token);
    assert.equal(checked, {
      valid: true,
      reason: null,
      certificate_id: made.id,
      user_id: ada.userId,
      name: 'Ada Trust',
      team_id: ada.teamId,
      verification_level: 'standard',
      issuer: 'urn:open-bank:trust-cert',
      issued_at: made.issued_at,
      expires_at: made.expires_at,
      revoked_at: null,
    });
    const jwks = await fetch(`${g.url}/api/v2/trust-cert/jwks.json`);
    assert.is(jwks.status, 200);
    assert.ok(jwks.headers.get('content-type')!.startsWith('application/jwk-set+json'));
    const offline = await jwtVerify(made.token, createLocalJWKSet((await jwks.json()) as { keys: [] }), { currentDate: g.k.clock.now(), issuer: 'urn:open-bank:trust-cert' });
    assert.equal([offline.payload.sub, offline.payload.jti, offline.protectedHeader.alg], [ada.userId, made.id, 'EdDSA']);
    const events = await g.k.store.eventStore.readAfter(0n, 1000);
    assert.ok(events.some((event) => event.type === 'trust.certificate.issued' && (event.payload as { id: string }).id === made.id));
  });

  test('revocation voids it for every verifier, once; expiry by the clock; a forged token fails', async () => {
    const made = await issue({ user_id: ada.userId, verification_level: 'enhanced', valid_days: 1 });
    const revoked = await g.request('POST', `/api/v2/trust-cert/certificates/${made.id}/revoke`, { key: ada.key, body: { reason: 'document reported stolen' } });
    assert.equal([revoked.status, revoked.body.data.status, revoked.body.data.revocation_reason], [200, 'revoked', 'document reported stolen']);
    const again = await g.request('POST', `/api/v2/trust-cert/certificates/${made.id}/revoke`, { key: ada.key, body: {} });
    assert.equal([again.status, again.body.errors[0].code], [409, 'certificate_revoked']);
    const checked = await verify(bob, made.token);
    assert.equal([checked.valid, checked.reason, checked.certificate_id, checked.revoked_at], [false, 'revoked', made.id, revoked.body.data.revoked_at]);
    const lasting = await issue({ user_id: ada.userId, verification_level: 'basic' });
    const [header, payload, signature] = lasting.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, verification_level: 'enhanced' })).toString('base64url')}.${signature}`;
    assert.equal(await verify(ada, forged), { valid: false, reason: 'bad_signature', ...verificationNothing() });
    assert.is((await verify(ada, 'hello')).reason, 'malformed');
    g.k.clock.advance(2 * 86_400_000);
    assert.equal([(await verify(bob, made.token)).reason, (await verify(bob, lasting.token)).valid], ['expired', true]);
    const short = (await g.request('GET', `/api/v2/trust-cert/certificates?user_id=${ada.userId}&per_page=100`, { key: ada.key })).body.data;
    assert.equal(short.map((one: { id: string; status: string }) => one.status).slice(0, 2), ['active', 'revoked']);
  });

  test('bad input is a 422 with a pointer that changes nothing; another team sees and changes nothing', async () => {
    const count = async (user: TestUser) => (await g.request('GET', '/api/v2/trust-cert/certificates', { key: user.key })).body.meta.total;
    const before = await count(ada);
    for (const [body, pointer] of [
      [{ user_id: ada.userId, verification_level: 'gold' }, '/verification_level'],
      [{ user_id: ada.userId, verification_level: 'basic', valid_days: 0 }, '/valid_days'],
      [{ user_id: ada.userId, verification_level: 'basic', valid_days: 731 }, '/valid_days'],
      [{ user_id: 'ada', verification_level: 'basic' }, '/user_id'],
    ] as const) {
      const refused = await g.request('POST', '/api/v2/trust-cert/certificates', { key: ada.key, body });
      assert.equal([refused.status, refused.body.errors[0].source.pointer], [422, pointer], JSON.stringify(refused.body));
    }
    const foreignUser = await g.request('POST', '/api/v2/trust-cert/certificates', { key: ada.key, body: { user_id: bob.userId, verification_level: 'basic' } });
    assert.equal([foreignUser.status, foreignUser.body.errors[0].source.pointer], [404, '/user_id']);
    assert.is((await g.request('POST', '/api/v2/trust-cert/verify', { key: ada.key, body: { token: '' } })).status, 422);
    assert.is(await count(ada), before);
    const mine = (await g.request('GET', '/api/v2/trust-cert/certificates', { key: ada.key })).body.data[0];
    assert.is((await g.request('GET', `/api/v2/trust-cert/certificates/${mine.id}`, { key: bob.key })).status, 404);
    assert.is((await g.request('POST', `/api/v2/trust-cert/certificates/${mine.id}/revoke`, { key: bob.key, body: {} })).status, 404);
    assert.is(await count(bob), 0);
    assert.is((await g.request('GET', `/api/v2/trust-cert/certificates/${mine.id}`, { key: ada.key })).body.data.revoked_at, mine.revoked_at);
  });

  test('GraphQL: issue, read, verify and revoke through the same operations', async () => {
    const made = await data(g, 'mutation($u: ID!) { issueCertificate(input: { user_id: $u, verification_level: "basic", valid_days: 10 }) { id status token } }', { u: bob.userId }, bob.key);
    const { id, token } = made.issueCertificate;
    const read = await data(g, 'query($id: ID!, $t: String!) { certificate(id: $id) { verification_level } certificates { paginatorInfo { total } } verifyCertificate(token: $t) { valid name } }', { id, t: token }, bob.key);
    assert.equal([read.certificate.verification_level, read.certificates.paginatorInfo.total, read.verifyCertificate], ['basic', 1, { valid: true, name: 'Bob Trust' }]);
    assert.is((await data(g, 'mutation($id: ID!) { revokeCertificate(id: $id, reason: "closed") { status } }', { id }, bob.key)).revokeCertificate.status, 'revoked');
    assert.equal((await data(g, 'query($t: String!) { verifyCertificate(token: $t) { valid reason } }', { t: token }, ada.key)).verifyCertificate, { valid: false, reason: 'revoked' });
    const hidden = await gql(g, 'query($id: ID!) { certificate(id: $id) { id } }', { id }, ada.key);
    assert.is(hidden.body.errors[0].extensions.code, 'not_found');
    const refused = await gql(g, 'mutation($u: ID!) { issueCertificate(input: { user_id: $u, verification_level: "platinum" }) { id } }', { u: ada.userId }, ada.key);
    assert.is(refused.body.errors[0].extensions.code, 'validation_failed');
    const type = await data(g, '{ __type(name: "Certificate") { fields { name } } }', undefined, ada.key);
    assert.equal(type.__type.fields.map((field: { name: string }) => field.name).sort(), Object.keys(certificateView.shape).sort());
  });

  test.run();
}

function verificationNothing() {
  return { certificate_id: null, user_id: null, name: null, team_id: null, verification_level: null, issuer: null, issued_at: null, expires_at: null, revoked_at: null };
}
