import { ConflictError, ValidationError } from '../../../kernel/public.js';

/**
 * A payment intent and its state machine:
 *
 *   requires_confirmation ──confirm──▶ processing ──settled──▶ succeeded
 *          │   │                            └──────refused─────▶ failed
 *          │   └──cancel──▶ cancelled
 *          └──expires_at passed──▶ expired
 *
 * The payer's funds are held from creation; confirming queues the
 * settlement (a workflow that captures the hold), and cancelled, expired
 * and failed release it.
 */
export type IntentStatus = 'requires_confirmation' | 'processing' | 'succeeded' | 'failed' | 'cancelled' | 'expired';
export const INTENT_STATUSES: readonly IntentStatus[] = ['requires_confirmation', 'processing', 'succeeded', 'failed', 'cancelled', 'expired'];

export type RecipientKind = 'user' | 'account';

export interface PaymentIntentRecord {
  readonly id: string;
  readonly teamId: string;
  readonly userId: string;
  /** The payer's account. */
  readonly accountId: string;
  readonly amount: bigint;
  readonly currency: string;
  /** As the client wrote it (an email or an account id). */
  readonly recipient: string;
  readonly recipientKind: RecipientKind;
  readonly recipientTeamId: string;
  readonly recipientUserId: string | null;
  readonly recipientAccountId: string;
  readonly description: string;
  readonly status: IntentStatus;
  readonly holdId: string;
  readonly failureReason: string | null;
  readonly expiresAt: Date;
  readonly completedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export type ParsedRecipient = { readonly kind: 'user'; readonly email: string } | { readonly kind: 'account'; readonly accountId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A recipient is a user's email, or an account id of the payer's team (a uuid, optionally written `account:<uuid>`). */
export function parseRecipient(text: string, pointer: string): ParsedRecipient {
  const value = text.trim();
  const account = value.startsWith('account:') ? value.slice('account:'.length) : value;
  if (UUID.test(account)) return { kind: 'account', accountId: account.toLowerCase() };
  if (EMAIL.test(value) && value.length <= 254) return { kind: 'user', email: value.toLowerCase() };
  throw ValidationError.field(pointer, 'must be a user’s email or an account id of your team', 'invalid_recipient');
}

/** 409 naming the state when a transition is asked from a state that does not allow it. */
export function requireStatus(intent: PaymentIntentRecord, allowed: readonly IntentStatus[], action: string): void {
  if (!allowed.includes(intent.status)) {
    throw new ConflictError(`The payment intent is ${intent.status}; it cannot be ${action}.`, 'intent_not_' + action.replace(/ /g, '_'));
  }
}

/** Confirming after expires_at is refused even before the sweep has marked it expired. */
export function isPastExpiry(intent: PaymentIntentRecord, now: Date): boolean {
  return intent.expiresAt.getTime() <= now.getTime();
}
