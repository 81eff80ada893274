import { Ctx, Field, Float, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphqlContext } from '../../../kit/graphql.js';
import * as ops from '../operations.js';

/** The GCU at a glance, as GET /gcu (names starting with a digit become change_24h …). */
@ObjectType()
export class GcuComponentValue {
  @Field(() => String)
  asset_code!: string;
  @Field(() => String)
  asset_name!: string;
  @Field(() => Float, { description: 'Target weight as a fraction.' })
  weight!: number;
  @Field(() => Float, { description: 'USD value of the component in one unit.' })
  value_contribution!: number;
}

@ObjectType()
export class GcuStatistics {
  @Field(() => String, { description: 'Units outstanding across all teams, exact.' })
  total_supply!: string;
  @Field(() => Int, { description: 'Teams holding GCU (holdings projection).' })
  holders_count!: number;
  @Field(() => Float, { description: 'Percent.' })
  change_24h!: number;
  @Field(() => Float, { description: 'Percent.' })
  change_7d!: number;
  @Field(() => Float, { description: 'Percent.' })
  change_30d!: number;
}

@ObjectType()
export class GcuGovernance {
  @Field(() => Float)
  quorum!: number;
  @Field(() => Float)
  approval_threshold!: number;
  @Field(() => [ID])
  active_proposals!: string[];
}

@ObjectType({ description: 'Compose/decompose rounding limits at current prices.' })
export class GcuExchangeLimits {
  @Field(() => String, { description: 'Largest share of the value an exchange may lose to rounding, decimal fraction.' })
  max_rounding_cost!: string;
  @Field(() => String, { description: 'Composing at least this many units always passes the rounding rule.' })
  minimum_compose!: string;
  @Field(() => String, { description: 'Decomposing at least this many units always passes the rounding rules.' })
  minimum_decompose!: string;
}

@ObjectType()
export class GcuInfo {
  @Field(() => String)
  code!: string;
  @Field(() => String)
  name!: string;
  @Field(() => String)
  symbol!: string;
  @Field(() => Float)
  current_value!: number;
  @Field(() => String)
  current_value_decimal!: string;
  @Field(() => String)
  value_currency!: string;
  @Field(() => Int)
  version!: number;
  @Field(() => String, { nullable: true })
  last_rebalanced!: string | null;
  @Field(() => String)
  next_rebalance!: string;
  @Field(() => [GcuComponentValue])
  composition!: GcuComponentValue[];
  @Field(() => GcuStatistics)
  statistics!: GcuStatistics;
  @Field(() => GcuGovernance)
  governance!: GcuGovernance;
  @Field(() => GcuExchangeLimits)
  exchange!: GcuExchangeLimits;
}

@Resolver()
export class GcuInfoResolver {
  @Query(() => GcuInfo, { description: 'The GCU at a glance (as GET /gcu).' })
  async gcu(@Ctx() ctx: GraphqlContext): Promise<GcuInfo> {
    const info = await ctx.run(ops.GetGcu, {});
    const s = info.statistics;
    return { ...info, statistics: { total_supply: s.total_supply, holders_count: s.holders_count, change_24h: s['24h_change'], change_7d: s['7d_change'], change_30d: s['30d_change'] } };
  }
}
