import type { Permission } from '../../../kernel/public.js';

/**
 * Session tokens: `fms_` ("mobile session") and the base64url text of 32
 * random bytes (43 characters). Only the SHA-256 of the whole token is
 * stored, as for `fak_` API keys; the 8 characters after the prefix are kept
 * in clear so a user can tell sessions apart.
 */
export const SESSION_SCHEME = 'fms_';
export const SESSION_RANDOM_BYTES = 32;
const WELL_FORMED = /^fms_[A-Za-z0-9_-]{43}$/;

export function isWellFormedSessionToken(candidate: string): boolean {
  return WELL_FORMED.test(candidate);
}

export function sessionDisplayPrefix(token: string): string {
  return token.slice(SESSION_SCHEME.length, SESSION_SCHEME.length + 8);
}

export interface SessionRecord {
  readonly id: string;
  readonly teamId: string;
  readonly userId: string;
  /** The passkey that signed in. */
  readonly credentialId: string;
  readonly prefix: string;
  readonly hash: string;
  readonly permissions: readonly Permission[];
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
  readonly createdAt: Date;
}

export function sessionActive(session: SessionRecord, now: Date): boolean {
  return session.revokedAt === null && session.expiresAt.getTime() > now.getTime();
}
