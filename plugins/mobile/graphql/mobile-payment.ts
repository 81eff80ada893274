import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { numberedPage } from '../../../kernel/public.js';
import { DateTimeScalar, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext } from '../../../kit/graphql.js';
import {
  CancelPaymentIntent,
  ConfirmPaymentIntent,
  CreatePaymentIntent,
  GetP2pTransfer,
  GetPaymentIntent,
  ListActivity,
  SendP2pTransfer,
  type ActivityItemView,
  type P2pTransferView,
  type PaymentIntentView,
} from '../operations.js';

/** A fresh passkey assertion (base64url fields), as POST /mobile/auth/passkey/verify takes it: the step-up of a confirmation. */
@InputType('PasskeyAssertionInput')
export class PasskeyAssertionInputType {
  @Field(() => String)
  credential_id!: string;
  @Field(() => String)
  authenticator_data!: string;
  @Field(() => String)
  client_data_json!: string;
  @Field(() => String)
  signature!: string;
  @Field(() => String, { nullable: true })
  user_handle?: string;
}

/**
 * The mobile-payment domain: payment intents, p2p transfers and the activity
 * feed, through the same operations as REST. paymentStatusChanged(payment_id)
 * (payment domain) carries the intents' payment_intent.* events live.
 */
@ObjectType('PaymentIntent', { description: 'A payment intent: requires_confirmation → processing → succeeded | failed, or cancelled, or expired.' })
export class PaymentIntentType {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  currency!: string;
  @Field(() => String)
  recipient!: string;
  @Field(() => String, { description: 'user or account.' })
  recipient_type!: string;
  @Field(() => String)
  description!: string;
  @Field(() => String)
  status!: string;
  @Field(() => ID)
  from_account!: string;
  @Field(() => String, { nullable: true })
  failure_reason!: string | null;
  @Field(() => DateTimeScalar)
  expires_at!: string;
  @Field(() => DateTimeScalar, { nullable: true })
  completed_at!: string | null;
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => DateTimeScalar)
  updated_at!: string;
}

@ObjectType('P2pTransfer', { description: 'A peer-to-peer transfer as the caller’s side sees it.' })
export class P2pTransferType {
  @Field(() => ID)
  id!: string;
  @Field(() => String, { description: 'sent or received.' })
  direction!: string;
  @Field(() => String)
  from_user!: string;
  @Field(() => String)
  to_user!: string;
  @Field(() => ID)
  account!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  currency!: string;
  @Field(() => String)
  note!: string;
  @Field(() => String)
  status!: string;
  @Field(() => DateTimeScalar)
  created_at!: string;
}

@ObjectType('MobileResourceLink')
export class ResourceLinkType {
  @Field(() => String)
  type!: string;
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  href!: string;
}

@ObjectType('MobileActivityItem', { description: 'One line of the activity feed.' })
export class ActivityItemType {
  @Field(() => ID)
  id!: string;
  @Field(() => String, { description: 'payment_intent, p2p_sent, p2p_received or notification.' })
  type!: string;
  @Field(() => String)
  title!: string;
  @Field(() => String, { nullable: true, description: 'Signed: negative when money left the user.' })
  amount!: string | null;
  @Field(() => String, { nullable: true })
  currency!: string | null;
  @Field(() => String)
  status!: string;
  @Field(() => ResourceLinkType)
  resource!: ResourceLinkType;
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => DateTimeScalar)
  updated_at!: string;
}

@ObjectType('MobileActivityPage')
export class ActivityPage {
  @Field(() => [ActivityItemType])
  data!: ActivityItemView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@InputType('CreatePaymentIntentInput')
export class CreatePaymentIntentInputType {
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  currency!: string;
  @Field(() => String, { description: "A user's email, or an account id of the caller's team." })
  recipient!: string;
  @Field(() => String, { nullable: true })
  description?: string;
  @Field(() => ID, { nullable: true })
  from_account?: string;
}

@InputType('P2pTransferInput')
export class P2pTransferInputType {
  @Field(() => String, { description: 'The recipient’s email.' })
  to_user!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  currency!: string;
  @Field(() => String, { nullable: true })
  note?: string;
  @Field(() => ID, { nullable: true })
  from_account?: string;
}

const defined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as T;

@Resolver()
export class MobilePaymentResolver {
  @Query(() => PaymentIntentType, { description: 'One payment intent of the caller’s team.' })
  paymentIntent(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<PaymentIntentView> {
    return ctx.run(GetPaymentIntent, { id });
  }

  @Query(() => P2pTransferType, { description: 'A p2p transfer the caller’s team sent or received.' })
  p2pTransfer(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<P2pTransferView> {
    return ctx.run(GetP2pTransfer, { id });
  }

  @Query(() => ActivityPage, { description: 'The caller’s activity feed, newest first.' })
  async mobileActivity(
    @Ctx() ctx: GraphqlContext,
    @Arg('first', () => Int, { nullable: true }) first?: number,
    @Arg('page', () => Int, { nullable: true }) page?: number,
  ): Promise<ActivityPage> {
    const result = numberedPage(await ctx.run(ListActivity, pageArgs(first, page)));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Mutation(() => PaymentIntentType, { description: 'As POST /mobile/payments/intents.' })
  createPaymentIntent(@Arg('input', () => CreatePaymentIntentInputType) input: CreatePaymentIntentInputType, @Ctx() ctx: GraphqlContext): Promise<PaymentIntentView> {
    return ctx.run(CreatePaymentIntent, defined({ ...input }) as never);
  }

  @Mutation(() => PaymentIntentType, { description: 'As POST /mobile/payments/intents/{id}/confirm: above confirm_assertion_above, `passkey` carries a fresh assertion of the payer.' })
  confirmPaymentIntent(
    @Arg('id', () => ID) id: string,
    @Arg('passkey', () => PasskeyAssertionInputType, { nullable: true }) passkey: PasskeyAssertionInputType | undefined,
    @Ctx() ctx: GraphqlContext,
  ): Promise<PaymentIntentView> {
    return ctx.run(ConfirmPaymentIntent, passkey ? { id, passkey: defined({ ...passkey }) as never } : { id });
  }

  @Mutation(() => PaymentIntentType, { description: 'As POST /mobile/payments/intents/{id}/cancel.' })
  cancelPaymentIntent(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<PaymentIntentView> {
    return ctx.run(CancelPaymentIntent, { id });
  }

  @Mutation(() => P2pTransferType, { description: 'As POST /mobile/transfers/p2p.' })
  sendP2pTransfer(@Arg('input', () => P2pTransferInputType) input: P2pTransferInputType, @Ctx() ctx: GraphqlContext): Promise<P2pTransferView> {
    return ctx.run(SendP2pTransfer, defined({ ...input }) as never);
  }
}
