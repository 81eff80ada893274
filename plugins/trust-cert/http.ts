import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import {
  certificateView,
  GetCertificate,
  GetKeySet,
  idInput,
  IssueCertificate,
  issueCertificateInput,
  ListCertificates,
  listInput,
  revokeBody,
  RevokeCertificate,
  verificationView,
  VerifyCertificate,
  verifyInput,
} from './operations.js';

export const trustCertRouteTags: readonly RouteTag[] = [
  {
    name: 'Trust certificates',
    description: 'Signed attestations (JWS, EdDSA) of a user’s verification level: issue, list, revoke, verify, and the public key set ([trust-cert.md](trust-cert.md)).',
  },
];
const tags = ['Trust certificates'];
const v2 = ['v2'] as const;

export const trustCertRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/trust-cert/certificates',
    prefixes: v2,
    access: 'write',
    body: issueCertificateInput,
    response: certificateView,
    status: 201,
    operation: IssueCertificate,
    summary: 'Issue a certificate of a user’s verification level',
    description: 'Signs, with the service’s Ed25519 key, that the team verified one of its users to `verification_level`, valid for `valid_days`. 404 for a user of another team.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/trust-cert/certificates',
    prefixes: v2,
    access: 'read',
    query: listInput,
    response: z.array(certificateView),
    operation: ListCertificates,
    summary: 'List the team’s certificates',
    description: 'Newest first, of one user with user_id; paginated by page and per_page.',
    tags,
  }),
  route({ method: 'GET', path: '/trust-cert/certificates/:id', prefixes: v2, access: 'read', params: idInput, response: certificateView, operation: GetCertificate, summary: 'Get a certificate', description: '404 for another team’s or an unknown certificate.', tags }),
  route({
    method: 'POST',
    path: '/trust-cert/certificates/:id/revoke',
    prefixes: v2,
    access: 'write',
    params: idInput,
    body: revokeBody,
    response: certificateView,
    operation: RevokeCertificate,
    summary: 'Revoke a certificate',
    description: 'From now on verification answers it as revoked. 404 for another team’s, 409 certificate_revoked.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/trust-cert/verify',
    prefixes: v2,
    access: 'read',
    body: verifyInput,
    response: verificationView,
    operation: VerifyCertificate,
    summary: 'Verify a certificate',
    description:
      'Any team may verify a certificate it was shown: signature, issuer, validity window and revocation, in that order. A token that fails is an answer (`valid: false` with `reason`), not an error.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/trust-cert/jwks.json',
    prefixes: v2,
    access: 'public',
    produces: ['application/jwk-set+json'],
    operation: GetKeySet,
    summary: 'The public keys certificates are signed with (public)',
    description: 'A JWK set (RFC 7517) as it is, not in the envelope, so any JOSE library can verify certificates offline. No key needed.',
    tags,
  }),
];
