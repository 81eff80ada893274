import { ValidationError } from '../../../kernel/public.js';

/**
 * An item: created pending, made active by the activation workflow, expired
 * by the sweep once its expiry has passed. Pure rules only: no I/O here.
 */
export type ItemStatus = 'pending' | 'active' | 'expired';

export interface ItemRecord {
  readonly id: string;
  readonly teamId: string;
  readonly title: string;
  readonly status: ItemStatus;
  readonly expiresAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** An expiry must lie in the future, or the item would be born expired. */
export function checkExpiry(expiresAt: Date | null, now: Date): void {
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw ValidationError.field('/expires_at', 'expires_at must be in the future');
  }
}

/** Only a pending item can be activated; activating twice changes nothing. */
export function canActivate(item: ItemRecord): boolean {
  return item.status === 'pending';
}

/** An active item whose expiry has passed is due for the sweep. */
export function isDueToExpire(item: ItemRecord, now: Date): boolean {
  return item.status === 'active' && item.expiresAt !== null && item.expiresAt.getTime() <= now.getTime();
}
