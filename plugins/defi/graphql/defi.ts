import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, type GraphqlContext } from '../../../kit/graphql.js';
import { ExecuteSwap, QuoteSwapV1, ReadSwap, ReadSwapQuote, type ExecuteSwapBody, type SwapQuoteV1Input, type SwapQuoteView, type SwapView } from '../operations.js';

/** The DeFi domain: swap quotes through the same operation as POST /v1/defi/swap/quote (graphql-views.test.ts pairs the types with its zod views). */
@ObjectType('SwapRoute', { description: 'The route a quote takes: one DEX, its pools in order.' })
export class SwapRouteType {
  @Field(() => String, { description: 'uniswap_v3, sushiswap or curve.' })
  dex!: string;
  @Field(() => [String], { description: 'Tokens from in to out; three when the route passes through WETH or USDC.' })
  path!: string[];
  @Field(() => [String], { description: 'Pool ids: <chain>:<dex>:<tokens>:<fee in millionths>.' })
  pools!: string[];
  @Field(() => Int, { nullable: true, description: 'Fee of the route’s pools in millionths when they share one.' })
  fee_tier!: number | null;
}

@ObjectType('AlternativeRoute', { description: 'The best route of another DEX.' })
export class AlternativeRouteType {
  @Field(() => String)
  dex!: string;
  @Field(() => String, { description: 'Decimal string.' })
  estimated_output!: string;
  @Field(() => String, { description: 'Percent with 4 decimals.' })
  price_impact_percent!: string;
}

@ObjectType('SwapQuote', { description: 'An aggregated swap quote, stored for the team until it expires.' })
export class SwapQuoteType {
  @Field(() => String)
  quote_id!: string;
  @Field(() => String)
  chain!: string;
  @Field(() => String)
  token_in!: string;
  @Field(() => String)
  token_out!: string;
  @Field(() => String, { description: 'Decimal string.' })
  amount_in!: string;
  @Field(() => String, { description: 'What the best route pays, pool fees taken.' })
  estimated_output!: string;
  @Field(() => String, { nullable: true, description: 'estimated_output less slippage_tolerance, when one was given.' })
  minimum_output!: string | null;
  @Field(() => String, { description: 'Percent with 4 decimals.' })
  price_impact_percent!: string;
  @Field(() => String, { description: 'USD, 6 decimals.' })
  estimated_gas_usd!: string;
  @Field(() => SwapRouteType)
  best_route!: SwapQuoteView['best_route'];
  @Field(() => [AlternativeRouteType])
  alternative_routes!: SwapQuoteView['alternative_routes'];
  @Field(() => DateTimeScalar)
  quote_expires_at!: string;
}

@InputType('QuoteSwapInput')
export class QuoteSwapInputType implements SwapQuoteV1Input {
  @Field(() => String, { description: 'Chain name or CAIP-2 id.' })
  chain!: string;
  @Field(() => String)
  token_in!: string;
  @Field(() => String)
  token_out!: string;
  @Field(() => String, { description: 'Decimal string at the token’s decimals.' })
  amount_in!: string;
  @Field(() => String, { nullable: true, description: 'Fraction 0 to 0.5 as a decimal string, e.g. "0.005".' })
  slippage_tolerance?: string;
  @Field(() => [String], { nullable: true, description: 'uniswap_v3 (or uniswap), sushiswap, curve; all when left out.' })
  dex_sources?: string[];
}

@ObjectType('Swap', { description: 'An executed swap; submitted until its chain transaction is final, confirmed then.' })
export class SwapType {
  @Field(() => ID)
  swap_id!: string;
  @Field(() => ID)
  quote_id!: string;
  @Field(() => String, { description: 'submitted or confirmed.' })
  status!: string;
  @Field(() => String, { description: 'The chain transaction that paid the first pool.' })
  tx_hash!: string;
  @Field(() => String)
  chain!: string;
  @Field(() => ID)
  account_id!: string;
  @Field(() => String)
  token_in!: string;
  @Field(() => String)
  token_out!: string;
  @Field(() => String, { description: 'Decimal string.' })
  amount_in!: string;
  @Field(() => String, { description: 'What the quote promised.' })
  expected_output!: string;
  @Field(() => String, { description: 'What the pools paid.' })
  amount_out!: string;
  @Field(() => String, { description: 'The least output accepted.' })
  minimum_output!: string;
  @Field(() => String)
  dex!: string;
  @Field(() => [String])
  path!: string[];
  @Field(() => String, { description: 'Decimal string, 9 decimals.' })
  gas_price_gwei!: string;
  @Field(() => DateTimeScalar)
  created_at!: string;
}

@InputType('ExecuteSwapInput')
export class ExecuteSwapInputType implements ExecuteSwapBody {
  @Field(() => String)
  from_token!: string;
  @Field(() => String)
  to_token!: string;
  @Field(() => String, { description: 'Decimal string at the token’s decimals.' })
  amount!: string;
  @Field(() => Int, { nullable: true, description: 'Basis points the output may fall short of the quote (default 50).' })
  slippage_bps?: number;
  @Field(() => String, { nullable: true, description: 'Chain name or CAIP-2 id; default ethereum.' })
  chain?: string;
  @Field(() => ID, { nullable: true, description: 'The account whose holdings move; default the team’s oldest active account.' })
  account_id?: string;
}

@Resolver()
export class DefiResolver {
  @Query(() => SwapType, { description: 'A swap of the team with its status now.' })
  swap(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<SwapView> {
    return ctx.run(ReadSwap, { id });
  }

  @Mutation(() => SwapType, { description: 'Quotes over every DEX and executes at once (as POST /api/v2/defi/swap/execute).' })
  executeSwap(@Ctx() ctx: GraphqlContext, @Arg('input', () => ExecuteSwapInputType) input: ExecuteSwapInputType): Promise<SwapView> {
    return ctx.run(ExecuteSwap, { ...input });
  }

  @Query(() => SwapQuoteType, { description: 'A stored quote of the team, expired or not.' })
  swapQuote(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<SwapQuoteView> {
    return ctx.run(ReadSwapQuote, { id });
  }

  @Mutation(() => SwapQuoteType, { description: 'Quotes a swap over the chosen DEXes and stores the quote (it expires).' })
  quoteSwap(@Ctx() ctx: GraphqlContext, @Arg('input', () => QuoteSwapInputType) input: QuoteSwapInputType): Promise<SwapQuoteView> {
    return ctx.run(QuoteSwapV1, { ...input });
  }
}

