import { inject, injectable } from 'inversify';
import { AssetCatalog, formatMinor, type Tx } from '../../../kernel/public.js';
import type { ProposalRecord } from '../domain/proposal.js';
import { GcuRepository } from '../ports.js';

/**
 * Takes a proposal's voting-power snapshot: every team's GCU as of
 * starts_at, read from the holdings history (the balance after each
 * account's last change that occurred at or before starts_at), together with
 * the total supply the quorum is measured against. It is computed by the
 * first scheduler tick or vote at or after starts_at, once the projection has
 * caught up with every committed event, and recorded once under the
 * proposal's row lock, for all holders as of the same instant, so no unit
 * can vote twice. How late the tick comes changes nothing.
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
    const powers = await this.repo.holdingsByTeam(tx, proposal.basketCode, proposal.startsAt);
    let supply = 0n;
    for (const power of powers.values()) supply += power;
    await this.repo.insertSnapshot(tx, proposal.id, powers);
    const taken: ProposalRecord = { ...proposal, eligibleSupply: supply };
    await this.repo.saveProposal(tx, taken);
    const precision = this.assets.find(proposal.basketCode)?.precision ?? 4;
    await tx.append([
      {
        type: 'governance.snapshot_taken',
        teamId: '',
        aggregateType: 'proposal',
        aggregateId: proposal.id,
        payload: { proposal_id: proposal.id, snapshot_at: proposal.startsAt.toISOString(), eligible_supply: formatMinor(supply, precision), holders: powers.size },
      },
    ]);
    return taken;
  }
}
