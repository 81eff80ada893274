import type { Weights } from './weights.js';

/**
 * A governance proposal. Its status is a function of the clock: upcoming
 * before voting starts, active while now ∈ [starts_at, ends_at), past from
 * ends_at on. Closing (the tally is frozen and the outcome recorded) happens
 * on the first scheduler tick after ends_at; until then a past proposal shows
 * its provisional outcome. Voting power is each holder's GCU balance as of
 * starts_at, recorded once for every holder: GCU moved after the start votes
 * nowhere, so nobody can vote the same units twice.
 */
export type ProposalStatus = 'upcoming' | 'active' | 'past';
export const PROPOSAL_STATUSES = ['upcoming', 'active', 'past'] as const;

export type ProposalKind = 'composition' | 'parameter';
export type GovernanceParameter = 'quorum' | 'approval_threshold';
export const GOVERNANCE_PARAMETERS = ['quorum', 'approval_threshold'] as const;

export type Outcome = 'pending' | 'passed' | 'rejected' | 'no_quorum';

/**
 * Bounds of an operator's proposal window: voting lasts at most a month (the
 * monthly cycle) and opens at most a year ahead, so no proposal sits in the
 * lists for ever or keeps the holdings history it needs for decades.
 */
export const MAX_VOTING_DAYS = 31;
export const MAX_LEAD_DAYS = 366;

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
  /** Total customer GCU at the snapshot (as of starts_at; the quorum's base); null until taken. */
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

/**
 * Amounts of voting power (tallies, rates, whether the quorum is reached)
 * are published only once voting has ended and the tally can no longer
 * change: a team's power is its exact holding, and a running total shows each
 * new vote's power as the difference between two reads, however many votes
 * it already sums.
 */
export function talliesPublished(proposal: Pick<ProposalRecord, 'endsAt'>, now: Date): boolean {
  return now.getTime() >= proposal.endsAt.getTime();
}

export function statusAt(proposal: Pick<ProposalRecord, 'startsAt' | 'endsAt'>, now: Date): ProposalStatus {
  if (now.getTime() < proposal.startsAt.getTime()) return 'upcoming';
  if (now.getTime() < proposal.endsAt.getTime()) return 'active';
  return 'past';
}
