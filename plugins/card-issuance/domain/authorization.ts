import { BusinessRuleError, ConflictError } from '../../../kernel/public.js';
import type { DeclineReason } from './card.js';

/**
 * An authorization: a merchant's request to charge a card. Approved, it
 * holds the amount on the card's account (a Ledger hold); captures spend
 * the hold, partly or whole, and a reversal returns what remains. A
 * declined one holds nothing and is kept for the record.
 */
export type AuthorizationStatus = 'approved' | 'partially_captured' | 'captured' | 'reversed' | 'declined';

export interface AuthorizationRecord {
  readonly id: string;
  readonly teamId: string;
  readonly cardId: string;
  readonly amount: bigint;
  readonly currency: string;
  readonly merchantName: string;
  readonly merchantCategory: string;
  readonly status: AuthorizationStatus;
  readonly declineReason: DeclineReason | null;
  readonly holdId: string | null;
  readonly capturedAmount: bigint;
  readonly releasedAmount: bigint;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Still holding money: more may be captured or reversed. */
export function isOpen(authorization: AuthorizationRecord): boolean {
  return authorization.status === 'approved' || authorization.status === 'partially_captured';
}

/** What is still held. */
export function remaining(authorization: AuthorizationRecord): bigint {
  return authorization.amount - authorization.capturedAmount - authorization.releasedAmount;
}

/** What the authorization counts against the daily limit: what it held and did not give back. */
export function spent(authorization: AuthorizationRecord): bigint {
  return authorization.status === 'declined' ? 0n : authorization.amount - authorization.releasedAmount;
}

function requireOpen(authorization: AuthorizationRecord): void {
  if (!isOpen(authorization)) throw new ConflictError(`The authorization is ${authorization.status}; only an approved or partially captured one can be captured or reversed.`, `authorization_${authorization.status}`);
}

/** The authorization after capturing `amount` (409 when closed, 422 above what remains). */
export function captured(authorization: AuthorizationRecord, amount: bigint, now: Date): AuthorizationRecord {
  requireOpen(authorization);
  if (amount > remaining(authorization)) throw new BusinessRuleError('capture_exceeds_authorization', 'The capture is larger than what the authorization still holds.', { pointer: '/amount' });
  const capturedAmount = authorization.capturedAmount + amount;
  const status = capturedAmount === authorization.amount ? 'captured' : 'partially_captured';
  return { ...authorization, capturedAmount, status, updatedAt: now };
}

/**
 * The authorization after returning what remains: reversed when nothing
 * was captured, else captured (closed at the amount captured).
 */
export function reversed(authorization: AuthorizationRecord, now: Date): AuthorizationRecord {
  requireOpen(authorization);
  const releasedAmount = authorization.releasedAmount + remaining(authorization);
  return { ...authorization, releasedAmount, status: authorization.capturedAmount > 0n ? 'captured' : 'reversed', updatedAt: now };
}
