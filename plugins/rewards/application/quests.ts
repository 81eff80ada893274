import { inject, injectable } from 'inversify';
import { Clock, Ids, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { period, type QuestRecord } from '../domain/rewards.js';
import type { CreateQuestInput, NoInput, QuestView } from '../operations.js';
import { QuestCreated } from '../events.js';
import { RewardsRepository } from '../ports.js';
import { questView } from './views.js';

/** GET /rewards/quests, rewardQuests: every quest with the calling team's progress this month (by the clock, UTC). */
@injectable()
export class ListQuestsOperation implements Operation<NoInput, QuestView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RewardsRepository) private readonly repo: RewardsRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(_input: NoInput, ctx: RequestContext): Promise<QuestView[]> {
    const month = period(this.clock.now());
    return this.uow.readOnly(async (tx) => {
      const progress = await this.repo.progress(tx, ctx.actor.teamId, month);
      return (await this.repo.quests(tx)).map((quest) => questView(quest, month, progress.find((one) => one.questId === quest.id)));
    });
  }
}

/**
 * POST /rewards/quests, createRewardQuest (operator): a quest every
 * enrolled team can complete once a month. Quests are the bank's, so no
 * team owns one; it counts from the moment it exists.
 */
@injectable()
export class CreateQuestOperation implements Operation<CreateQuestInput, QuestView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(RewardsRepository) private readonly repo: RewardsRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: CreateQuestInput, ctx: RequestContext): Promise<QuestView> {
    const now = this.clock.now();
    const quest: QuestRecord = { id: this.ids.uuid(), name: input.name, event: input.event, target: input.target, bonusPoints: BigInt(input.bonus_points), createdAt: now };
    return this.uow.run(async (tx) => {
      await this.repo.insertQuest(tx, quest);
      const view = questView(quest, period(now), undefined);
      await tx.append([{ type: QuestCreated.name, teamId: ctx.actor.teamId, aggregateType: 'reward_quest', aggregateId: quest.id, payload: view }]);
      return view;
    });
  }
}
