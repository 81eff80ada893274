import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { graphqlInputType, graphqlObjectType, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  CloseRound,
  GetInvestment,
  GetRound,
  Invest,
  InvestmentView,
  ListInvestments,
  ListRounds,
  OpenRound,
  OpenRoundInput,
  RoundReportView,
  RoundView,
} from '../operations.js';

/**
 * The cgo domain: investment rounds and the team's investments, through the
 * operations REST uses. Types are derived from the operations' zod views,
 * so they match REST field for field.
 */
const RoundType = graphqlObjectType('CgoRound', RoundView);
const RoundReportType = graphqlObjectType('CgoRoundReport', RoundReportView);
const InvestmentType = graphqlObjectType('CgoInvestment', InvestmentView);
const OpenRoundInputType = graphqlInputType('OpenCgoRoundInput', OpenRoundInput);

@ObjectType('CgoRoundPage')
export class CgoRoundPage {
  @Field(() => [RoundType]) data!: RoundView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@ObjectType('CgoInvestmentPage')
export class CgoInvestmentPage {
  @Field(() => [InvestmentType]) data!: InvestmentView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@Resolver()
export class CgoResolver {
  @Query(() => RoundType, { description: 'An investment round: its terms and status (rounds are the bank’s; never who invested).' })
  cgoRound(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<RoundView> {
    return ctx.run(GetRound, { id });
  }

  @Query(() => CgoRoundPage, { description: 'Every investment round, newest first.' })
  async cgoRounds(
    @Ctx() ctx: GraphqlContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<CgoRoundPage> {
    const result = await ctx.run(ListRounds, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => InvestmentType, { description: 'One of the team’s investments with its allocation (not_found for another team’s).' })
  cgoInvestment(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<InvestmentView> {
    return ctx.run(GetInvestment, { id });
  }

  @Query(() => CgoInvestmentPage, { description: 'The team’s investments, newest first, optionally in one round.' })
  async cgoInvestments(
    @Ctx() ctx: GraphqlContext,
    @Arg('round_id', () => ID, { nullable: true }) roundId?: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<CgoInvestmentPage> {
    const result = await ctx.run(ListInvestments, { ...pageArgs(first, page), ...(roundId ? { round_id: roundId } : {}) });
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => InvestmentType, { description: 'Invests in an open round: units × price paid from the account into escrow (as POST /cgo/rounds/{id}/investments).' })
  cgoInvest(
    @Ctx() ctx: GraphqlContext,
    @Arg('round_id', () => ID) roundId: string,
    @Arg('account_id', () => ID) accountId: string,
    @Arg('units', () => Int) units: number,
  ): Promise<InvestmentView> {
    return ctx.run(Invest, { id: roundId, account_id: accountId, units });
  }

  @Mutation(() => RoundType, { description: 'Opens an investment round (operator key), as POST /admin/cgo/rounds.' })
  openCgoRound(@Ctx() ctx: GraphqlContext, @Arg('input', () => OpenRoundInputType) input: OpenRoundInput): Promise<RoundView> {
    return ctx.run(OpenRound, { ...input });
  }

  @Mutation(() => RoundReportType, { description: 'Closes a round now and allocates every investment (operator key), as POST /admin/cgo/rounds/{id}/close.' })
  closeCgoRound(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<RoundReportView> {
    return ctx.run(CloseRound, { id });
  }
}

export const cgoGraphql: readonly GraphqlContribution[] = [{ domain: 'cgo', resolvers: [CgoResolver] }];
