import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import {
  CreateQuest,
  createQuestInput,
  earningView,
  Enroll,
  GetProfile,
  ListEarnings,
  listInput,
  ListQuests,
  ListRedemptions,
  OptOut,
  profileView,
  questView,
  Redeem,
  redeemInput,
  redemptionView,
} from './operations.js';

export const rewardsRouteTags: readonly RouteTag[] = [
  {
    name: 'Rewards',
    description:
      'A team’s opt-in reward profile: points earned on card captures and invoice payments, monthly quests with bonuses, and redemption of points into cashback ([rewards.md](rewards.md)).',
  },
];
const tags = ['Rewards'];
const v2 = ['v2'] as const;

export const rewardsRoutes: readonly RouteDeclaration[] = [
  route({ method: 'POST', path: '/rewards/profile', prefixes: v2, access: 'write', response: profileView, status: 201, operation: Enroll, summary: 'Opt in to rewards', description: 'From now on the team’s card captures and invoice payments earn points. 409 rewards_enrolled.', tags }),
  route({ method: 'GET', path: '/rewards/profile', prefixes: v2, access: 'read', response: profileView, operation: GetProfile, summary: 'The team’s reward profile', description: 'Points held and earned in all; 404 before the team first opts in.', tags }),
  route({
    method: 'POST',
    path: '/rewards/profile/opt-out',
    prefixes: v2,
    access: 'write',
    response: profileView,
    operation: OptOut,
    summary: 'Opt out of rewards',
    description: 'Nothing more is earned; the points held may still be redeemed. 409 rewards_opted_out, 404 before opting in.',
    tags,
  }),
  route({ method: 'GET', path: '/rewards/earnings', prefixes: v2, access: 'read', query: listInput, response: z.array(earningView), operation: ListEarnings, summary: 'The team’s earnings', description: 'Newest first: each spend or quest bonus that earned points.', tags }),
  route({ method: 'GET', path: '/rewards/quests', prefixes: v2, access: 'read', response: z.array(questView), operation: ListQuests, summary: 'Quests and the team’s progress this month', description: 'Every quest of the bank with the calling team’s count of qualifying events in the current calendar month (UTC).', tags }),
  route({
    method: 'POST',
    path: '/rewards/quests',
    prefixes: v2,
    access: 'operator',
    body: createQuestInput,
    response: questView,
    status: 201,
    operation: CreateQuest,
    summary: 'Create a quest (operator)',
    description: 'A monthly quest: `target` qualifying events (`card_capture` or `invoice_payment`) in one calendar month earn `bonus_points`, once a month per team.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/rewards/redemptions',
    prefixes: v2,
    access: 'write',
    body: redeemInput,
    response: redemptionView,
    status: 201,
    operation: Redeem,
    summary: 'Redeem points into cashback',
    description: 'Pays `points × cashback_per_point` of the cashback asset from the bank’s rewards-expense account to one of the team’s active accounts. 422 insufficient_points or below_minimum_redemption (pointer /points); 404 for another team’s account.',
    tags,
  }),
  route({ method: 'GET', path: '/rewards/redemptions', prefixes: v2, access: 'read', query: listInput, response: z.array(redemptionView), operation: ListRedemptions, summary: 'The team’s redemptions', description: 'Newest first.', tags }),
];
