import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { graphqlObjectType, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { GetReserve, ListIssuances, ListReserves, Mint, Redeem, StablecoinIssuanceView, StablecoinReserveView } from '../operations.js';

/**
 * The stablecoin domain: the same operations as the REST routes, types
 * derived from their zod views. The figures are the caller's team's.
 */
const ReserveType = graphqlObjectType('StablecoinReserve', StablecoinReserveView);
const IssuanceType = graphqlObjectType('StablecoinIssuance', StablecoinIssuanceView);

@ObjectType('StablecoinIssuancePage')
export class StablecoinIssuancePage {
  @Field(() => [IssuanceType]) data!: StablecoinIssuanceView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

/** The path's code and the body in one input, as the operation takes them. */
@InputType('StablecoinIssueInput')
export class StablecoinIssueInputType {
  @Field(() => String, { description: 'The token’s asset code.' }) code!: string;
  @Field(() => ID) account_id!: string;
  @Field(() => String, { description: 'Decimal string: tokens to mint or redeem, at par.' }) amount!: string;
}

@Resolver()
export class StablecoinResolver {
  @Query(() => [ReserveType], { description: 'Every token the bank issues with the team’s supply, reserve and coverage now.' })
  stablecoinReserves(@Ctx() ctx: GraphqlContext): Promise<StablecoinReserveView[]> {
    return ctx.run(ListReserves, {});
  }

  @Query(() => ReserveType, { description: 'One token’s supply, reserve and coverage for the team.' })
  stablecoinReserve(@Ctx() ctx: GraphqlContext, @Arg('code', () => String) code: string): Promise<StablecoinReserveView> {
    return ctx.run(GetReserve, { code });
  }

  @Query(() => StablecoinIssuancePage, { description: 'The team’s mints and redemptions of a token, newest first.' })
  async stablecoinIssuances(
    @Ctx() ctx: GraphqlContext,
    @Arg('code', () => String) code: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<StablecoinIssuancePage> {
    const result = await ctx.run(ListIssuances, { code, ...pageArgs(first, page) });
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => IssuanceType, { description: 'Mints tokens against the account’s fiat (POST /stablecoins/{code}/mint).' })
  mintStablecoin(@Ctx() ctx: GraphqlContext, @Arg('input', () => StablecoinIssueInputType) input: StablecoinIssueInputType): Promise<StablecoinIssuanceView> {
    return ctx.run(Mint, { ...input });
  }

  @Mutation(() => IssuanceType, { description: 'Redeems tokens for fiat at par (POST /stablecoins/{code}/redeem).' })
  redeemStablecoin(@Ctx() ctx: GraphqlContext, @Arg('input', () => StablecoinIssueInputType) input: StablecoinIssueInputType): Promise<StablecoinIssuanceView> {
    return ctx.run(Redeem, { ...input });
  }
}

export const stablecoinGraphql: readonly GraphqlContribution[] = [{ domain: 'stablecoin', resolvers: [StablecoinResolver] }];
