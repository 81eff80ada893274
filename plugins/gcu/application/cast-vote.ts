import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  BusinessRuleError,
  Clock,
  formatMinor,
  NotFoundError,
  UnitOfWork,
  ValidationError,
  type Operation,
  type RequestContext,
} from '../../../kernel/public.js';
import { statusAt } from '../domain/proposal.js';
import { VOTE_CHOICES, type VoteChoice } from '../domain/tally.js';
import type { CastVoteInput, VoteView } from '../operations.js';
import { GcuRepository } from '../ports.js';
import { HoldingsProjection } from './holdings-projection.js';
import { ProposalViews } from './proposal-views.js';
import { Snapshots } from './snapshots.js';

/**
 * POST /gcu/voting/proposals/{id}/vote. Voting power is the GCU the caller's
 * team held across its accounts when voting opened (the snapshot, see
 * snapshots.ts), so moving GCU afterwards gives nobody a second vote. The
 * holder is the team (accounts belong to teams), so a team has one vote per
 * proposal; casting again (by any of its users or keys) replaces the choice,
 * never adds power, and voted_by records who cast it last.
 */
@injectable()
export class CastVoteOperation implements Operation<CastVoteInput, VoteView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(HoldingsProjection) private readonly holdings: HoldingsProjection,
    @inject(Snapshots) private readonly snapshots: Snapshots,
    @inject(ProposalViews) private readonly views: ProposalViews,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: CastVoteInput, ctx: RequestContext): Promise<VoteView> {
    if (!VOTE_CHOICES.includes(input.vote as VoteChoice)) {
      throw ValidationError.field('/vote', `vote must be one of ${VOTE_CHOICES.join(', ')}`, 'invalid_vote');
    }
    await this.holdings.catchUp();
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const proposal = await this.snapshots.ensure(tx, input.id, now);
      if (!proposal) throw new NotFoundError('Proposal', input.id);
      const status = statusAt(proposal, now);
      if (status !== 'active') {
        throw new BusinessRuleError('proposal_not_active', `Voting on this proposal is not open: it is ${status} (voting ${proposal.startsAt.toISOString()} – ${proposal.endsAt.toISOString()}).`);
      }
      const teamId = ctx.actor.teamId;
      const power = await this.repo.snapshotPower(tx, proposal.id, teamId);
      const precision = this.assets.find(proposal.basketCode)?.precision ?? 4;
      if (power <= 0n) {
        throw new BusinessRuleError('no_voting_power', `Your team held no ${proposal.basketCode} when voting opened (${proposal.startsAt.toISOString()}); voting power is the ${proposal.basketCode} your team's accounts held at that moment.`);
      }
      const previous = await this.repo.findVote(tx, proposal.id, teamId);
      await this.repo.saveVote(tx, {
        proposalId: proposal.id,
        teamId,
        userId: ctx.actor.userId,
        choice: input.vote as VoteChoice,
        power,
        castAt: now,
        changes: previous ? previous.changes + 1 : 0,
      });
      await tx.append([
        {
          type: 'governance.vote_cast',
          teamId,
          aggregateType: 'proposal',
          aggregateId: proposal.id,
          payload: { proposal_id: proposal.id, vote: input.vote, voting_power: formatMinor(power, precision), replaced: previous?.choice ?? null, user_id: ctx.actor.userId },
        },
      ]);
      const view = await this.views.view(tx, proposal, now);
      return {
        proposal_id: proposal.id,
        vote: input.vote,
        voting_power: formatMinor(power, precision),
        snapshot_at: proposal.startsAt.toISOString(),
        replaced: previous?.choice ?? null,
        voted_at: now.toISOString(),
        tallies: view.tallies,
      };
    });
  }
}
