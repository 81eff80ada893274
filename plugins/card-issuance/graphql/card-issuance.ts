import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { DateTimeScalar, graphqlInputType, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  Authorize,
  authorizeBody,
  CancelCard,
  Capture,
  captureBody,
  CreateCardholder,
  FreezeCard,
  GetCard,
  GetCardholder,
  IssueCard,
  ListAuthorizations,
  ListCardholders,
  ListCards,
  Reverse,
  UnfreezeCard,
  UpdateControls,
  updateControlsBody,
  type AuthorizationView,
  type AuthorizeInput,
  type CaptureInput,
  type CardholderView,
  type CardView,
  type CreateCardInput,
  type UpdateControlsInput,
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

/** Derived from the REST bodies, so they cannot drift: a control given as null is removed, one left out stays. */
const CardControlsInputType = graphqlInputType('CardControlsInput', updateControlsBody);
const CardAuthorizationInputType = graphqlInputType('CardAuthorizationInput', authorizeBody);
const CardCaptureInputType = graphqlInputType('CardCaptureInput', captureBody);

/** Drops the keys GraphQL left null or out, so the operation's zod input sees them as absent. */
const present = (input: object) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null));

/**
 * The card-issuance domain: the same operations as the REST routes. A card
 * made here answers without its number: a secret shown once does not
 * belong in GraphQL tooling caches (issue over REST to see the PAN).
 * Authorizations, captures and reversals are what the card scheme sends;
 * they are here too (the same operations, so the same checks and holds).
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

  @Mutation(() => CardType, { description: 'Changes a card’s spending controls (PATCH /cards/{id}/controls): null removes a control, one left out stays.' })
  updateCardControls(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string, @Arg('input', () => CardControlsInputType) input: object): Promise<CardView> {
    // Not `present`: null is meaningful here (no limit), and GraphQL leaves a key out when the client did.
    return ctx.run(UpdateControls, { ...input, id } as UpdateControlsInput);
  }

  @Mutation(() => CardAuthorizationType, { description: 'Authorizes a merchant’s charge on a card (POST /cards/{id}/authorizations): approved (held) or declined with its reason.' })
  authorizeCard(@Ctx() ctx: GraphqlContext, @Arg('card_id', () => ID) cardId: string, @Arg('input', () => CardAuthorizationInputType) input: object): Promise<AuthorizationView> {
    return ctx.run(Authorize, { ...input, id: cardId } as AuthorizeInput);
  }

  @Mutation(() => CardAuthorizationType, { description: 'Captures an authorization, partly or whole (POST /card-authorizations/{id}/capture); all that remains when amount is left out.' })
  captureCardAuthorization(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string, @Arg('input', () => CardCaptureInputType, { nullable: true }) input?: object): Promise<AuthorizationView> {
    return ctx.run(Capture, { ...present({ ...input }), id } as CaptureInput);
  }

  @Mutation(() => CardAuthorizationType, { description: 'Returns what an authorization still holds to the account (POST /card-authorizations/{id}/reverse).' })
  reverseCardAuthorization(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<AuthorizationView> {
    return ctx.run(Reverse, { id });
  }
}

export const cardIssuanceGraphql: readonly GraphqlContribution[] = [{ domain: 'card-issuance', resolvers: [CardIssuanceResolver] }];
