import { Arg, Ctx, Field, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { GraphqlContext } from '../../../kit/graphql.js';
import type { Asset as CatalogAsset } from '../../../kernel/public.js';

/** The asset domain: the configured asset catalogue (the same for every team). */
@ObjectType({ description: 'An asset accounts can hold.' })
export class Asset {
  @Field(() => String)
  code!: string;
  @Field(() => String)
  name!: string;
  @Field(() => String, { description: 'fiat, commodity, crypto or basket.' })
  type!: string;
  @Field(() => Int, { description: 'Decimals of the minor unit.' })
  precision!: number;
}

@Resolver(() => Asset)
export class AssetResolver {
  @Query(() => [Asset])
  assets(@Ctx() ctx: GraphqlContext): readonly CatalogAsset[] {
    return ctx.assets.list();
  }

  @Query(() => Asset, { nullable: true })
  asset(@Arg('code', () => String) code: string, @Ctx() ctx: GraphqlContext): CatalogAsset | null {
    return ctx.assets.find(code) ?? null;
  }
}
