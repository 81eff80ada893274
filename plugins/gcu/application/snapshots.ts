import { inject, injectable } from 'inversify';
import { formatMinor } from '../../../kernel/money/decimal.js';
import { AssetCatalog } from '../../../ports/asset-catalog.js';
import type { Tx } from '../../../ports/unit-of-work.js';
import type { ProposalRecord } from '../domain/proposal.js';
import { GcuRepository } from '../ports.js';

/**
 * Takes a proposal's voting-power snapshot: the first time anything (a
 * scheduler tick, a vote) touches the proposal at or after starts_at, every
 * team's current GCU (from the holdings projection, caught up just before)
 * is recorded under the proposal's row lock, together with the total supply
 * that the quorum is measured against. Recorded once, for all holders at the
 * same instant, so no unit can vote twice.
 */
@injectable()
export class Snapshots {
  constructor(
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async ensure(tx: Tx, proposalId: string, now: Date): Promise<ProposalRecord | undefined> {
    const proposal = await this.repo.lockProposal(tx, proposalId);
    if (!proposal || proposal.eligibleSupply !== null || now < proposal.startsAt) return proposal;
    const powers = await this.repo.holdingsByTeam(tx, proposal.basketCode);
    let supply = 0n;
    for (const power of powers.values()) supply += power;
    await this.repo.insertSnapshot(tx, proposal.id, powers);
    const taken: ProposalRecord = { ...proposal, snapshotAt: now, eligibleSupply: supply };
    await this.repo.saveProposal(tx, taken);
    const precision = this.assets.find(proposal.basketCode)?.precision ?? 4;
    await tx.append([
      {
        type: 'governance.snapshot_taken',
        teamId: '',
        aggregateType: 'proposal',
        aggregateId: proposal.id,
        payload: { proposal_id: proposal.id, snapshot_at: now.toISOString(), eligible_supply: formatMinor(supply, precision), holders: powers.size },
      },
    ]);
    return taken;
  }
}
