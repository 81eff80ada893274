import { inject, injectable } from 'inversify';
import { Ids, type Tx } from '../../../kernel/public.js';
import type { ProposalRecord } from '../domain/proposal.js';
import { weightsToJson } from '../domain/weights.js';
import { GcuRepository, type BasketRecord } from '../ports.js';

export type NewProposal = Pick<ProposalRecord, 'kind' | 'title' | 'description' | 'proposedComposition' | 'parameter' | 'period' | 'startsAt' | 'endsAt' | 'createdBy'>;

/** Creates proposals (automatic or by an operator) with the governance settings in force. */
@injectable()
export class Proposals {
  constructor(
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async create(tx: Tx, basket: BasketRecord, input: NewProposal, now: Date): Promise<ProposalRecord> {
    const proposal: ProposalRecord = {
      ...input,
      id: this.ids.uuid(),
      basketCode: basket.code,
      eligibleSupply: null,
      quorumPpm: basket.quorumPpm,
      approvalPpm: basket.approvalPpm,
      createdAt: now,
      closedAt: null,
      outcome: 'pending',
      appliedAt: null,
    };
    await this.repo.insertProposal(tx, proposal);
    await tx.append([
      {
        type: 'governance.proposal_created',
        teamId: '',
        aggregateType: 'proposal',
        aggregateId: proposal.id,
        payload: {
          proposal_id: proposal.id,
          basket_code: basket.code,
          kind: proposal.kind,
          title: proposal.title,
          proposed_composition: proposal.proposedComposition ? weightsToJson(proposal.proposedComposition) : null,
          voting_starts_at: proposal.startsAt.toISOString(),
          voting_ends_at: proposal.endsAt.toISOString(),
          created_by: proposal.createdBy,
        },
      },
    ]);
    return proposal;
  }
}
