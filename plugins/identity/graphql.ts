import { Arg, Args, ArgsType, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import {
  DateTimeScalar,
  pageArgs,
  paginatorInfo,
  PaginatorInfo,
  type GraphqlContext,
  type GraphqlContribution,
} from '../../kit/graphql.js';
import { ListApiKeys, RevokeApiKey, type ApiKeyView, type RevokedApiKey } from './operations.js';

/**
 * The user domain: who the caller is (me) and the team's API keys (listed
 * and revoked through the REST operations). Issuing keys stays on REST: a
 * secret shown once does not belong in GraphQL responses that tools cache.
 */
@ObjectType({ description: 'The authenticated caller.' })
export class Me {
  @Field(() => ID)
  user_id!: string;
  @Field(() => ID)
  team_id!: string;
  @Field(() => String, { description: 'user or operator.' })
  kind!: string;
  @Field(() => [String])
  permissions!: readonly string[];
}

@ObjectType({ description: 'An API key as listed: never its secret.' })
export class ApiKey {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  name!: string;
  @Field(() => String)
  prefix!: string;
  @Field(() => ID)
  user_id!: string;
  @Field(() => [String])
  permissions!: readonly string[];
  @Field(() => [String])
  ip_allowlist!: readonly string[];
  @Field(() => String)
  status!: string;
  @Field(() => DateTimeScalar, { nullable: true })
  expires_at!: string | null;
  @Field(() => DateTimeScalar, { nullable: true })
  last_used_at!: string | null;
  @Field(() => DateTimeScalar)
  created_at!: string;
}

@ObjectType()
export class ApiKeyPage {
  @Field(() => [ApiKey])
  data!: ApiKeyView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ObjectType()
export class RevokedKey {
  @Field(() => ID)
  id!: string;
  @Field(() => DateTimeScalar)
  revoked_at!: string;
}

@ArgsType()
export class KeyPageArgs {
  @Field(() => Int, { nullable: true })
  first?: number;
  @Field(() => Int, { nullable: true })
  page?: number;
}

@Resolver()
export class UserResolver {
  @Query(() => Me)
  me(@Ctx() ctx: GraphqlContext): Me {
    const { actor } = ctx.request;
    return { user_id: actor.userId, team_id: actor.teamId, kind: actor.kind, permissions: actor.permissions };
  }

  @Query(() => ApiKeyPage, { description: 'The team’s API keys (as GET /api-keys).' })
  async apiKeys(@Args(() => KeyPageArgs) args: KeyPageArgs, @Ctx() ctx: GraphqlContext): Promise<ApiKeyPage> {
    const page = await ctx.run(ListApiKeys, pageArgs(args.first, args.page));
    return { data: [...page.items], paginatorInfo: paginatorInfo(page) };
  }

  @Mutation(() => RevokedKey, { description: 'Revokes one of the team’s keys (as DELETE /api-keys/{id}).' })
  revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<RevokedApiKey> {
    return ctx.run(RevokeApiKey, { id });
  }
}

export const identityGraphql: readonly GraphqlContribution[] = [{ domain: 'user', resolvers: [UserResolver] }];
