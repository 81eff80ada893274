import type { ChainPlan, PlannedMove } from './planner.js';

/**
 * planned: a dry run (nothing moves, final) · executing: bridge transfers in
 * flight · completed: every transfer arrived (or nothing had to move) ·
 * failed: a transfer failed and was refunded to its source (the others ran
 * their course).
 */
export const REBALANCE_STATUSES = ['planned', 'executing', 'completed', 'failed'] as const;
export type RebalanceStatus = (typeof REBALANCE_STATUSES)[number];

/** A move of the plan and, once executed, its bridge transfer and how far it got. */
export interface RebalanceMove extends PlannedMove {
  readonly transferId: string | null;
  /** The bridge transfer's status (pending … completed, failed); 'planned' for a dry run. */
  readonly status: string;
}

/** One chain of the rebalance: its plan, and once completed what it held then. */
export interface RebalanceChain extends ChainPlan {
  readonly after: bigint | null;
}

/** A rebalance of one token across chains for one account (table treasury_rebalances). */
export interface RebalanceRecord {
  readonly id: string;
  readonly teamId: string;
  readonly token: string;
  readonly accountId: string;
  readonly toleranceBps: number;
  readonly dryRun: boolean;
  readonly status: RebalanceStatus;
  readonly total: bigint;
  readonly feeTotal: bigint;
  readonly withinToleranceBefore: boolean;
  /** The plan lands every chain within tolerance. */
  readonly withinToleranceAfter: boolean;
  readonly chains: readonly RebalanceChain[];
  readonly moves: readonly RebalanceMove[];
  readonly failureReason: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Whether every bridge transfer of the rebalance reached a final state. */
export function allSettled(moves: readonly RebalanceMove[]): boolean {
  return moves.every((move) => move.status === 'completed' || move.status === 'failed');
}
