import { statusAt, type CertificateRecord } from '../domain/certificate.js';
import type { CertificateView } from '../operations.js';

/** The API's view of a certificate at `now` (its status moves to expired with the clock). */
export function certificateView(certificate: CertificateRecord, now: Date): CertificateView {
  return {
    id: certificate.id,
    user_id: certificate.userId,
    verification_level: certificate.level,
    status: statusAt(certificate, now),
    token: certificate.token,
    issued_at: certificate.issuedAt.toISOString(),
    expires_at: certificate.expiresAt.toISOString(),
    revoked_at: certificate.revokedAt?.toISOString() ?? null,
    revocation_reason: certificate.revocationReason,
  };
}
