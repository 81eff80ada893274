import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { SeededRandom } from '../../../../kit/testing.js';
import type { SecretStore } from '../../../../kernel/public.js';
import type { AttestationClaims } from '../../domain/certificate.js';
import { Ed25519AttestationSigner, SIGNING_KEY } from './ed25519-signer.js';

/** The signer on its own: a real Ed25519 JWS by jose, over a SecretStore kept in a Map. */
class MapSecrets implements SecretStore {
  readonly secrets = new Map<string, Uint8Array>();
  async obtain(name: string, create: () => Uint8Array): Promise<Uint8Array> {
    if (!this.secrets.has(name)) this.secrets.set(name, create());
    return this.secrets.get(name)!;
  }
}

const config = { issuer: 'https://bank.example/trust', default_valid_days: 365 };
const claims: AttestationClaims = {
  issuer: config.issuer,
  certificateId: '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34',
  subject: '0b4e7d5c-1f2a-4c3b-8d9e-6a7b8c9d0e1f',
  subjectName: 'Ada Lovelace',
  teamId: 'team-a',
  level: 'enhanced',
  issuedAt: new Date('2026-03-10T12:00:00Z'),
  expiresAt: new Date('2026-04-10T12:00:00Z'),
};
const during = new Date('2026-03-20T00:00:00Z');

test('a signed certificate verifies with its claims, here and offline against the published key set', async () => {
  const secrets = new MapSecrets();
  const signer = new Ed25519AttestationSigner(secrets, new SeededRandom('signer'), config);
  const token = await signer.sign(claims);
  assert.equal(await signer.verify(token, during), { ok: true, claims });
  assert.is(secrets.secrets.get(SIGNING_KEY)!.length, 32);
  const keys = await signer.publicKeys();
  assert.equal(Object.keys(keys[0]!).sort(), ['alg', 'crv', 'kid', 'kty', 'use', 'x']);
  const offline = await jwtVerify(token, createLocalJWKSet({ keys: keys as never }), { currentDate: during, issuer: config.issuer });
  assert.equal([offline.protectedHeader.alg, offline.protectedHeader.kid, offline.payload.verification_level], ['EdDSA', keys[0]!.kid, 'enhanced']);
  // The same seed gives the same key: a second process reading the SecretStore signs alike.
  assert.equal(await new Ed25519AttestationSigner(secrets, new SeededRandom('other'), config).publicKeys(), keys);
});

test('tampered, foreign, wrong-issuer, early, late and garbage tokens are refused with their reason', async () => {
  const signer = new Ed25519AttestationSigner(new MapSecrets(), new SeededRandom('signer'), config);
  const token = await signer.sign(claims);
  const [header, payload, signature] = token.split('.');
  const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), verification_level: 'enhanced', sub: 'someone-else' })).toString('base64url');
  const verify = async (text: string, at = during) => ((await signer.verify(text, at)) as { reason?: string }).reason;
  assert.is(await verify(`${header}.${forged}.${signature}`), 'bad_signature');
  const foreign = await new Ed25519AttestationSigner(new MapSecrets(), new SeededRandom('another bank'), config).sign(claims);
  assert.is(await verify(foreign), 'bad_signature');
  const elsewhere = await signer.sign({ ...claims, issuer: 'https://other.example' });
  assert.is(await verify(elsewhere), 'wrong_issuer');
  assert.is(await verify(token, new Date('2026-03-01T00:00:00Z')), 'not_yet_valid');
  assert.is(await verify(token, claims.expiresAt), 'expired');
  for (const garbage of ['', 'abc', 'a.b.c', `${header}.${payload}`, `${header}.${payload}.${signature}x`]) assert.ok(['malformed', 'bad_signature'].includes((await verify(garbage))!), garbage);
  assert.is(await verify('not.a.jws'), 'malformed');
});

test.run();
