import { ConflictError, ValidationError } from '../../../kernel/public.js';

/**
 * A certificate: the service's signed statement that a team verified one of
 * its users to a level. The token (a JWS) carries the claims; the record
 * keeps what the token cannot: whether it was revoked. Pure rules only.
 */
export const LEVELS = ['basic', 'standard', 'enhanced'] as const;
export type VerificationLevel = (typeof LEVELS)[number];

export interface CertificateRecord {
  readonly id: string;
  readonly teamId: string;
  readonly userId: string;
  readonly level: VerificationLevel;
  readonly token: string;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
  readonly revocationReason: string | null;
}

/** What the token states, as claims (RFC 7519 names where one exists). */
export interface AttestationClaims {
  readonly issuer: string;
  readonly certificateId: string;
  readonly subject: string;
  readonly subjectName: string;
  readonly teamId: string;
  readonly level: VerificationLevel;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
}

export type CertificateStatus = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: a revoked certificate stays revoked. */
export function statusAt(certificate: Pick<CertificateRecord, 'revokedAt' | 'expiresAt'>, now: Date): CertificateStatus {
  if (certificate.revokedAt) return 'revoked';
  return now.getTime() >= certificate.expiresAt.getTime() ? 'expired' : 'active';
}

export const MAX_VALID_DAYS = 730;

/** When a certificate issued at `now` for `days` days expires. */
export function expiryOf(now: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 1 || days > MAX_VALID_DAYS) throw ValidationError.field('/valid_days', `valid_days must be a whole number from 1 to ${MAX_VALID_DAYS}`);
  return new Date(now.getTime() + days * 86_400_000);
}

/** A revoked certificate cannot be revoked again (409); an expired one can, so a verifier sees why it is void. */
export function requireRevocable(certificate: CertificateRecord): void {
  if (certificate.revokedAt) throw new ConflictError('The certificate is already revoked.', 'certificate_revoked');
}

/** Why a presented token is not valid, as verification answers it. */
export type InvalidReason = 'malformed' | 'bad_signature' | 'wrong_issuer' | 'not_yet_valid' | 'expired' | 'unknown_certificate' | 'revoked';
