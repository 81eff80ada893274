import { INSTANT_RANGE_RULE, isWithinInstantRange, ValidationError } from '../../../kernel/public.js';

/** A key is expired from the instant `expiresAt` on. */
export function isExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}

/**
 * Parses a requested expiry (ISO 8601 with offset) that must lie in the
 * future and in the kernel's instant range; `undefined`/`null` means the key
 * never expires.
 */
export function parseExpiry(text: string | null | undefined, now: Date, pointer = '/expires_at'): Date | null {
  if (text === undefined || text === null) return null;
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) {
    throw ValidationError.field(pointer, 'expires_at must be an ISO 8601 timestamp', 'invalid_timestamp');
  }
  if (at.getTime() <= now.getTime()) {
    throw ValidationError.field(pointer, 'expires_at must be in the future', 'expires_at_in_past');
  }
  if (!isWithinInstantRange(at)) throw ValidationError.field(pointer, `expires_at ${INSTANT_RANGE_RULE}`, 'date_out_of_range');
  return at;
}

/**
 * Whether to record a use now. Writing last_used_at on every request would make
 * each key row a hot spot, so it is refreshed at most once per `intervalMs`.
 */
export function shouldRecordUse(lastUsedAt: Date | null, now: Date, intervalMs: number): boolean {
  return lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= intervalMs;
}
