import { inject, injectable } from 'inversify';
import { formatMinor } from '../../../kernel/money/decimal.js';
import { AssetCatalog } from '../../../ports/asset-catalog.js';
import type { Tx } from '../../../ports/unit-of-work.js';
import { statusAt, type ProposalRecord } from '../domain/proposal.js';
import { approved, outcomeOf, quorumReached, tally, type Tally } from '../domain/tally.js';
import { formatWeight, weightsToJson, WEIGHT_SCALE } from '../domain/weights.js';
import { GcuRepository } from '../ports.js';

/**
 * The proposal record as the API shows it (docs/gcu.md documents every
 * field). Tallies are GCU amounts (decimal strings) of voting power; rates are
 * percentages rounded to 2 decimals for display.
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

  async view(tx: Tx, proposal: ProposalRecord, now: Date) {
    const precision = this.assets.find(proposal.basketCode)?.precision ?? 4;
    const t = await this.tallyOf(tx, proposal);
    const basket = await this.repo.findBasket(tx, proposal.basketCode);
    const status = statusAt(proposal, now);
    const amount = (minor: bigint) => formatMinor(minor, precision);
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
      snapshot_at: proposal.snapshotAt.toISOString(),
      snapshot_taken: proposal.eligibleSupply !== null,
      tallies: {
        for: amount(t.for),
        against: amount(t.against),
        abstain: amount(t.abstain),
        total_votes_cast: amount(t.cast),
        voters: t.voters,
      },
      quorum: {
        required_fraction: formatWeight(proposal.quorumPpm),
        eligible_supply: proposal.eligibleSupply === null ? null : amount(t.eligible),
        required_votes: amount(required),
        reached: quorumReached(t, proposal.quorumPpm),
      },
      approval_threshold: formatWeight(proposal.approvalPpm),
      participation_rate: t.eligible === 0n ? 0 : Number((t.cast * 10_000n) / t.eligible) / 100,
      approval_rate: t.for + t.against === 0n ? 0 : Number((t.for * 10_000n) / (t.for + t.against)) / 100,
      outcome: proposal.closedAt ? proposal.outcome : status === 'past' ? outcomeOf(t, proposal.quorumPpm, proposal.approvalPpm) : 'pending',
      provisional_outcome: proposal.closedAt ? null : outcomeOf(t, proposal.quorumPpm, proposal.approvalPpm),
      approved_so_far: approved(t, proposal.approvalPpm),
      closed_at: proposal.closedAt?.toISOString() ?? null,
      applied_at: proposal.appliedAt?.toISOString() ?? null,
      created_by: proposal.createdBy,
      created_at: proposal.createdAt.toISOString(),
    };
  }
}
