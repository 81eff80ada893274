import { Arg, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { graphqlObjectType, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { CustodianAccountView, CustodianBalanceView, GetAccount, ListAccounts, ListBalances } from '../operations.js';

/**
 * The custodian domain, queries only (as the spec says): links, and each
 * holding's balances at the latest sync. Linking, unlinking and syncing
 * stay on REST (docs/graphql.md's last section). Types derive from the
 * operations' zod views.
 */
const AccountType = graphqlObjectType('CustodianAccount', CustodianAccountView);
const BalanceType = graphqlObjectType('CustodianBalance', CustodianBalanceView);

@ObjectType('CustodianAccountPage')
export class CustodianAccountPage {
  @Field(() => [AccountType]) data!: CustodianAccountView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@Resolver()
export class CustodianResolver {
  @Query(() => AccountType, { description: 'One of the team’s custodian accounts.' })
  custodianAccount(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<CustodianAccountView> {
    return ctx.run(GetAccount, { id });
  }

  @Query(() => CustodianAccountPage, { description: 'The team’s custodian accounts, oldest first.' })
  async custodianAccounts(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<CustodianAccountPage> {
    const result = await ctx.run(ListAccounts, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => [BalanceType], { description: 'A custodian account’s holdings at the latest sync: the custodian’s balance, the ledger’s and the difference.' })
  custodianBalances(@Ctx() ctx: GraphqlContext, @Arg('custodian_account_id', () => ID) id: string): Promise<CustodianBalanceView[]> {
    return ctx.run(ListBalances, { id });
  }
}

export const custodianGraphql: readonly GraphqlContribution[] = [{ domain: 'custodian', resolvers: [CustodianResolver] }];
