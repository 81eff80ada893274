import { Arg, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { GetMovement, GetTrialBalance, ListAccountPostings, type MovementView, type PostingView, type TrialBalanceView } from '../operations.js';

/**
 * The ledger domain: queries only. Money is written by the modules that move
 * it (transfers, deposits, exchange, baskets …) through the Ledger port; a
 * mutation here would be a way around their rules, so there is none.
 */
@ObjectType('TrialBalanceLine', { description: 'A system account, or the team’s customer accounts summed (account null).' })
export class TrialBalanceLineType {
  @Field(() => String, { nullable: true })
  account!: string | null;
  @Field(() => Int)
  accounts!: number;
  @Field(() => String)
  debits!: string;
  @Field(() => String)
  credits!: string;
  @Field(() => String, { description: 'credits − debits.' })
  balance!: string;
}

@ObjectType('TrialBalanceHolding', { description: 'The trial balance of one asset on one chain.' })
export class TrialBalanceHoldingType {
  @Field(() => String)
  asset_code!: string;
  @Field(() => String, { nullable: true })
  chain!: string | null;
  @Field(() => String)
  debits!: string;
  @Field(() => String)
  credits!: string;
  @Field(() => Boolean)
  balanced!: boolean;
  @Field(() => [TrialBalanceLineType])
  lines!: TrialBalanceLineType[];
}

@ObjectType('TrialBalance', { description: 'The team’s trial balance: debits equal credits per asset and chain.' })
export class TrialBalanceType {
  @Field(() => DateTimeScalar)
  as_of!: string;
  @Field(() => Boolean)
  balanced!: boolean;
  @Field(() => [TrialBalanceHoldingType])
  holdings!: TrialBalanceHoldingType[];
}

@ObjectType('LedgerPosting', { description: 'One entry of a movement: positive credits the account, negative debits it.' })
export class LedgerPostingType {
  @Field(() => ID)
  movement_id!: string;
  @Field(() => Int)
  seq!: number;
  @Field(() => ID)
  account_id!: string;
  @Field(() => String)
  asset_code!: string;
  @Field(() => String, { nullable: true })
  chain!: string | null;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  kind!: string;
  @Field(() => String, { nullable: true })
  reference!: string | null;
  @Field(() => DateTimeScalar)
  created_at!: string;
}

@ObjectType('LedgerMovement', { description: 'One balanced movement of the ledger.' })
export class LedgerMovementType {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  kind!: string;
  @Field(() => String, { nullable: true })
  reference!: string | null;
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => [LedgerPostingType])
  postings!: PostingView[];
}

@ObjectType('LedgerPostingPage')
export class LedgerPostingPage {
  @Field(() => [LedgerPostingType])
  data!: PostingView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@Resolver()
export class LedgerResolver {
  @Query(() => TrialBalanceType, { description: 'The caller’s team’s trial balance.' })
  ledgerTrialBalance(@Ctx() ctx: GraphqlContext): Promise<TrialBalanceView> {
    return ctx.run(GetTrialBalance, {});
  }

  @Query(() => LedgerMovementType, { description: 'One movement of the team with its postings (not_found for another team’s).' })
  ledgerMovement(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<MovementView> {
    return ctx.run(GetMovement, { id });
  }

  @Query(() => LedgerPostingPage, { description: 'The postings of a customer account of the team or of a system account (system:fees …), newest first.' })
  async ledgerAccountPostings(
    @Ctx() ctx: GraphqlContext,
    @Arg('account_id', () => ID) accountId: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<LedgerPostingPage> {
    const args = pageArgs(first, page);
    const result = await ctx.run(ListAccountPostings, { id: accountId, page: args.page, per_page: args.per_page });
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }
}

export const ledgerGraphql: readonly GraphqlContribution[] = [{ domain: 'ledger', resolvers: [LedgerResolver] }];
