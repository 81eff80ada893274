import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { StoredEvent } from '../../../kernel/public.js';
import { DateTimeScalar, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { ListAllocations, ReadRebalance, Rebalance, SetAllocation, type AllocationView, type RebalanceView } from '../operations.js';

/** The treasury domain: the same operations as /api/v2/treasury (graphql-views.test.ts pairs the types with their zod views). */
@ObjectType('TreasuryAllocationTarget', { description: 'One chain’s share of the token.' })
export class TreasuryAllocationTargetType {
  @Field(() => String)
  chain!: string;
  @Field(() => String, { description: 'Two decimals, e.g. "50.00".' })
  percent!: string;
}

@ObjectType('TreasuryAllocation', { description: 'A team’s target allocation of one token across chains.' })
export class TreasuryAllocationType {
  @Field(() => String)
  token!: string;
  @Field(() => [TreasuryAllocationTargetType])
  targets!: TreasuryAllocationTargetType[];
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => DateTimeScalar)
  updated_at!: string;
}

@ObjectType('TreasuryRebalanceChain', { description: 'One chain of a rebalance: before, target, expected, and after it settled.' })
export class TreasuryRebalanceChainType {
  @Field(() => String)
  chain!: string;
  @Field(() => String)
  target_percent!: string;
  @Field(() => String)
  before!: string;
  @Field(() => String)
  target!: string;
  @Field(() => String)
  expected!: string;
  @Field(() => String, { nullable: true, description: 'What it held when the last transfer settled; null before.' })
  after!: string | null;
}

@ObjectType('TreasuryRebalanceTransfer', { description: 'A bridge transfer of a rebalance.' })
export class TreasuryRebalanceTransferType {
  @Field(() => String)
  source_chain!: string;
  @Field(() => String)
  destination_chain!: string;
  @Field(() => String)
  protocol!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  fee_amount!: string;
  @Field(() => String)
  receive_amount!: string;
  @Field(() => ID, { nullable: true, description: 'The bridge transfer; null for a dry run.' })
  bridge_tx_id!: string | null;
  @Field(() => String)
  status!: string;
}

@ObjectType('TreasuryRebalance', { description: 'A rebalance of a token across chains: its plan, its bridge transfers and its result.' })
export class TreasuryRebalanceType {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  token!: string;
  @Field(() => ID)
  account_id!: string;
  @Field(() => String, { description: 'planned (dry run), executing, completed or failed.' })
  status!: string;
  @Field(() => Boolean)
  dry_run!: boolean;
  @Field(() => Int)
  tolerance_bps!: number;
  @Field(() => Boolean)
  within_tolerance_before!: boolean;
  @Field(() => Boolean)
  within_tolerance_after!: boolean;
  @Field(() => String)
  total!: string;
  @Field(() => String)
  fee_total!: string;
  @Field(() => [TreasuryRebalanceChainType])
  chains!: TreasuryRebalanceChainType[];
  @Field(() => [TreasuryRebalanceTransferType])
  transfers!: TreasuryRebalanceTransferType[];
  @Field(() => String, { nullable: true })
  failure_reason!: string | null;
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => DateTimeScalar)
  updated_at!: string;
}

@InputType('TreasuryAllocationTargetInput')
export class TreasuryAllocationTargetInputType {
  @Field(() => String, { description: 'Chain name or CAIP-2 id.' })
  chain!: string;
  @Field(() => String, { description: 'A percentage with at most two decimals, e.g. "33.33".' })
  percent!: string;
}

@InputType('SetTreasuryAllocationInput')
export class SetTreasuryAllocationInputType {
  @Field(() => String)
  token!: string;
  @Field(() => [TreasuryAllocationTargetInputType])
  targets!: TreasuryAllocationTargetInputType[];
}

@InputType('TreasuryRebalanceInput')
export class TreasuryRebalanceInputType {
  @Field(() => String)
  token!: string;
  @Field(() => ID, { nullable: true, description: 'The team’s oldest active account when left out.' })
  account_id?: string;
  @Field(() => Int, { nullable: true, description: 'Basis points of the total; the configured default when left out.' })
  tolerance_bps?: number;
  @Field(() => Boolean, { nullable: true, description: 'Plan only.' })
  dry_run?: boolean;
}

const REBALANCE_EVENTS = new Set(['treasury.rebalance.planned', 'treasury.rebalance.completed', 'treasury.rebalance.failed']);

@Resolver()
export class TreasuryResolver {
  @Query(() => [TreasuryAllocationType], { description: 'The team’s target allocations, by token.' })
  treasuryAllocations(@Ctx() ctx: GraphqlContext): Promise<AllocationView[]> {
    return ctx.run(ListAllocations, {});
  }

  @Query(() => TreasuryRebalanceType, { description: 'One rebalance of the team (not_found for another team’s).' })
  treasuryRebalance(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<RebalanceView> {
    return ctx.run(ReadRebalance, { id });
  }

  @Mutation(() => TreasuryAllocationType, { description: 'Replaces the team’s target allocation of a token; the percentages sum to 100.' })
  setTreasuryAllocation(@Ctx() ctx: GraphqlContext, @Arg('input', () => SetTreasuryAllocationInputType) input: SetTreasuryAllocationInputType): Promise<AllocationView> {
    return ctx.run(SetAllocation, { token: input.token, targets: input.targets.map((one) => ({ chain: one.chain, percent: one.percent })) });
  }

  @Mutation(() => TreasuryRebalanceType, { description: 'Plans the cheapest bridge transfers to the allocation and starts them (unless dry_run).' })
  rebalanceTreasury(@Ctx() ctx: GraphqlContext, @Arg('input', () => TreasuryRebalanceInputType) input: TreasuryRebalanceInputType): Promise<RebalanceView> {
    return ctx.run(Rebalance, {
      token: input.token,
      ...(input.account_id == null ? {} : { account_id: input.account_id }),
      ...(input.tolerance_bps == null ? {} : { tolerance_bps: input.tolerance_bps }),
      ...(input.dry_run == null ? {} : { dry_run: input.dry_run }),
    });
  }

  @Subscription(() => TreasuryRebalanceType, {
    description: 'Rebalances of the caller’s team as they are planned, complete or fail; portfolio_id is the token (USDC), all tokens without it.',
    subscribe: ({ args, context }) =>
      (context as GraphqlContext).events((event) => REBALANCE_EVENTS.has(event.type) && (args['portfolio_id'] == null || event.payload['token'] === args['portfolio_id'])),
  })
  portfolioRebalanced(@Arg('portfolio_id', () => String, { nullable: true }) _portfolioId: string | undefined, @Root() event: StoredEvent): RebalanceView {
    return event.payload as unknown as RebalanceView;
  }
}

export const treasuryGraphql: readonly GraphqlContribution[] = [{ domain: 'treasury', resolvers: [TreasuryResolver] }];
