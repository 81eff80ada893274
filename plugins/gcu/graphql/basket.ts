import { Arg, Ctx, Field, Float, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphqlContext } from '../../../kit/graphql.js';
import { AppError } from '../../../kernel/public.js';
import * as ops from '../operations.js';
import type { BasketExchangeView, CompositionView } from '../operations.js';

/**
 * The basket domain: baskets, the GCU's composition and value history, and
 * compose/decompose, all through the same operations as REST. GraphQL names
 * cannot start with a digit, so 24h_change is change_24h here.
 */
@ObjectType()
export class AssetAmount {
  @Field(() => String)
  asset_code!: string;
  @Field(() => String, { description: 'Decimal string.' })
  amount!: string;
}

@ObjectType({ description: 'One component of a basket unit.' })
export class BasketComponent {
  @Field(() => String)
  asset_code!: string;
  @Field(() => String)
  asset_name!: string;
  @Field(() => String)
  asset_type!: string;
  @Field(() => Float, { description: 'Target weight as a fraction.' })
  weight!: number;
  @Field(() => String, { description: 'Target weight, exact decimal fraction.' })
  weight_decimal!: string;
  @Field(() => String, { description: 'Quantity of the asset in one unit, 18 decimals.' })
  quantity_per_unit!: string;
  @Field(() => Float, { description: 'Rounded to 6 decimals for display; current_price_usd_decimal is exact.' })
  current_price_usd!: number;
  @Field(() => String, { description: 'USD per whole unit of the asset, exact decimal string.' })
  current_price_usd_decimal!: string;
  @Field(() => Float)
  value_contribution_usd!: number;
  @Field(() => Float)
  percentage_of_basket!: number;
  @Field(() => Float)
  change_24h!: number;
  @Field(() => Float)
  change_7d!: number;
}

@ObjectType()
export class Rebalancing {
  @Field(() => String)
  frequency!: string;
  @Field(() => String, { nullable: true, description: 'ISO 8601; null before the first rebalancing.' })
  last_rebalanced!: string | null;
  @Field(() => String, { description: 'ISO 8601.' })
  next_rebalance!: string;
  @Field(() => Boolean)
  automatic!: boolean;
}

@ObjectType()
export class BasketPerformance {
  @Field(() => Float)
  change_24h_usd!: number;
  @Field(() => Float)
  change_24h_percent!: number;
  @Field(() => Float)
  change_7d_usd!: number;
  @Field(() => Float)
  change_7d_percent!: number;
  @Field(() => Float)
  change_30d_usd!: number;
  @Field(() => Float)
  change_30d_percent!: number;
}

@ObjectType({ description: 'The composition response (GET /gcu/composition).' })
export class BasketComposition {
  @Field(() => String)
  basket_code!: string;
  @Field(() => String)
  last_updated!: string;
  @Field(() => Float)
  total_value_usd!: number;
  @Field(() => String)
  total_value_usd_decimal!: string;
  @Field(() => [BasketComponent])
  composition!: BasketComponent[];
  @Field(() => Rebalancing)
  rebalancing!: Rebalancing;
  @Field(() => BasketPerformance)
  performance!: BasketPerformance;
}

@ObjectType()
export class Basket {
  @Field(() => String)
  code!: string;
  @Field(() => String)
  name!: string;
  @Field(() => String)
  symbol!: string;
  @Field(() => String)
  description!: string;
  @Field(() => Int)
  version!: number;
  @Field(() => Float)
  value_usd!: number;
  @Field(() => String)
  value_usd_decimal!: string;
  @Field(() => BasketComposition)
  composition!: BasketComposition;
}

@ObjectType()
export class ValuePoint {
  @Field(() => String, { description: 'Bucket start, ISO 8601.' })
  timestamp!: string;
  @Field(() => String)
  sampled_at!: string;
  @Field(() => Float)
  value!: number;
  @Field(() => String)
  value_decimal!: string;
  @Field(() => Float, { description: 'Percent vs the previous bucket.' })
  change!: number;
}

@ObjectType()
export class ValueHistory {
  @Field(() => String)
  basket_code!: string;
  @Field(() => String)
  period!: string;
  @Field(() => String)
  interval!: string;
  @Field(() => Float)
  start_value!: number;
  @Field(() => Float)
  end_value!: number;
  @Field(() => Float)
  total_change!: number;
  @Field(() => Float)
  total_change_percent!: number;
  @Field(() => [ValuePoint])
  points!: ValuePoint[];
}

@ObjectType({ description: 'A compose or decompose, one ledger movement.' })
export class BasketExchange {
  @Field(() => ID)
  account_uuid!: string;
  @Field(() => String)
  basket_code!: string;
  @Field(() => String, { description: 'compose or decompose.' })
  direction!: string;
  @Field(() => String)
  basket_amount!: string;
  @Field(() => [AssetAmount], { description: 'Component amounts debited (compose) or credited (decompose).' })
  components!: AssetAmount[];
  @Field(() => String, { description: 'USD credited (decompose) for what the components were worth below their minor units, rounded down to the cent; "0.00" on compose.' })
  cash_in_lieu_usd!: string;
  @Field(() => Int)
  basket_version!: number;
  @Field(() => ID)
  movement_uuid!: string;
  @Field(() => String, { description: 'USD value of the basket units at current prices, 8 decimals.' })
  value_usd!: string;
  @Field(() => String, { description: 'USD value of what rounding the components to whole minor units took from the customer, 8 decimals.' })
  rounding_cost_usd!: string;
  @Field(() => String)
  completed_at!: string;
}

@InputType('BasketExchangeInput')
export class BasketExchangeArgs {
  @Field(() => ID)
  account_id!: string;
  @Field(() => String)
  basket_code!: string;
  @Field(() => String, { description: 'Basket units, decimal string at the basket precision.' })
  amount!: string;
}

@Resolver()
export class BasketResolver {
  @Query(() => [Basket])
  async baskets(@Ctx() ctx: GraphqlContext): Promise<Basket[]> {
    const list = await ctx.run(ops.ListBaskets, {});
    const out: Basket[] = [];
    for (const item of list) out.push((await this.basket(item.code, ctx))!);
    return out;
  }

  @Query(() => Basket, { nullable: true, description: 'One basket; null for unknown codes.' })
  async basket(@Arg('code', () => String) code: string, @Ctx() ctx: GraphqlContext): Promise<Basket | null> {
    const detail = await orNull(ctx.run(ops.GetBasket, { basket_code: code }));
    if (!detail) return null;
    return { ...detail, composition: compositionOf({ ...detail, basket_code: detail.code, total_value_usd: detail.value_usd, total_value_usd_decimal: detail.value_usd_decimal }) };
  }

  @Query(() => BasketComposition, { description: 'The GCU composition with every field computed.' })
  async gcuComposition(@Ctx() ctx: GraphqlContext): Promise<BasketComposition> {
    return compositionOf(await ctx.run(ops.GetComposition, {}));
  }

  @Query(() => ValueHistory, { description: 'period: 24h, 7d, 30d, 90d, 1y, all; interval: hourly, daily, weekly, monthly.' })
  gcuValueHistory(
    @Arg('period', () => String, { nullable: true }) period: string | undefined,
    @Arg('interval', () => String, { nullable: true }) interval: string | undefined,
    @Ctx() ctx: GraphqlContext,
  ): Promise<ValueHistory> {
    return ctx.run(ops.GetValueHistory, { period: period ?? undefined, interval: interval ?? undefined });
  }

  @Mutation(() => BasketExchange, { description: 'Exchanges component assets for basket units (as POST /accounts/{id}/baskets/compose).' })
  async composeBasket(@Arg('input', () => BasketExchangeArgs) input: BasketExchangeArgs, @Ctx() ctx: GraphqlContext): Promise<BasketExchange> {
    return exchangeOf(await ctx.run(ops.Compose, { id: input.account_id, basket_code: input.basket_code, amount: input.amount }));
  }

  @Mutation(() => BasketExchange, { description: 'Exchanges basket units back for their components.' })
  async decomposeBasket(@Arg('input', () => BasketExchangeArgs) input: BasketExchangeArgs, @Ctx() ctx: GraphqlContext): Promise<BasketExchange> {
    return exchangeOf(await ctx.run(ops.Decompose, { id: input.account_id, basket_code: input.basket_code, amount: input.amount }));
  }
}

function compositionOf(c: CompositionView): BasketComposition {
  return {
    basket_code: c.basket_code,
    last_updated: c.last_updated,
    total_value_usd: c.total_value_usd,
    total_value_usd_decimal: c.total_value_usd_decimal,
    composition: c.composition.map((row) => ({ ...row, change_24h: row['24h_change'], change_7d: row['7d_change'] })),
    rebalancing: c.rebalancing,
    performance: {
      change_24h_usd: c.performance['24h_change_usd'],
      change_24h_percent: c.performance['24h_change_percent'],
      change_7d_usd: c.performance['7d_change_usd'],
      change_7d_percent: c.performance['7d_change_percent'],
      change_30d_usd: c.performance['30d_change_usd'],
      change_30d_percent: c.performance['30d_change_percent'],
    },
  };
}

function exchangeOf(view: BasketExchangeView): BasketExchange {
  return { ...view, components: Object.entries(view.components).map(([asset_code, amount]) => ({ asset_code, amount })) };
}

/** A 404 becomes null (as core banking's resolvers do); every other error stays an error. */
export async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}
