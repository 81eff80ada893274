import { eventType } from '../../kernel/public.js';
import { earningView, profileView, questView, redemptionView } from './operations.js';

/** Every state change of a reward profile commits with one of these (to the profile's team). */
const group = 'Rewards';

export const RewardsEnrolled = eventType({ name: 'rewards.enrolled', version: 1, group, description: 'The team opted in to rewards: its spending earns points from now on.', emittedBy: 'POST /rewards/profile, enrollRewards', payload: profileView, webhook: true });
export const RewardsOptedOut = eventType({ name: 'rewards.opted_out', version: 1, group, description: 'The team opted out: it earns nothing more, and keeps the points it holds.', emittedBy: 'POST /rewards/profile/opt-out, optOutOfRewards', payload: profileView, webhook: true });
export const PointsEarned = eventType({
  name: 'rewards.points.earned',
  version: 1,
  group,
  description: 'Spend (a card capture or an invoice payment) or a completed quest earned points.',
  emittedBy: 'the rewards consumer of card.authorization.captured and commerce.invoice.payment_sent',
  payload: earningView,
  webhook: true,
});
export const QuestCompleted = eventType({ name: 'rewards.quest.completed', version: 1, group, description: 'The team reached a quest’s target this month; its bonus was earned.', emittedBy: 'the rewards consumer', payload: questView, webhook: true });
export const PointsRedeemed = eventType({ name: 'rewards.points.redeemed', version: 1, group, description: 'Points were redeemed into cashback paid to one of the team’s accounts.', emittedBy: 'POST /rewards/redemptions, redeemRewardPoints', payload: redemptionView, webhook: true });

export const QuestCreated = eventType({
  name: 'rewards.quest.created',
  version: 1,
  group,
  description: 'An operator created a quest (recorded under the operator’s team: quests are the bank’s, open to every enrolled team).',
  emittedBy: 'POST /rewards/quests, createRewardQuest',
  payload: questView,
  webhook: false,
});

export const rewardsEvents = [QuestCreated, RewardsEnrolled, RewardsOptedOut, PointsEarned, QuestCompleted, PointsRedeemed];
