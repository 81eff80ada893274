import { BusinessRuleError, ConflictError } from '../../../kernel/public.js';

/**
 * Reward profiles, points and quests. Pure rules only.
 *
 * A team opts in to a profile; while enrolled, spending earns points
 * (card captures and invoice payments, by the rule in `pointsBetween`), and
 * quests pay a bonus when a team reaches a count of qualifying events in a
 * calendar month (UTC). Points are redeemed into cashback paid by the
 * bank's rewards-expense system account.
 */
export type ProfileStatus = 'enrolled' | 'opted_out';
export type EarningSource = 'card_capture' | 'invoice_payment' | 'quest_bonus';
/** What a quest counts: one per captured card authorization event, or per invoice the team paid. */
export type QuestEvent = 'card_capture' | 'invoice_payment';

export interface ProfileRecord {
  readonly teamId: string;
  readonly status: ProfileStatus;
  /** Points the team holds now. */
  readonly points: bigint;
  /** Every point ever earned (redemptions do not lower it). */
  readonly lifetimePoints: bigint;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface EarningRecord {
  readonly id: string;
  readonly teamId: string;
  /** The event that earned it: each event earns at most once per source id. */
  readonly eventId: string;
  readonly source: EarningSource;
  /** The card authorization, the payer's payment movement, or `<quest id>:<period>` for a bonus. */
  readonly sourceId: string;
  /** The spend it counts, in minor units of assetCode (0 for a bonus). */
  readonly assetCode: string | null;
  readonly basis: bigint;
  readonly points: bigint;
  readonly createdAt: Date;
}

export interface QuestRecord {
  readonly id: string;
  readonly name: string;
  readonly event: QuestEvent;
  /** Qualifying events in one calendar month (UTC) that complete it. */
  readonly target: number;
  readonly bonusPoints: bigint;
  readonly createdAt: Date;
}

export interface QuestProgressRecord {
  readonly teamId: string;
  readonly questId: string;
  /** The UTC calendar month, `YYYY-MM`. */
  readonly period: string;
  readonly count: number;
  readonly completedAt: Date | null;
}

export interface RedemptionRecord {
  readonly id: string;
  readonly teamId: string;
  readonly points: bigint;
  readonly accountId: string;
  readonly assetCode: string;
  readonly amount: bigint;
  readonly movementId: string;
  readonly createdAt: Date;
}

/**
 * The points spend of `before` → `after` (cumulative, minor units of an
 * asset of `precision` decimals) earns at `perUnit` points per whole unit:
 * floor(after) − floor(before), so partial captures of one authorization
 * earn, in sum, exactly what one capture of the whole would.
 */
export function pointsBetween(before: bigint, after: bigint, perUnit: number, precision: number): bigint {
  const scale = 10n ** BigInt(precision);
  const rate = BigInt(perUnit);
  return (after * rate) / scale - (before * rate) / scale;
}

export function period(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The progress after one more qualifying event; `completes` is true only for the event that reaches the target. */
export function counted(progress: QuestProgressRecord, quest: QuestRecord, at: Date): { next: QuestProgressRecord; completes: boolean } {
  const count = progress.count + 1;
  const completes = progress.completedAt === null && count >= quest.target;
  return { next: { ...progress, count, completedAt: completes ? at : progress.completedAt }, completes };
}

export function enrolled(profile: ProfileRecord | undefined, teamId: string, now: Date): ProfileRecord {
  if (profile?.status === 'enrolled') throw new ConflictError('The team is enrolled already.', 'rewards_enrolled');
  return profile ? { ...profile, status: 'enrolled', updatedAt: now } : { teamId, status: 'enrolled', points: 0n, lifetimePoints: 0n, createdAt: now, updatedAt: now };
}

export function optedOut(profile: ProfileRecord, now: Date): ProfileRecord {
  if (profile.status === 'opted_out') throw new ConflictError('The team has opted out already.', 'rewards_opted_out');
  return { ...profile, status: 'opted_out', updatedAt: now };
}

export function earned(profile: ProfileRecord, points: bigint, now: Date): ProfileRecord {
  return { ...profile, points: profile.points + points, lifetimePoints: profile.lifetimePoints + points, updatedAt: now };
}

/** Points leave the profile on redemption: at least `minimum`, at most what it holds (422 with the pointer /points). */
export function redeemed(profile: ProfileRecord, points: bigint, minimum: bigint, now: Date): ProfileRecord {
  if (points < minimum) throw new BusinessRuleError('below_minimum_redemption', `At least ${minimum} points are redeemed at once.`, { pointer: '/points' });
  if (points > profile.points) throw new BusinessRuleError('insufficient_points', `The team holds ${profile.points} points.`, { pointer: '/points' });
  return { ...profile, points: profile.points - points, updatedAt: now };
}
