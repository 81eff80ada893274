import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  CancelCard,
  CreateCardholder,
  FreezeCard,
  GetCard,
  GetCardholder,
  IssueCard,
  ListAuthorizations,
  ListCardholders,
  ListCards,
  UnfreezeCard,
  type AuthorizationView,
  type CardholderView,
  type CardView,
  type CreateCardInput,
} from '../operations.js';

/** operations.ts's cardholderView (test/e2e/graphql-views.test.ts pairs them). */
@ObjectType('Cardholder', { description: 'A person the team issues cards to.' })
export class CardholderType {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => DateTimeScalar) created_at!: string;
}

/** operations.ts's cardView: the card number shows its last four digits only. */
@ObjectType('Card', { description: 'A virtual card spending from one of the team’s accounts.' })
export class CardType {
  @Field(() => ID) id!: string;
  @Field(() => ID) cardholder_id!: string;
  @Field(() => ID) account_id!: string;
  @Field(() => String) currency!: string;
  @Field(() => String, { description: 'The last four digits of the card number.' }) last4!: string;
  @Field(() => Int) exp_month!: number;
  @Field(() => Int) exp_year!: number;
  @Field(() => String, { description: 'active, frozen or cancelled.' }) status!: string;
  @Field(() => String, { nullable: true, description: 'Decimal string; null: no limit.' }) per_transaction_limit!: string | null;
  @Field(() => String, { nullable: true, description: 'Per UTC day, decimal string; null: no limit.' }) daily_limit!: string | null;
  @Field(() => [String], { nullable: true, description: 'Merchant category codes the card may pay; null: all.' }) allowed_categories!: string[] | null;
  @Field(() => DateTimeScalar) created_at!: string;
  @Field(() => DateTimeScalar) updated_at!: string;
}

/** operations.ts's authorizationView: a card transaction. */
@ObjectType('CardAuthorization', { description: 'A merchant’s charge on a card: approved (held), captured, reversed or declined.' })
export class CardAuthorizationType {
  @Field(() => ID) id!: string;
  @Field(() => ID) card_id!: string;
  @Field(() => String) amount!: string;
  @Field(() => String) currency!: string;
  @Field(() => String) merchant_name!: string;
  @Field(() => String) merchant_category!: string;
  @Field(() => String, { description: 'approved, partially_captured, captured, reversed or declined.' }) status!: string;
  @Field(() => String, { nullable: true }) decline_reason!: string | null;
  @Field(() => String) captured_amount!: string;
  @Field(() => String) released_amount!: string;
  @Field(() => DateTimeScalar) created_at!: string;
  @Field(() => DateTimeScalar) updated_at!: string;
}

@ObjectType('CardholderPage')
export class CardholderPage {
  @Field(() => [CardholderType]) data!: CardholderView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@ObjectType('CardPage')
export class CardPage {
  @Field(() => [CardType]) data!: CardView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@ObjectType('CardAuthorizationPage')
export class CardAuthorizationPage {
  @Field(() => [CardAuthorizationType]) data!: AuthorizationView[];
  @Field(() => PaginatorInfo) paginatorInfo!: PaginatorInfo;
}

@InputType('CreateCardholderInput')
export class CreateCardholderInputType {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) email?: string;
}

@InputType('CreateCardInput')
export class CreateCardInputType {
  @Field(() => ID) cardholder_id!: string;
  @Field(() => ID) account_id!: string;
  @Field(() => String) currency!: string;
  @Field(() => String, { nullable: true }) per_transaction_limit?: string;
  @Field(() => String, { nullable: true }) daily_limit?: string;
  @Field(() => [String], { nullable: true }) allowed_categories?: string[];
}

/** Drops the keys GraphQL left null or out, so the operation's zod input sees them as absent. */
const present = (input: object) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null));

/**
 * The card-issuance domain: the same operations as the REST routes. A card
 * made here answers without its number: a secret shown once does not
 * belong in GraphQL tooling caches (issue over REST to see the PAN).
 * Authorizations come from the card scheme, over REST.
 */
@Resolver()
export class CardIssuanceResolver {
  @Query(() => CardType, { description: 'One of the team’s cards.' })
  card(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<CardView> {
    return ctx.run(GetCard, { id });
  }

  @Query(() => CardPage, { description: 'The team’s cards, oldest first.' })
  async cards(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<CardPage> {
    const result = await ctx.run(ListCards, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => CardholderType, { description: 'One of the team’s cardholders.' })
  cardholder(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<CardholderView> {
    return ctx.run(GetCardholder, { id });
  }

  @Query(() => CardholderPage, { description: 'The team’s cardholders, oldest first.' })
  async cardholders(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<CardholderPage> {
    const result = await ctx.run(ListCardholders, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => CardAuthorizationPage, { description: 'A card’s authorizations, newest first, declined ones included.' })
  async cardTransactions(
    @Ctx() ctx: GraphqlContext,
    @Arg('card_id', () => ID) cardId: string,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<CardAuthorizationPage> {
    const result = await ctx.run(ListAuthorizations, { id: cardId, ...pageArgs(first, page) });
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => CardholderType, { description: 'Creates a cardholder (POST /cardholders).' })
  createCardholder(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateCardholderInputType) input: CreateCardholderInputType): Promise<CardholderView> {
    return ctx.run(CreateCardholder, present({ ...input }) as { name: string });
  }

  @Mutation(() => CardType, { description: 'Issues a virtual card (POST /cards); the answer shows the last four digits only.' })
  async createCard(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateCardInputType) input: CreateCardInputType): Promise<CardView> {
    const { pan: _shownOnceOverRestOnly, ...card } = await ctx.run(IssueCard, present({ ...input }) as CreateCardInput);
    return card;
  }

  @Mutation(() => CardType, { description: 'Freezes a card: new authorizations are declined.' })
  freezeCard(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<CardView> {
    return ctx.run(FreezeCard, { id });
  }

  @Mutation(() => CardType, { description: 'Makes a frozen card active again.' })
  unfreezeCard(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<CardView> {
    return ctx.run(UnfreezeCard, { id });
  }

  @Mutation(() => CardType, { description: 'Cancels a card for good, reversing its open authorizations.' })
  cancelCard(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<CardView> {
    return ctx.run(CancelCard, { id });
  }
}

export const cardIssuanceGraphql: readonly GraphqlContribution[] = [{ domain: 'card-issuance', resolvers: [CardIssuanceResolver] }];
