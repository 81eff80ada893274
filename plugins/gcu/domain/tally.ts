import { WEIGHT_SCALE } from './weights.js';

export type VoteChoice = 'for' | 'against' | 'abstain';
export const VOTE_CHOICES = ['for', 'against', 'abstain'] as const;

export interface Tally {
  readonly for: bigint;
  readonly against: bigint;
  readonly abstain: bigint;
  /** for + against + abstain: what counts towards the quorum. */
  readonly cast: bigint;
  /** Total GCU held by customers at the snapshot (minor units). */
  readonly eligible: bigint;
  readonly voters: number;
}

export function tally(votes: readonly { choice: VoteChoice; power: bigint }[], eligible: bigint): Tally {
  const sums = { for: 0n, against: 0n, abstain: 0n };
  for (const vote of votes) sums[vote.choice] += vote.power;
  return { ...sums, cast: sums.for + sums.against + sums.abstain, eligible, voters: votes.length };
}

/**
 * Quorum: votes cast (abstentions included) reach `quorumPpm` of the GCU
 * supply at the snapshot. Approval: strictly more than `approvalPpm` of the
 * for + against power says for (abstentions count for the quorum only). With
 * no supply at the snapshot nothing can pass. Exact integer comparisons.
 */
export function quorumReached(t: Tally, quorumPpm: bigint): boolean {
  if (t.eligible <= 0n) return false;
  return t.cast * WEIGHT_SCALE >= t.eligible * quorumPpm;
}

export function approved(t: Tally, approvalPpm: bigint): boolean {
  const decisive = t.for + t.against;
  if (decisive === 0n) return false;
  return t.for * WEIGHT_SCALE > decisive * approvalPpm;
}

export function outcomeOf(t: Tally, quorumPpm: bigint, approvalPpm: bigint): 'passed' | 'rejected' | 'no_quorum' {
  if (!quorumReached(t, quorumPpm)) return 'no_quorum';
  return approved(t, approvalPpm) ? 'passed' : 'rejected';
}
