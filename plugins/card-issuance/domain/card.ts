import { ConflictError } from '../../../kernel/public.js';

/**
 * Cardholders and virtual cards. A card spends from one account in one
 * currency; its PAN is kept only encrypted (panCiphertext) and shown whole
 * once, when the card is issued. Pure rules only.
 */
export interface CardholderRecord {
  readonly id: string;
  readonly teamId: string;
  readonly name: string;
  readonly email: string | null;
  readonly createdAt: Date;
}

export type CardStatus = 'active' | 'frozen' | 'cancelled';

/** Spending controls; null means no limit (or every merchant category). */
export interface SpendingControls {
  readonly perTransactionLimit: bigint | null;
  readonly dailyLimit: bigint | null;
  /** ISO 18245 merchant category codes (4 digits) the card may pay; null: all. */
  readonly allowedCategories: readonly string[] | null;
}

export interface CardRecord extends SpendingControls {
  readonly id: string;
  readonly teamId: string;
  readonly cardholderId: string;
  readonly accountId: string;
  readonly currency: string;
  /** AES-256-GCM of the PAN under the plugin's key (application/pan-vault.ts). */
  readonly panCiphertext: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly status: CardStatus;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The last instant the card is valid: the end of its expiry month (UTC). */
export function expiresAfter(card: Pick<CardRecord, 'expMonth' | 'expYear'>): Date {
  return new Date(Date.UTC(card.expYear, card.expMonth, 1) - 1);
}

/** Expiry month and year `months` after `now` (cards expire at the end of that month). */
export function expiryFrom(now: Date, months: number): { expMonth: number; expYear: number } {
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() + months;
  return { expYear: Math.floor(index / 12), expMonth: (index % 12) + 1 };
}

export type CardAction = 'freeze' | 'unfreeze' | 'cancel';

const NEXT: Record<CardAction, { from: readonly CardStatus[]; to: CardStatus; done: string }> = {
  freeze: { from: ['active'], to: 'frozen', done: 'frozen' },
  unfreeze: { from: ['frozen'], to: 'active', done: 'unfrozen' },
  cancel: { from: ['active', 'frozen'], to: 'cancelled', done: 'cancelled' },
};

/** The status after `action`, or a 409 naming the status that refuses it (a cancelled card stays cancelled). */
export function nextStatus(card: CardRecord, action: CardAction): CardStatus {
  const rule = NEXT[action];
  if (!rule.from.includes(card.status)) throw new ConflictError(`A ${card.status} card cannot be ${rule.done}.`, `card_${card.status}`);
  return rule.to;
}

/** Why an authorization of `amount` in `category` is declined, or null when the card may pay it. */
export type DeclineReason =
  | 'card_frozen'
  | 'card_cancelled'
  | 'card_expired'
  | 'category_not_allowed'
  | 'over_transaction_limit'
  | 'over_daily_limit'
  | 'account_not_active'
  | 'insufficient_funds';

/**
 * The card's own checks, in the order a processor runs them: status,
 * expiry, merchant category, the per-transaction limit, then the daily
 * limit given what the card already spent today (`spentToday`, held or
 * captured). Funds are the ledger's to check.
 */
export function declineReason(card: CardRecord, amount: bigint, category: string, spentToday: bigint, now: Date): DeclineReason | null {
  if (card.status === 'frozen') return 'card_frozen';
  if (card.status === 'cancelled') return 'card_cancelled';
  if (now.getTime() > expiresAfter(card).getTime()) return 'card_expired';
  if (card.allowedCategories && !card.allowedCategories.includes(category)) return 'category_not_allowed';
  if (card.perTransactionLimit !== null && amount > card.perTransactionLimit) return 'over_transaction_limit';
  if (card.dailyLimit !== null && spentToday + amount > card.dailyLimit) return 'over_daily_limit';
  return null;
}

/** The start of `now`'s UTC day: the daily limit's window. */
export function dayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
