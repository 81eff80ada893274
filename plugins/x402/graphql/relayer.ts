import { Arg, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { ListRelays, type RelayView } from '../operations.js';

/** operations.ts's relayView: who paid the gas of which settlement. */
@ObjectType('X402Relay', { description: 'The gas of one payment’s settlement, paid by the facilitator.' })
export class X402RelayType {
  @Field(() => ID) payment_id!: string;
  @Field(() => String) network!: string;
  @Field(() => String, { nullable: true }) tx_hash!: string | null;
  @Field(() => String, { nullable: true, description: 'facilitator; null when the payment never reached the chain.' }) paid_by!: string | null;
  @Field(() => String, { nullable: true }) gas_asset!: string | null;
  @Field(() => String, { nullable: true }) gas_used!: string | null;
  @Field(() => String, { nullable: true }) gas_price_wei!: string | null;
  @Field(() => String, { nullable: true }) gas_cost_wei!: string | null;
  @Field(() => String, { nullable: true }) block_number!: string | null;
}

@ObjectType('X402RelayPage')
export class X402RelayPage {
  @Field(() => [X402RelayType]) data!: RelayView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

/** The relayer domain: the facilitator's gas relaying for the team's payments, newest first. */
@Resolver()
export class RelayerResolver {
  @Query(() => X402RelayPage, { description: 'Who paid gas for which of the team’s settlements, newest first.' })
  async x402Relays(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<X402RelayPage> {
    const result = await ctx.run(ListRelays, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }
}

export const relayerGraphql: GraphqlContribution = { domain: 'relayer', resolvers: [RelayerResolver] };
