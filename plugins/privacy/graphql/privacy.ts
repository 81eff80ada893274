import { Arg, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { graphqlObjectType, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { CreatePrivacyRequest, GetPrivacyRequest, ListPrivacyRequests, PrivacyRequestView } from '../operations.js';

/**
 * The privacy domain: data-subject requests through the operations REST
 * uses. The export document stays a REST download (GET …/export).
 */
const PrivacyRequestType = graphqlObjectType('PrivacyRequest', PrivacyRequestView);

@ObjectType('PrivacyRequestPage')
export class PrivacyRequestPage {
  @Field(() => [PrivacyRequestType]) data!: PrivacyRequestView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@Resolver()
export class PrivacyResolver {
  @Query(() => PrivacyRequestType, { description: 'One of the team’s data-subject requests (not_found for another team’s).' })
  privacyRequest(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<PrivacyRequestView> {
    return ctx.run(GetPrivacyRequest, { id });
  }

  @Query(() => PrivacyRequestPage, { description: 'The team’s data-subject requests, newest first (every team’s for an operator key).' })
  async privacyRequests(
    @Ctx() ctx: GraphqlContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<PrivacyRequestPage> {
    const result = await ctx.run(ListPrivacyRequests, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => PrivacyRequestType, { description: 'Files and completes a data-subject request, export or erasure (as POST /privacy/requests).' })
  createPrivacyRequest(
    @Ctx() ctx: GraphqlContext,
    @Arg('user_id', () => ID) userId: string,
    @Arg('type', () => String, { description: 'export or erasure' }) type: string,
    @Arg('team_id', () => ID, { nullable: true, description: 'Operator key only: the subject’s team.' }) teamId?: string,
  ): Promise<PrivacyRequestView> {
    return ctx.run(CreatePrivacyRequest, { user_id: userId, type: type as 'export' | 'erasure', ...(teamId ? { team_id: teamId } : {}) });
  }
}

export const privacyGraphql: readonly GraphqlContribution[] = [{ domain: 'privacy', resolvers: [PrivacyResolver] }];
