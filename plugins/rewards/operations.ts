import { z } from 'zod';
import { decimal, pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * The rewards operations: one token each, shared by REST and GraphQL, and
 * the zod schema of every input and view (GraphQL types are derived from
 * them in graphql/). Points are whole numbers, written as decimal strings
 * (they are bigints inside).
 */
const AT = '2026-11-25T09:30:00Z';
const EXAMPLE_ID = '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34';
const points = z.string().regex(/^(0|[1-9][0-9]*)$/).describe('A whole number of points, as a string.');

export const profileView = z
  .object({ status: z.enum(['enrolled', 'opted_out']), points, lifetime_points: points, created_at: timestamp, updated_at: timestamp })
  .strict()
  .meta({ id: 'RewardProfile', example: { status: 'enrolled', points: '1250', lifetime_points: '4000', created_at: AT, updated_at: AT } });
export type ProfileView = z.infer<typeof profileView>;

export const earningView = z
  .object({
    id: z.uuid(),
    source: z.enum(['card_capture', 'invoice_payment', 'quest_bonus']),
    source_id: z.string().describe('The card authorization, the payment movement, or `<quest id>:<YYYY-MM>` for a bonus.'),
    asset_code: z.string().nullable(),
    basis: decimal.nullable().describe('The spend this earning counts; null for a bonus.'),
    points,
    created_at: timestamp,
  })
  .strict()
  .meta({ id: 'RewardEarning', example: { id: EXAMPLE_ID, source: 'card_capture', source_id: EXAMPLE_ID, asset_code: 'USD', basis: '42.50', points: '42', created_at: AT } });
export type EarningView = z.infer<typeof earningView>;

export const questView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    event: z.enum(['card_capture', 'invoice_payment']),
    target: z.number().int(),
    bonus_points: points,
    period: z.string().describe('The calendar month (UTC) the progress is of: the current one.'),
    progress: z.number().int().describe('The team’s qualifying events this month.'),
    completed_at: timestamp.nullable(),
  })
  .strict()
  .meta({ id: 'RewardQuest', example: { id: EXAMPLE_ID, name: 'Five card captures this month', event: 'card_capture', target: 5, bonus_points: '500', period: '2026-11', progress: 3, completed_at: null } });
export type QuestView = z.infer<typeof questView>;

export const createQuestInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    event: z.enum(['card_capture', 'invoice_payment']),
    target: z.number().int().min(1).max(10_000),
    bonus_points: points,
  })
  .meta({ id: 'CreateRewardQuestInput', example: { name: 'Five card captures this month', event: 'card_capture', target: 5, bonus_points: '500' } });
export type CreateQuestInput = z.infer<typeof createQuestInput>;

export const redemptionView = z
  .object({ id: z.uuid(), points, account_id: z.uuid(), asset_code: z.string(), amount: decimal, movement_id: z.string(), created_at: timestamp })
  .strict()
  .meta({ id: 'RewardRedemption', example: { id: EXAMPLE_ID, points: '500', account_id: EXAMPLE_ID, asset_code: 'USD', amount: '5.00', movement_id: EXAMPLE_ID, created_at: AT } });
export type RedemptionView = z.infer<typeof redemptionView>;

export const redeemInput = z
  .object({ points, account_id: z.uuid().describe('The team’s active account the cashback is paid to.') })
  .meta({ id: 'RedeemRewardPointsInput', example: { points: '500', account_id: EXAMPLE_ID } });
export type RedeemInput = z.infer<typeof redeemInput>;

export const noInput = z.object({});
export type NoInput = z.infer<typeof noInput>;
export const listInput = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export type ListInput = z.infer<typeof listInput>;

export const Enroll = token<Operation<NoInput, ProfileView>>('rewards.enroll');
export const OptOut = token<Operation<NoInput, ProfileView>>('rewards.opt-out');
export const GetProfile = token<Operation<NoInput, ProfileView>>('rewards.get-profile');
export const ListEarnings = token<Operation<ListInput, Page<EarningView>>>('rewards.list-earnings');
export const ListQuests = token<Operation<NoInput, QuestView[]>>('rewards.list-quests');
export const CreateQuest = token<Operation<CreateQuestInput, QuestView>>('rewards.create-quest');
export const Redeem = token<Operation<RedeemInput, RedemptionView>>('rewards.redeem-points');
export const ListRedemptions = token<Operation<ListInput, Page<RedemptionView>>>('rewards.list-redemptions');
