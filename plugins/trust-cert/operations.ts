import { z } from 'zod';
import { pageNumber, pageSize, timestamp, token, type FileAnswer, type Operation, type Page } from '../../kernel/public.js';
import { LEVELS, MAX_VALID_DAYS } from './domain/certificate.js';

/** The trust-cert operations and the zod schema of every input and view (the one source of TS types, OpenAPI and GraphQL types). */
const EXAMPLE_ID = '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34';
const EXAMPLE_USER = '0b4e7d5c-1f2a-4c3b-8d9e-6a7b8c9d0e1f';
const level = z.enum(LEVELS).describe('basic: contact details confirmed; standard: a government identity document checked; enhanced: standard plus address and source of funds.');

export const certificateView = z
  .object({
    id: z.uuid().describe('Also the token’s jti.'),
    user_id: z.uuid().describe('The verified user: the token’s sub.'),
    verification_level: level,
    status: z.enum(['active', 'expired', 'revoked']),
    token: z.string().describe('The attestation: a compact JWS (EdDSA, Ed25519) any verifier can check against GET /trust-cert/jwks.json.'),
    issued_at: timestamp,
    expires_at: timestamp,
    revoked_at: timestamp.nullable(),
    revocation_reason: z.string().nullable(),
  })
  .strict()
  .meta({
    id: 'Certificate',
    example: {
      id: EXAMPLE_ID,
      user_id: EXAMPLE_USER,
      verification_level: 'standard',
      status: 'active',
      token: 'eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCIsImtpZCI6Ii4uLiJ9.eyJ2ZXJpZmljYXRpb25fbGV2ZWwiOiJzdGFuZGFyZCJ9.c2lnbmF0dXJl',
      issued_at: '2026-11-25T09:30:00Z',
      expires_at: '2027-11-25T09:30:00Z',
      revoked_at: null,
      revocation_reason: null,
    },
  });
export type CertificateView = z.infer<typeof certificateView>;

export const issueCertificateInput = z
  .object({
    user_id: z.uuid().describe('A user of the team.'),
    verification_level: level,
    valid_days: z.number().int().min(1).max(MAX_VALID_DAYS).optional().describe('How long it is valid; the configured default when left out.'),
  })
  .meta({ id: 'IssueCertificateInput', example: { user_id: EXAMPLE_USER, verification_level: 'standard', valid_days: 365 } });
export type IssueCertificateInput = z.infer<typeof issueCertificateInput>;

export const idInput = z.object({ id: z.uuid() });
export type IdInput = z.infer<typeof idInput>;

export const revokeBody = z
  .object({ reason: z.string().trim().min(1).max(500).optional() })
  .meta({ id: 'RevokeCertificateInput', example: { reason: 'identity document reported stolen' } });
export type RevokeInput = z.infer<typeof idInput> & z.infer<typeof revokeBody>;

export const listInput = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20), user_id: z.uuid().optional() });
export type ListInput = z.infer<typeof listInput>;

export const verifyInput = z
  .object({ token: z.string().min(1).max(8_192).describe('The compact JWS of a certificate.') })
  .meta({ id: 'VerifyCertificateInput', example: { token: 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiIuLi4ifQ.c2lnbmF0dXJl' } });
export type VerifyInput = z.infer<typeof verifyInput>;

export const verificationView = z
  .object({
    valid: z.boolean(),
    reason: z
      .enum(['malformed', 'bad_signature', 'wrong_issuer', 'not_yet_valid', 'expired', 'unknown_certificate', 'revoked'])
      .nullable()
      .describe('Why it is not valid; null when valid.'),
    certificate_id: z.uuid().nullable().describe('The claims below are given once the signature holds (also for a revoked certificate).'),
    user_id: z.string().nullable(),
    name: z.string().nullable(),
    team_id: z.string().nullable(),
    verification_level: level.nullable(),
    issuer: z.string().nullable(),
    issued_at: timestamp.nullable(),
    expires_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
  })
  .strict()
  .meta({
    id: 'CertificateVerification',
    example: {
      valid: true,
      reason: null,
      certificate_id: EXAMPLE_ID,
      user_id: EXAMPLE_USER,
      name: 'Ada Lovelace',
      team_id: '2c9d7e8f-6a5b-4c3d-9e2f-1a0b9c8d7e6f',
      verification_level: 'standard',
      issuer: 'urn:open-bank:trust-cert',
      issued_at: '2026-11-25T09:30:00Z',
      expires_at: '2027-11-25T09:30:00Z',
      revoked_at: null,
    },
  });
export type VerificationView = z.infer<typeof verificationView>;

export const IssueCertificate = token<Operation<IssueCertificateInput, CertificateView>>('trust-cert.issue-certificate');
export const GetCertificate = token<Operation<IdInput, CertificateView>>('trust-cert.get-certificate');
export const ListCertificates = token<Operation<ListInput, Page<CertificateView>>>('trust-cert.list-certificates');
export const RevokeCertificate = token<Operation<RevokeInput, CertificateView>>('trust-cert.revoke-certificate');
export const VerifyCertificate = token<Operation<VerifyInput, VerificationView>>('trust-cert.verify-certificate');
export const GetKeySet = token<Operation<Record<string, never>, FileAnswer>>('trust-cert.get-key-set');
