import { Arg, Ctx, Field, ID, InputType, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { BorrowLending, CloseLendingPosition, ListLendingPositions, ReadLendingPosition, SupplyLending, type LendingBody, type LendingList, type LendingPositionView } from '../operations.js';

/** The lending domain: the same operations as /api/v2/defi/lending (graphql-views.test.ts pairs the types with their zod views). */
@ObjectType('LendingPosition', { description: 'A supply to or borrow from the simulated lending market, valued now.' })
export class LendingPositionType {
  @Field(() => ID)
  position_id!: string;
  @Field(() => String, { description: 'lending_supply or lending_borrow.' })
  type!: LendingPositionView['type'];
  @Field(() => String, { description: 'open or closed.' })
  status!: LendingPositionView['status'];
  @Field(() => ID)
  account_id!: string;
  @Field(() => String)
  chain!: string;
  @Field(() => String)
  token!: string;
  @Field(() => String, { description: 'Decimal string: what was supplied or borrowed.' })
  principal!: string;
  @Field(() => String, { description: 'Interest since it opened, by the clock now.' })
  accrued_interest!: string;
  @Field(() => String, { description: 'principal + accrued_interest.' })
  current_amount!: string;
  @Field(() => String, { description: 'The side\'s yearly rate, percent with 4 decimals.' })
  apy_percent!: string;
  @Field(() => String, { description: 'USD with 2 decimals at the price feed now.' })
  value_usd!: string;
  @Field(() => String, { nullable: true, description: 'The account\'s health factor on the chain, 6 decimals; null without debt or once closed.' })
  health_factor!: string | null;
  @Field(() => DateTimeScalar)
  opened_at!: string;
  @Field(() => DateTimeScalar, { nullable: true })
  closed_at!: string | null;
}

@InputType('LendingInput')
export class LendingInputType implements LendingBody {
  @Field(() => String, { nullable: true, description: 'Chain name or CAIP-2 id; default ethereum.' })
  chain?: string;
  @Field(() => String, { description: 'WETH, WBTC, USDC, USDT or DAI.' })
  token!: string;
  @Field(() => String, { description: 'Decimal string at the token\'s decimals.' })
  amount!: string;
  @Field(() => ID, { nullable: true, description: 'The account whose holdings move; default the team\'s oldest active account.' })
  account_id?: string;
}

@Resolver()
export class LendingResolver {
  @Query(() => [LendingPositionType], { description: 'The team\'s lending positions, open first, newest first.' })
  lendingPositions(@Ctx() ctx: GraphqlContext): Promise<LendingList> {
    return ctx.run(ListLendingPositions, {});
  }

  @Query(() => LendingPositionType, { description: 'A lending position of the team.' })
  lendingPosition(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<LendingPositionView> {
    return ctx.run(ReadLendingPosition, { id });
  }

  @Mutation(() => LendingPositionType, { description: 'Supplies tokens to the lending market (as POST /api/v2/defi/lending/supply).' })
  supplyLending(@Ctx() ctx: GraphqlContext, @Arg('input', () => LendingInputType) input: LendingInputType): Promise<LendingPositionView> {
    return ctx.run(SupplyLending, { ...input });
  }

  @Mutation(() => LendingPositionType, { description: 'Borrows against the account\'s supplies on the chain (as POST /api/v2/defi/lending/borrow).' })
  borrowLending(@Ctx() ctx: GraphqlContext, @Arg('input', () => LendingInputType) input: LendingInputType): Promise<LendingPositionView> {
    return ctx.run(BorrowLending, { ...input });
  }

  @Mutation(() => LendingPositionType, { description: 'Withdraws a supply or repays a borrow, with interest (as POST /api/v2/defi/lending/positions/{id}/close).' })
  closeLendingPosition(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<LendingPositionView> {
    return ctx.run(CloseLendingPosition, { id });
  }
}

export const lendingGraphql: readonly GraphqlContribution[] = [{ domain: 'lending', resolvers: [LendingResolver] }];
