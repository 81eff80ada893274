import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, graphqlObjectType, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  CreateEndpoint,
  DeleteEndpoint,
  GetStatus,
  GetSupported,
  ListEndpoints,
  ListPayments,
  statusView,
  supportedView,
  UpdateEndpoint,
  type CreateEndpointInput,
  type EndpointView,
  type PaymentView,
  type StatusView,
  type SupportedView,
  type UpdateEndpointInput,
} from '../operations.js';

/** operations.ts's endpointView as a GraphQL type (x402-graphql.test.ts checks the fields match). */
@ObjectType('X402Endpoint', { description: 'A path of the service a team charges for per call.' })
export class X402EndpointType {
  @Field(() => ID) id!: string;
  @Field(() => String) path!: string;
  @Field(() => Int) price_usd_cents!: number;
  @Field(() => String, { description: 'The price in the asset, a decimal string.' }) amount!: string;
  @Field(() => String, { description: 'CAIP-2.' }) network!: string;
  @Field(() => String) asset!: string;
  @Field(() => String) asset_contract!: string;
  @Field(() => String) description!: string;
  @Field(() => ID) account_id!: string;
  @Field(() => String, { description: 'The receiving custody address.' }) receiver!: string;
  @Field(() => DateTimeScalar) created_at!: string;
  @Field(() => DateTimeScalar) updated_at!: string;
}

/** operations.ts's paymentView as a GraphQL type. */
@ObjectType('X402Payment', { description: 'A payment received (a paid call) or made.' })
export class X402PaymentType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'received or made.' }) direction!: string;
  @Field(() => String, { description: 'verified, settled or failed.' }) status!: string;
  @Field(() => String, { nullable: true }) failure_reason!: string | null;
  @Field(() => String) network!: string;
  @Field(() => String) asset!: string;
  @Field(() => String) amount!: string;
  @Field(() => String) payer!: string;
  @Field(() => String) receiver!: string;
  @Field(() => ID, { nullable: true }) endpoint_id!: string | null;
  @Field(() => String) resource!: string;
  @Field(() => String, { nullable: true }) tx_hash!: string | null;
  @Field(() => DateTimeScalar, { nullable: true }) settled_at!: string | null;
  @Field(() => DateTimeScalar) created_at!: string;
}

@ObjectType('X402EndpointPage')
export class X402EndpointPage {
  @Field(() => [X402EndpointType]) data!: EndpointView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@ObjectType('X402PaymentPage')
export class X402PaymentPage {
  @Field(() => [X402PaymentType]) data!: PaymentView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@InputType('CreateX402EndpointInput')
export class CreateX402EndpointInputType {
  @Field(() => String) path!: string;
  @Field(() => Int) price_usd_cents!: number;
  @Field(() => String, { description: 'CAIP-2, e.g. eip155:8453.' }) network!: string;
  @Field(() => String) asset!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => ID, { nullable: true }) account_id?: string;
}

@InputType('UpdateX402EndpointInput')
export class UpdateX402EndpointInputType {
  @Field(() => Int, { nullable: true }) price_usd_cents?: number;
  @Field(() => String, { nullable: true }) network?: string;
  @Field(() => String, { nullable: true }) asset?: string;
  @Field(() => String, { nullable: true }) description?: string;
}

/** GET /x402/status and GET /x402/supported, derived from their views. */
const X402StatusType = graphqlObjectType('X402Status', statusView);
const X402SupportedType = graphqlObjectType('X402Supported', supportedView);

/** Drops the keys GraphQL left null or out, so the operation's zod input sees them as absent. */
const present = (input: object) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null));

/** The x402 domain: the same operations as the REST routes, through the context. */
@Resolver()
export class X402Resolver {
  @Query(() => X402EndpointPage, { description: 'The team’s monetized paths, oldest first.' })
  async x402Endpoints(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<X402EndpointPage> {
    const result = await ctx.run(ListEndpoints, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => X402PaymentPage, { description: 'Payments received and made, newest first.' })
  async x402Payments(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<X402PaymentPage> {
    const result = await ctx.run(ListPayments, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => X402StatusType, { description: 'Networks, assets, the facilitator and whether it answers, and the team’s counts of endpoints and payments (GET /x402/status).' })
  x402Status(@Ctx() ctx: GraphqlContext): Promise<StatusView> {
    return ctx.run(GetStatus, {});
  }

  @Query(() => X402SupportedType, { description: 'The networks and payment assets accepted, with each token’s contract and EIP-712 domain (GET /x402/supported).' })
  x402Supported(@Ctx() ctx: GraphqlContext): Promise<SupportedView> {
    return ctx.run(GetSupported, {});
  }

  @Mutation(() => X402EndpointType, { description: 'Monetizes a path (POST /x402/endpoints).' })
  createX402Endpoint(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateX402EndpointInputType) input: CreateX402EndpointInputType): Promise<EndpointView> {
    // The operation's zod input (registered in the manifest) parses this on the entry path: defaults, 422s.
    return ctx.run(CreateEndpoint, present({ ...input }) as CreateEndpointInput);
  }

  @Mutation(() => X402EndpointType, { description: 'Changes a monetized path (PATCH /x402/endpoints/{id}).' })
  updateX402Endpoint(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string, @Arg('input', () => UpdateX402EndpointInputType) input: UpdateX402EndpointInputType): Promise<EndpointView> {
    return ctx.run(UpdateEndpoint, { id, ...present({ ...input }) } as UpdateEndpointInput);
  }

  @Mutation(() => X402EndpointType, { description: 'Stops monetizing a path (DELETE /x402/endpoints/{id}).' })
  deleteX402Endpoint(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<EndpointView> {
    return ctx.run(DeleteEndpoint, { id });
  }
}

export const x402DomainGraphql: GraphqlContribution = { domain: 'x402', resolvers: [X402Resolver] };
