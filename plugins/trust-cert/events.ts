import { eventType } from '../../kernel/public.js';
import { certificateView } from './operations.js';

/** Each state change of a certificate commits with one of these. */
export const CertificateIssued = eventType({
  name: 'trust.certificate.issued',
  version: 1,
  group: 'Trust certificates',
  description: 'A signed attestation of a user’s verification level was issued.',
  emittedBy: 'POST /trust-cert/certificates, issueCertificate',
  payload: certificateView,
  webhook: true,
});

export const CertificateRevoked = eventType({
  name: 'trust.certificate.revoked',
  version: 1,
  group: 'Trust certificates',
  description: 'A certificate was revoked: verification answers it as revoked from now on.',
  emittedBy: 'POST /trust-cert/certificates/{id}/revoke, revokeCertificate',
  payload: certificateView,
  webhook: true,
});

export const trustCertEvents = [CertificateIssued, CertificateRevoked];
