import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, listPage, NotFoundError, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import { enrolled, optedOut, type EarningRecord } from '../domain/rewards.js';
import { RewardsEnrolled, RewardsOptedOut } from '../events.js';
import type { EarningView, ListInput, NoInput, ProfileView } from '../operations.js';
import { RewardsRepository } from '../ports.js';
import { earningView, profileView } from './views.js';

/** POST /rewards/profile, enrollRewards: opts the team in (again); 409 rewards_enrolled when it is. Points held before stay. */
@injectable()
export class EnrollOperation implements Operation<NoInput, ProfileView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RewardsRepository) private readonly repo: RewardsRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(_input: NoInput, ctx: RequestContext): Promise<ProfileView> {
    return this.uow.run(async (tx) => {
      const teamId = ctx.actor.teamId;
      const profile = enrolled(await this.repo.lockProfile(tx, teamId), teamId, this.clock.now());
      await this.repo.saveProfile(tx, profile);
      const view = profileView(profile);
      await tx.append([{ type: RewardsEnrolled.name, teamId, aggregateType: 'reward_profile', aggregateId: teamId, payload: view }]);
      return view;
    });
  }
}

/** POST /rewards/profile/opt-out, optOutOfRewards: nothing more is earned; the points held may still be redeemed. */
@injectable()
export class OptOutOperation implements Operation<NoInput, ProfileView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RewardsRepository) private readonly repo: RewardsRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(_input: NoInput, ctx: RequestContext): Promise<ProfileView> {
    return this.uow.run(async (tx) => {
      const teamId = ctx.actor.teamId;
      const profile = await this.repo.lockProfile(tx, teamId);
      if (!profile) throw new NotFoundError('reward profile', teamId);
      const next = optedOut(profile, this.clock.now());
      await this.repo.saveProfile(tx, next);
      const view = profileView(next);
      await tx.append([{ type: RewardsOptedOut.name, teamId, aggregateType: 'reward_profile', aggregateId: teamId, payload: view }]);
      return view;
    });
  }
}

/** GET /rewards/profile, rewardProfile: 404 until the team first opts in. */
@injectable()
export class GetProfileOperation implements Operation<NoInput, ProfileView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RewardsRepository) private readonly repo: RewardsRepository,
  ) {}

  execute(_input: NoInput, ctx: RequestContext): Promise<ProfileView> {
    return this.uow.readOnly(async (tx) => {
      const profile = await this.repo.findProfile(tx, ctx.actor.teamId);
      if (!profile) throw new NotFoundError('reward profile', ctx.actor.teamId);
      return profileView(profile);
    });
  }
}

/** GET /rewards/earnings, rewardEarnings: the team's earnings, newest first. */
@injectable()
export class ListEarningsOperation implements Operation<ListInput, Page<EarningView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RewardsRepository) private readonly repo: RewardsRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: ListInput, ctx: RequestContext): Promise<Page<EarningView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), (one: EarningRecord) => earningView(one, this.assets), (tx, page) => this.repo.listEarnings(tx, ctx.actor.teamId, page));
  }
}
