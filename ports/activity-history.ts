import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/** The kinds of activity other modules than core banking report (core banking's own are in TransactionHistory). */
export type ActivityKind = 'swap' | 'payment' | 'cross_chain_transfer';

/** What an activity search may narrow by; every field optional. */
export interface ActivityHistoryFilter {
  /** Activity of this account only (the caller checked it is the team's). */
  readonly accountId?: string;
  /** Inclusive lower bound of created_at. */
  readonly from?: Date;
  /** Exclusive upper bound of created_at. */
  readonly before?: Date;
}

/** An amount of one asset: minor units (always positive) at the asset's precision on its chain. */
export interface ActivityAmount {
  readonly amount: bigint;
  readonly precision: number;
  readonly assetCode: string;
}

/**
 * One activity of the team in the shape of a TransactionHistoryEntry
 * (the amount is what left the account for `sent`, what came in for
 * `received`), with what only such activity has.
 */
export interface ActivityHistoryEntry extends ActivityAmount {
  /** The module's own id (swap, bridge transfer, payment intent, p2p transfer, x402 payment). */
  readonly id: string;
  readonly kind: ActivityKind;
  /** The team's account it moved; null when the module knows none (an x402 payment made from an outside wallet). */
  readonly accountId: string | null;
  /** The chain the amount is on; null off chain. */
  readonly chain: string | null;
  readonly status: 'pending' | 'completed' | 'failed';
  readonly direction: 'sent' | 'received';
  /** Who is on the other side, as the module knows it: an email, an account id, an address, a resource; null when none. */
  readonly counterparty: string | null;
  /** A cross-chain transfer's chains and protocol; null otherwise. */
  readonly sourceChain: string | null;
  readonly destinationChain: string | null;
  readonly bridgeProtocol: string | null;
  /** A swap's other side: what came out of the pools; null otherwise. */
  readonly received: ActivityAmount | null;
  /** The core-banking transfer this activity also is, if any: the history shows it once, as this activity. */
  readonly transferId: string | null;
  readonly createdAt: Date;
}

/**
 * A module's history of one kind of activity, for questions about the
 * team's transactions (read by the natural-language queries of `ai`).
 * Multi-bound: each module that has such activity contributes one
 * (manifest `contributes`), read with `@multiInject(ActivityHistory) @optional()`.
 * Scoped by team in every call; nothing here changes state.
 */
export interface ActivityHistory {
  /** The kind every entry of this source has. */
  readonly kind: ActivityKind;
  /** The module that reports it (for messages). */
  readonly module: string;
  /** Matching activity, oldest first (created_at, then id), at most `limit`; `truncated` when more matched. */
  search(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<{ readonly entries: ActivityHistoryEntry[]; readonly truncated: boolean }>;
}
export const ActivityHistory = token<ActivityHistory>('activity-history');

/** A source's answer from its matching entries (in any order): oldest first, ties by id, at most `limit`. */
export function activityAnswer(entries: readonly ActivityHistoryEntry[], limit: number): { entries: ActivityHistoryEntry[]; truncated: boolean } {
  const ordered = [...entries].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { entries: ordered.slice(0, limit), truncated: ordered.length > limit };
}

/** Whether a record's time and account pass the filter. */
export function inActivityFilter(filter: ActivityHistoryFilter, createdAt: Date, accountId: string | null): boolean {
  if (filter.from && createdAt < filter.from) return false;
  if (filter.before && createdAt >= filter.before) return false;
  return filter.accountId === undefined || accountId === filter.accountId;
}
