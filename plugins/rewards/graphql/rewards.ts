import { Arg, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { graphqlInputType, graphqlObjectType, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  CreateQuest,
  createQuestInput,
  earningView,
  Enroll,
  GetProfile,
  ListEarnings,
  ListQuests,
  ListRedemptions,
  OptOut,
  profileView,
  questView,
  Redeem,
  redeemInput,
  redemptionView,
  type CreateQuestInput,
  type EarningView,
  type ProfileView,
  type QuestView,
  type RedeemInput,
  type RedemptionView,
} from '../operations.js';

/**
 * The rewards domain, through the operations REST uses; types derived from
 * the zod views, so they match REST field for field.
 */
const RewardProfileType = graphqlObjectType('RewardProfile', profileView);
const RewardEarningType = graphqlObjectType('RewardEarning', earningView);
const RewardQuestType = graphqlObjectType('RewardQuest', questView);
const RewardRedemptionType = graphqlObjectType('RewardRedemption', redemptionView);
const CreateRewardQuestInputType = graphqlInputType('CreateRewardQuestInput', createQuestInput);
const RedeemRewardPointsInputType = graphqlInputType('RedeemRewardPointsInput', redeemInput);

@ObjectType('RewardEarningPage')
export class RewardEarningPage {
  @Field(() => [RewardEarningType])
  data!: EarningView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ObjectType('RewardRedemptionPage')
export class RewardRedemptionPage {
  @Field(() => [RewardRedemptionType])
  data!: RedemptionView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@Resolver()
export class RewardsResolver {
  @Query(() => RewardProfileType, { description: 'The team’s reward profile (not_found before it first opts in).' })
  rewardProfile(@Ctx() ctx: GraphqlContext): Promise<ProfileView> {
    return ctx.run(GetProfile, {});
  }

  @Query(() => RewardEarningPage, { description: 'The team’s earnings, newest first.' })
  async rewardEarnings(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<RewardEarningPage> {
    const result = await ctx.run(ListEarnings, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => [RewardQuestType], { description: 'Every quest with the team’s progress this month (UTC).' })
  rewardQuests(@Ctx() ctx: GraphqlContext): Promise<QuestView[]> {
    return ctx.run(ListQuests, {});
  }

  @Query(() => RewardRedemptionPage, { description: 'The team’s redemptions, newest first.' })
  async rewardRedemptions(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<RewardRedemptionPage> {
    const result = await ctx.run(ListRedemptions, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => RewardProfileType, { description: 'Opts the team in to rewards.' })
  enrollRewards(@Ctx() ctx: GraphqlContext): Promise<ProfileView> {
    return ctx.run(Enroll, {});
  }

  @Mutation(() => RewardProfileType, { description: 'Opts the team out: nothing more is earned.' })
  optOutOfRewards(@Ctx() ctx: GraphqlContext): Promise<ProfileView> {
    return ctx.run(OptOut, {});
  }

  @Mutation(() => RewardQuestType, { description: 'Creates a monthly quest (operator).' })
  createRewardQuest(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateRewardQuestInputType) input: CreateQuestInput): Promise<QuestView> {
    return ctx.run(CreateQuest, { ...input });
  }

  @Mutation(() => RewardRedemptionType, { description: 'Redeems points into cashback paid to one of the team’s accounts.' })
  redeemRewardPoints(@Ctx() ctx: GraphqlContext, @Arg('input', () => RedeemRewardPointsInputType) input: RedeemInput): Promise<RedemptionView> {
    return ctx.run(Redeem, { ...input });
  }
}

export const rewardsGraphql: readonly GraphqlContribution[] = [{ domain: 'rewards', resolvers: [RewardsResolver] }];
