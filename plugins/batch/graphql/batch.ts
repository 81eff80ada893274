import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import { CreateBatch, GetBatch, ListBatches, ListBatchItems, type BatchItemView, type BatchView, type CreateBatchInput } from '../operations.js';

/** The batch domain: submit a batch, follow its progress and read each item's outcome, through the operations REST uses. */
@ObjectType('Batch', { description: 'A list of transfers or payouts, applied item by item.' })
export class BatchType {
  @Field(() => ID)
  id!: string;
  @Field(() => String, { description: 'transfer or payout.' })
  type!: string;
  @Field(() => String, { description: 'processing, or completed once every item has ended.' })
  status!: string;
  @Field(() => Int)
  total!: number;
  @Field(() => Int)
  completed!: number;
  @Field(() => Int)
  failed!: number;
  @Field(() => Int)
  pending!: number;
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => DateTimeScalar, { nullable: true })
  completed_at!: string | null;
}

@ObjectType('BatchItem', { description: 'One item of a batch with its outcome.' })
export class BatchItemType {
  @Field(() => Int)
  index!: number;
  @Field(() => String, { description: 'pending, completed or failed.' })
  status!: string;
  @Field(() => ID)
  from_account!: string;
  @Field(() => ID, { nullable: true })
  to_account!: string | null;
  @Field(() => String)
  asset_code!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String, { nullable: true })
  reference!: string | null;
  @Field(() => ID, { nullable: true })
  movement_id!: string | null;
  @Field(() => String, { nullable: true })
  error_code!: string | null;
  @Field(() => String, { nullable: true })
  error_detail!: string | null;
  @Field(() => DateTimeScalar, { nullable: true })
  processed_at!: string | null;
}

@InputType('BatchItemInput')
export class BatchItemInputType {
  @Field(() => ID)
  from_account!: string;
  @Field(() => ID, { nullable: true, description: 'The receiving account of a transfer; left out for a payout.' })
  to_account?: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  asset_code!: string;
  @Field(() => String, { nullable: true })
  reference?: string;
}

@InputType('CreateBatchInput')
export class CreateBatchInputType {
  @Field(() => String, { description: 'transfer or payout.' })
  type!: string;
  @Field(() => [BatchItemInputType])
  items!: BatchItemInputType[];
}

@ObjectType('BatchPage')
export class BatchPage {
  @Field(() => [BatchType])
  data!: BatchView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ObjectType('BatchItemPage')
export class BatchItemPage {
  @Field(() => [BatchItemType])
  data!: BatchItemView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

/** Drops the fields GraphQL sent as null, so the input schema sees them left out. */
function present<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null && field !== undefined)) as T;
}

@Resolver()
export class BatchResolver {
  @Query(() => BatchType, { description: 'One batch of the team with its progress (not_found for another team’s).' })
  batch(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<BatchView> {
    return ctx.run(GetBatch, { id });
  }

  @Query(() => BatchPage, { description: 'The team’s batches, newest first.' })
  async batches(
    @Ctx() ctx: GraphqlContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<BatchPage> {
    const result = await ctx.run(ListBatches, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => BatchItemPage, { description: 'A batch’s items with their outcomes, in submitted order.' })
  async batchItems(
    @Ctx() ctx: GraphqlContext,
    @Arg('batch_id', () => ID) batchId: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<BatchItemPage> {
    const result = await ctx.run(ListBatchItems, { id: batchId, ...pageArgs(first, page) });
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => BatchType, { description: 'Submits a batch of transfers or payouts; each item is applied moments later.' })
  createBatch(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateBatchInputType) input: CreateBatchInputType): Promise<BatchView> {
    return ctx.run(CreateBatch, { type: input.type, items: input.items.map((item) => present({ ...item })) } as CreateBatchInput);
  }
}

export const batchGraphql: readonly GraphqlContribution[] = [{ domain: 'batch', resolvers: [BatchResolver] }];
