import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { graphqlInputType, graphqlObjectType, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  AddLiquidity,
  AddLiquidityBody,
  ExecuteSwapV1,
  ExecuteSwapV1Input,
  FlashLoan,
  FlashLoanBody,
  FlashLoanView,
  GetPortfolio,
  GetSwapQuote,
  Harvest,
  ListLiquidity,
  ListYieldPositions,
  LiquidityPositionView,
  PortfolioView,
  ReadLiquidity,
  ReadYieldPosition,
  RemoveLiquidity,
  Stake,
  StakeBody,
  Unstake,
  YieldPositionView,
  type SwapQuoteView,
  type SwapView,
} from '../operations.js';
import { DefiResolver, SwapQuoteType, SwapType } from './defi.js';

/**
 * The rest of the DeFi REST operations in the defi domain: the quote of
 * GET /defi/swap/quote, executing a stored quote (v1), flash loans,
 * liquidity and yield positions, and the portfolio. Types are derived from
 * the operations' zod views, so they match REST field for field.
 */
const FlashLoanType = graphqlObjectType('FlashLoan', FlashLoanView);
const LiquidityPositionType = graphqlObjectType('LiquidityPosition', LiquidityPositionView);
const YieldPositionType = graphqlObjectType('YieldPosition', YieldPositionView);
const PortfolioType = graphqlObjectType('DefiPortfolio', PortfolioView);
const FlashLoanInputType = graphqlInputType('FlashLoanInput', FlashLoanBody);
const AddLiquidityInputType = graphqlInputType('AddLiquidityInput', AddLiquidityBody);
const StakeInputType = graphqlInputType('StakeInput', StakeBody);
const ExecuteQuotedSwapInputType = graphqlInputType('ExecuteQuotedSwapInput', ExecuteSwapV1Input);

@Resolver()
export class DefiPositionsResolver {
  @Query(() => SwapQuoteType, { description: 'The best route over every DEX for a swap now, stored as a quote (as GET /api/v2/defi/swap/quote).' })
  swapQuoteFor(
    @Ctx() ctx: GraphqlContext,
    @Arg('from', () => String) from: string,
    @Arg('to', () => String) to: string,
    @Arg('amount', () => String) amount: string,
    @Arg('chain', () => String, { nullable: true }) chain?: string,
  ): Promise<SwapQuoteView> {
    return ctx.run(GetSwapQuote, { from, to, amount, ...(chain === undefined || chain === null ? {} : { chain }) });
  }

  @Mutation(() => SwapType, { description: 'Executes a stored quote from a deposit address of the team (as POST /api/v1/defi/swap/execute).' })
  executeQuotedSwap(@Ctx() ctx: GraphqlContext, @Arg('input', () => ExecuteQuotedSwapInputType) input: ExecuteSwapV1Input): Promise<SwapView> {
    return ctx.run(ExecuteSwapV1, { ...input });
  }

  @Mutation(() => FlashLoanType, { description: 'Borrows, runs the operations and repays with the premium in one movement, or reverts (as POST /api/v2/defi/flash-loan).' })
  flashLoan(@Ctx() ctx: GraphqlContext, @Arg('input', () => FlashLoanInputType) input: FlashLoanBody): Promise<FlashLoanView> {
    return ctx.run(FlashLoan, { ...input });
  }

  @Mutation(() => LiquidityPositionType, { description: 'Adds liquidity to a pool in its proportions (as POST /api/v2/defi/liquidity).' })
  addLiquidity(@Ctx() ctx: GraphqlContext, @Arg('input', () => AddLiquidityInputType) input: AddLiquidityBody): Promise<LiquidityPositionView> {
    return ctx.run(AddLiquidity, { ...input });
  }

  @Mutation(() => LiquidityPositionType, { description: 'Removes a position’s liquidity with its share of the fees.' })
  removeLiquidity(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<LiquidityPositionView> {
    return ctx.run(RemoveLiquidity, { id });
  }

  @Query(() => LiquidityPositionType, { description: 'A liquidity position of the team, valued now.' })
  liquidityPosition(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<LiquidityPositionView> {
    return ctx.run(ReadLiquidity, { id });
  }

  @Query(() => [LiquidityPositionType], { description: 'The team’s liquidity positions.' })
  liquidityPositions(@Ctx() ctx: GraphqlContext): Promise<LiquidityPositionView[]> {
    return ctx.run(ListLiquidity, {});
  }

  @Mutation(() => YieldPositionType, { description: 'Stakes or farms tokens in a program (as POST /api/v2/defi/staking).' })
  stake(@Ctx() ctx: GraphqlContext, @Arg('input', () => StakeInputType) input: StakeBody): Promise<YieldPositionView> {
    return ctx.run(Stake, { ...input });
  }

  @Mutation(() => YieldPositionType, { description: 'Pays a yield position’s accrued rewards to its account.' })
  harvestYield(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<YieldPositionView> {
    return ctx.run(Harvest, { id });
  }

  @Mutation(() => YieldPositionType, { description: 'Closes a yield position: the stake and its rewards back to the account.' })
  unstake(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<YieldPositionView> {
    return ctx.run(Unstake, { id });
  }

  @Query(() => YieldPositionType, { description: 'A staking or farming position of the team, accrued now.' })
  yieldPosition(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<YieldPositionView> {
    return ctx.run(ReadYieldPosition, { id });
  }

  @Query(() => [YieldPositionType], { description: 'The team’s staking and farming positions.' })
  yieldPositions(@Ctx() ctx: GraphqlContext): Promise<YieldPositionView[]> {
    return ctx.run(ListYieldPositions, {});
  }

  @Query(() => PortfolioType, { description: 'Every DeFi position of the team (or of one account), valued in USD now.' })
  defiPortfolio(@Ctx() ctx: GraphqlContext, @Arg('account_id', () => ID, { nullable: true }) accountId?: string): Promise<PortfolioView> {
    return ctx.run(GetPortfolio, accountId === undefined || accountId === null ? {} : { account_id: accountId });
  }
}

export const defiGraphql: readonly GraphqlContribution[] = [{ domain: 'defi', resolvers: [DefiResolver, DefiPositionsResolver] }];
