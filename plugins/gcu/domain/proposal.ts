import type { Weights } from './weights.js';

/**
 * A governance proposal. Its status is a function of the clock: upcoming
 * before voting starts, active while now ∈ [starts_at, ends_at), past from
 * ends_at on. Closing (the tally is frozen and the outcome recorded) happens
 * on the first scheduler tick after ends_at; until then a past proposal shows
 * its provisional outcome. Voting power is each holder's GCU balance recorded
 * once, at the snapshot, for every holder at the same instant: GCU moved
 * after the snapshot votes nowhere, so nobody can vote the same units twice.
 */
export type ProposalStatus = 'upcoming' | 'active' | 'past';
export const PROPOSAL_STATUSES = ['upcoming', 'active', 'past'] as const;

export type ProposalKind = 'composition' | 'parameter';
export type GovernanceParameter = 'quorum' | 'approval_threshold';
export const GOVERNANCE_PARAMETERS = ['quorum', 'approval_threshold'] as const;

export type Outcome = 'pending' | 'passed' | 'rejected' | 'no_quorum';

export interface ProposalRecord {
  readonly id: string;
  readonly basketCode: string;
  readonly kind: ProposalKind;
  readonly title: string;
  readonly description: string;
  /** For composition proposals: the weights that apply if it wins. */
  readonly proposedComposition: Weights | null;
  /** For parameter proposals: which parameter and its new value (ppm). */
  readonly parameter: { readonly name: GovernanceParameter; readonly value: bigint } | null;
  /** The period whose composition this decides ("2026-02"), for the automatic monthly proposal. */
  readonly period: string | null;
  readonly startsAt: Date;
  readonly endsAt: Date;
  /**
   * When the holders' balances were recorded: the first scheduler tick or
   * vote at or after starts_at (starts_at itself until then).
   */
  readonly snapshotAt: Date;
  /** Total customer GCU at the snapshot (the quorum's base); null until taken. */
  readonly eligibleSupply: bigint | null;
  /** Copied from the governance settings at creation, so later changes never move the goal posts. */
  readonly quorumPpm: bigint;
  readonly approvalPpm: bigint;
  readonly createdBy: string;
  readonly createdAt: Date;
  /** Set when closed: the frozen tally and outcome. */
  readonly closedAt: Date | null;
  readonly outcome: Outcome;
  /** Set when the rebalancing (or settings change) applied it. */
  readonly appliedAt: Date | null;
}

export function statusAt(proposal: Pick<ProposalRecord, 'startsAt' | 'endsAt'>, now: Date): ProposalStatus {
  if (now.getTime() < proposal.startsAt.getTime()) return 'upcoming';
  if (now.getTime() < proposal.endsAt.getTime()) return 'active';
  return 'past';
}
