import { ConflictError } from '../../../kernel/public.js';

/**
 * A merchant: a business of a team that takes payments into one of the
 * team's accounts (its settlement account). A team applies; an operator
 * approves, and may suspend an approved merchant (and approve it again).
 * Only an approved merchant issues invoices and is paid. Pure rules only.
 */
export type MerchantStatus = 'pending' | 'approved' | 'suspended';

export interface MerchantRecord {
  readonly id: string;
  readonly teamId: string;
  readonly name: string;
  readonly settlementAccountId: string;
  readonly status: MerchantStatus;
  /** Why an operator suspended it; null unless suspended. */
  readonly suspensionReason: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export function approved(merchant: MerchantRecord, now: Date): MerchantRecord {
  if (merchant.status === 'approved') throw new ConflictError('The merchant is approved already.', 'merchant_approved');
  return { ...merchant, status: 'approved', suspensionReason: null, updatedAt: now };
}

export function suspended(merchant: MerchantRecord, reason: string, now: Date): MerchantRecord {
  if (merchant.status !== 'approved') throw new ConflictError(`A ${merchant.status} merchant cannot be suspended.`, `merchant_${merchant.status}`);
  return { ...merchant, status: 'suspended', suspensionReason: reason, updatedAt: now };
}

/** An invoice is issued, and paid, only while its merchant is approved. */
export function requireApproved(merchant: MerchantRecord): void {
  if (merchant.status !== 'approved') throw new ConflictError(`The merchant is ${merchant.status}: it takes no payments.`, `merchant_${merchant.status}`);
}
