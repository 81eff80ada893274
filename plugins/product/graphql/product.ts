import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { ActivateProduct, CreateProduct, ListActivations, ListProducts, type ActivationView, type CreateProductInput, type ProductView } from '../operations.js';

/** The product domain: define products, activate them on accounts, read what they paid and charged. */
@ObjectType('Product', { description: 'A banking product of the team: an account type with its interest rate and fee.' })
export class ProductType {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  name!: string;
  @Field(() => String)
  account_type!: string;
  @Field(() => String)
  asset_code!: string;
  @Field(() => String, { description: 'Yearly, in percent, ACT/365.' })
  interest_rate!: string;
  @Field(() => String)
  monthly_fee!: string;
  @Field(() => DateTimeScalar)
  created_at!: string;
}

@ObjectType('ProductActivation', { description: 'A product applied to an account.' })
export class ProductActivationType {
  @Field(() => ID)
  id!: string;
  @Field(() => ID)
  product_id!: string;
  @Field(() => ID)
  account_id!: string;
  @Field(() => DateTimeScalar)
  activated_at!: string;
  @Field(() => DateTimeScalar)
  accrued_through!: string;
  @Field(() => String)
  interest_paid!: string;
  @Field(() => String)
  interest_accrued_unpaid!: string;
  @Field(() => String)
  fees_charged!: string;
  @Field(() => DateTimeScalar, { nullable: true })
  next_fee_at!: string | null;
}

@InputType('CreateProductInput')
export class CreateProductInputType implements CreateProductInput {
  @Field(() => String)
  name!: string;
  @Field(() => String)
  account_type!: string;
  @Field(() => String)
  asset_code!: string;
  @Field(() => Int, { description: 'Yearly, in basis points (250 = 2.50 %).' })
  interest_rate_bps!: number;
  @Field(() => String, { nullable: true })
  monthly_fee?: string;
}

@ObjectType('ProductPage')
export class ProductPage {
  @Field(() => [ProductType])
  data!: ProductView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ObjectType('ProductActivationPage')
export class ProductActivationPage {
  @Field(() => [ProductActivationType])
  data!: ActivationView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@Resolver()
export class ProductResolver {
  @Query(() => ProductPage, { description: 'The team’s products, oldest first.' })
  async products(
    @Ctx() ctx: GraphqlContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<ProductPage> {
    const result = await ctx.run(ListProducts, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => ProductActivationPage, { description: 'The team’s product activations with interest paid and fees charged.' })
  async productActivations(
    @Ctx() ctx: GraphqlContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<ProductActivationPage> {
    const result = await ctx.run(ListActivations, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => ProductType, { description: 'Defines a banking product.' })
  createProduct(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateProductInputType) input: CreateProductInputType): Promise<ProductView> {
    const { monthly_fee, ...rest } = input;
    return ctx.run(CreateProduct, monthly_fee === undefined || monthly_fee === null ? { ...rest } : { ...rest, monthly_fee });
  }

  @Mutation(() => ProductActivationType, { description: 'Activates a product on an account of the team (one per account).' })
  activateProduct(@Ctx() ctx: GraphqlContext, @Arg('product_id', () => ID) productId: string, @Arg('account_id', () => ID) accountId: string): Promise<ActivationView> {
    return ctx.run(ActivateProduct, { id: productId, account_id: accountId });
  }
}

export const productGraphql: readonly GraphqlContribution[] = [{ domain: 'product', resolvers: [ProductResolver] }];
