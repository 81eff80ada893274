import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { expiryOf, requireRevocable, statusAt, type CertificateRecord } from './certificate.js';

const T0 = new Date('2026-03-10T12:00:00Z');
const certificate: CertificateRecord = { id: 'c', teamId: 't', userId: 'u', level: 'basic', token: 'x', issuedAt: T0, expiresAt: expiryOf(T0, 30), revokedAt: null, revocationReason: null };

test('a certificate is active until its expiry, then expired; revoked wins over both', () => {
  assert.is(certificate.expiresAt.toISOString(), '2026-04-09T12:00:00.000Z');
  assert.is(statusAt(certificate, T0), 'active');
  assert.is(statusAt(certificate, new Date('2026-04-09T11:59:59Z')), 'active');
  assert.is(statusAt(certificate, certificate.expiresAt), 'expired');
  assert.is(statusAt({ ...certificate, revokedAt: T0 }, T0), 'revoked');
  assert.is(statusAt({ ...certificate, revokedAt: T0 }, new Date('2030-01-01T00:00:00Z')), 'revoked');
});

test('valid_days is 1 to 730; a revoked certificate cannot be revoked again', () => {
  for (const days of [0, 731, 1.5]) assert.throws(() => expiryOf(T0, days), /valid_days/);
  requireRevocable(certificate);
  assert.throws(() => requireRevocable({ ...certificate, revokedAt: T0 }), /already revoked/);
});

test.run();
