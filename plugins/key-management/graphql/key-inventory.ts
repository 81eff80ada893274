import { Arg, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { graphqlObjectType, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext } from '../../../kit/graphql.js';
import { GetKey, inventoryKeyView, ListKeys, type InventoryKeyView, type KeyRefInput, type ListKeysInput } from '../operations-inventory.js';

/** operations-inventory.ts's inventoryKeyView, derived from it. */
const InventoryKeyType = graphqlObjectType('InventoryKey', inventoryKeyView, 'A key the team holds in one of its modules: metadata only, never a secret.');

@ObjectType('InventoryKeyPage')
export class InventoryKeyPage {
  @Field(() => [InventoryKeyType]) data!: InventoryKeyView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

/**
 * The key inventory in the key-management domain. Rotating answers a new
 * secret shown once and stays on REST, as making a recovery key does.
 */
@Resolver()
export class KeyInventoryResolver {
  @Query(() => InventoryKeyPage, { description: 'The team’s API keys, webhook secrets, partner keys and custody derivation paths, by kind (or of one kind).' })
  async inventoryKeys(
    @Ctx() ctx: GraphqlContext,
    @Arg('kind', () => String, { nullable: true }) kind?: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<InventoryKeyPage> {
    const result = await ctx.run(ListKeys, { ...(kind == null ? {} : { kind: kind as ListKeysInput['kind'] }), ...pageArgs(first, page) } as ListKeysInput);
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => InventoryKeyType, { description: 'One key of the inventory; another team’s is not found.' })
  inventoryKey(@Ctx() ctx: GraphqlContext, @Arg('kind', () => String) kind: string, @Arg('id', () => ID) id: string): Promise<InventoryKeyView> {
    return ctx.run(GetKey, { kind: kind as KeyRefInput['kind'], id });
  }
}
