import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import {
  DateTimeScalar,
  pageArgs,
  PaginatorInfo,
  paginatorInfo,
  type GraphqlContext,
  type GraphqlContribution,
} from '../../../kit/graphql.js';
import { CreateItem, ListItems, type CreateItemInput, type ItemView } from '../operations.js';

/** The item view as a GraphQL type: the fields of operations.ts's itemView (items.test.ts checks they match). */
@ObjectType('TemplateItem', { description: 'An item of the template plugin.' })
export class TemplateItemType {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  title!: string;
  @Field(() => String, { description: 'pending, active or expired.' })
  status!: string;
  @Field(() => DateTimeScalar, { nullable: true })
  expires_at!: string | null;
  @Field(() => DateTimeScalar)
  created_at!: string;
}

@InputType('CreateTemplateItemInput')
export class CreateTemplateItemInputType implements CreateItemInput {
  @Field(() => String)
  title!: string;
  @Field(() => String, { nullable: true, description: 'ISO 8601, in the future.' })
  expires_at?: string;
}

@ObjectType('TemplateItemPage')
export class TemplateItemPage {
  @Field(() => [TemplateItemType])
  data!: ItemView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

/** Queries and mutations reach the same operations REST routes name, through the context. */
@Resolver()
export class TemplateItemResolver {
  @Query(() => TemplateItemPage, { description: 'The team’s items, oldest first.' })
  async templateItems(
    @Ctx() ctx: GraphqlContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<TemplateItemPage> {
    const result = await ctx.run(ListItems, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => TemplateItemType, { description: 'Creates an item (pending until activated).' })
  createTemplateItem(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateTemplateItemInputType) input: CreateTemplateItemInputType): Promise<ItemView> {
    return ctx.run(CreateItem, { title: input.title, expires_at: input.expires_at });
  }
}

export const templateGraphql: readonly GraphqlContribution[] = [{ domain: 'template', resolvers: [TemplateItemResolver] }];
