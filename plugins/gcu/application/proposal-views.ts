import { inject, injectable } from 'inversify';
import { AssetCatalog, formatMinor, type Tx } from '../../../kernel/public.js';
import { statusAt, talliesPublished, type Outcome, type ProposalRecord } from '../domain/proposal.js';
import { approved, outcomeOf, quorumReached, tally, type Tally } from '../domain/tally.js';
import { formatWeight, weightsToJson, WEIGHT_SCALE } from '../domain/weights.js';
import type { ProposalView } from '../operations.js';
import { GcuRepository } from '../ports.js';

/**
 * The proposal record as the API shows it (docs/gcu.md documents every
 * field). Tallies are GCU amounts (decimal strings) of voting power; rates are
 * percentages rounded to 2 decimals for display. Until voting ends every
 * figure derived from voting power is null and only the number of teams that
 * voted is shown (see talliesPublished).
 */
@injectable()
export class ProposalViews {
  constructor(
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async tallyOf(tx: Tx, proposal: ProposalRecord): Promise<Tally> {
    const votes = await this.repo.listVotes(tx, proposal.id);
    return tally(votes, proposal.eligibleSupply ?? 0n);
  }

  /** The outcome as shown: frozen once closed, what the final tally says once voting ended, pending before. */
  outcome(proposal: ProposalRecord, t: Tally, now: Date): Outcome {
    if (proposal.closedAt) return proposal.outcome;
    return statusAt(proposal, now) === 'past' ? outcomeOf(t, proposal.quorumPpm, proposal.approvalPpm) : 'pending';
  }

  async view(tx: Tx, proposal: ProposalRecord, now: Date): Promise<ProposalView> {
    const precision = this.assets.find(proposal.basketCode)?.precision ?? 4;
    const t = await this.tallyOf(tx, proposal);
    const basket = await this.repo.findBasket(tx, proposal.basketCode);
    const status = statusAt(proposal, now);
    const published = talliesPublished(proposal, now);
    const amount = (minor: bigint) => (published ? formatMinor(minor, precision) : null);
    const required = (t.eligible * proposal.quorumPpm + WEIGHT_SCALE - 1n) / WEIGHT_SCALE;
    return {
      id: proposal.id,
      basket_code: proposal.basketCode,
      kind: proposal.kind,
      title: proposal.title,
      description: proposal.description,
      period: proposal.period,
      proposed_composition: proposal.proposedComposition ? weightsToJson(proposal.proposedComposition) : null,
      current_composition: basket ? weightsToJson(basket.weights) : null,
      parameter: proposal.parameter ? { name: proposal.parameter.name, value: formatWeight(proposal.parameter.value) } : null,
      status,
      is_voting_active: status === 'active',
      voting_starts_at: proposal.startsAt.toISOString(),
      voting_ends_at: proposal.endsAt.toISOString(),
      snapshot_at: proposal.startsAt.toISOString(),
      snapshot_taken: proposal.eligibleSupply !== null,
      tallies_published: published,
      tallies: {
        for: amount(t.for),
        against: amount(t.against),
        abstain: amount(t.abstain),
        total_votes_cast: amount(t.cast),
        voters: t.voters,
      },
      quorum: {
        required_fraction: formatWeight(proposal.quorumPpm),
        eligible_supply: proposal.eligibleSupply === null ? null : formatMinor(t.eligible, precision),
        required_votes: formatMinor(required, precision),
        reached: published ? quorumReached(t, proposal.quorumPpm) : null,
      },
      approval_threshold: formatWeight(proposal.approvalPpm),
      participation_rate: !published ? null : t.eligible === 0n ? 0 : Number((t.cast * 10_000n) / t.eligible) / 100,
      approval_rate: !published ? null : t.for + t.against === 0n ? 0 : Number((t.for * 10_000n) / (t.for + t.against)) / 100,
      outcome: this.outcome(proposal, t, now),
      provisional_outcome: published && !proposal.closedAt ? outcomeOf(t, proposal.quorumPpm, proposal.approvalPpm) : null,
      approved_so_far: published ? approved(t, proposal.approvalPpm) : null,
      closed_at: proposal.closedAt?.toISOString() ?? null,
      applied_at: proposal.appliedAt?.toISOString() ?? null,
      created_by: proposal.createdBy,
      created_at: proposal.createdAt.toISOString(),
    };
  }
}
