import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Clock,
  formatMinor,
  NotFoundError,
  UnitOfWork,
  ValidationError,
  type Operation,
  type RequestContext,
} from '../../../kernel/public.js';
import { PROPOSAL_STATUSES, statusAt, type ProposalStatus } from '../domain/proposal.js';
import { GcuConfig } from '../config.js';
import type { ListProposalsInput, MyVoteView, ProposalIdInput, ProposalView } from '../operations.js';
import { GcuRepository } from '../ports.js';
import { ProposalViews } from './proposal-views.js';

/** GET /gcu/voting/proposals?status=: newest voting window first. */
@injectable()
export class ListProposalsOperation implements Operation<ListProposalsInput, ProposalView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(ProposalViews) private readonly views: ProposalViews,
    @inject(GcuConfig) private readonly config: GcuConfig,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: ListProposalsInput): Promise<ProposalView[]> {
    const status = input.status as ProposalStatus | undefined;
    if (status !== undefined && !PROPOSAL_STATUSES.includes(status)) {
      throw new ValidationError([{ parameter: 'status', detail: `status must be one of ${PROPOSAL_STATUSES.join(', ')}`, code: 'invalid_status' }]);
    }
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const proposals = (await this.repo.listProposals(tx, this.config.basket_code)).filter((p) => !status || statusAt(p, now) === status);
      const out = [];
      for (const proposal of proposals) out.push(await this.views.view(tx, proposal, now));
      return out;
    });
  }
}

@injectable()
export class GetProposalOperation implements Operation<ProposalIdInput, ProposalView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(ProposalViews) private readonly views: ProposalViews,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: ProposalIdInput): Promise<ProposalView> {
    return this.uow.run(async (tx) => {
      const proposal = await this.repo.findProposal(tx, input.id);
      if (!proposal) throw new NotFoundError('Proposal', input.id);
      return this.views.view(tx, proposal, this.clock.now());
    });
  }
}

/** GET /gcu/voting/my-votes: the caller's team's votes, newest first, with the outcome as the proposal shows it. */
@injectable()
export class MyVotesOperation implements Operation<unknown, MyVoteView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(ProposalViews) private readonly views: ProposalViews,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(_input: unknown, ctx: RequestContext): Promise<MyVoteView[]> {
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const out: MyVoteView[] = [];
      for (const vote of await this.repo.listTeamVotes(tx, ctx.actor.teamId)) {
        const proposal = await this.repo.findProposal(tx, vote.proposalId);
        if (!proposal) continue;
        out.push({
          proposal_id: vote.proposalId,
          proposal_title: proposal.title,
          proposal_status: statusAt(proposal, now),
          vote: vote.choice,
          voting_power: formatMinor(vote.power, this.assets.find(proposal.basketCode)?.precision ?? 4),
          voted_at: vote.castAt.toISOString(),
          voted_by: vote.userId,
          changes: vote.changes,
          outcome: this.views.outcome(proposal, await this.views.tallyOf(tx, proposal), now),
        });
      }
      return out;
    });
  }
}
