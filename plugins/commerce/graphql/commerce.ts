import { Arg, Ctx, ID, Int, Mutation, ObjectType, Field, Query, Resolver } from 'type-graphql';
import { graphqlInputType, graphqlObjectType, pageArgs, PaginatorInfo, paginatorInfo, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import {
  ApplyMerchant,
  applyMerchantInput,
  ApproveMerchant,
  CreateInvoice,
  createInvoiceInput,
  GetInvoice,
  GetMerchant,
  GetPaymentRequest,
  invoicePaymentView,
  invoiceView,
  ListInvoices,
  ListMerchants,
  merchantView,
  PayInvoice,
  paymentRequestView,
  SuspendMerchant,
  VoidInvoice,
  type ApplyMerchantInput,
  type CreateInvoiceInput,
  type InvoicePaymentView,
  type InvoiceView,
  type MerchantView,
  type PaymentRequestView,
} from '../operations.js';

/**
 * The commerce domain: merchants, invoices and paying them by pay code,
 * through the operations REST uses. Types are derived from the zod views,
 * so they match REST field for field.
 */
const MerchantType = graphqlObjectType('Merchant', merchantView);
const InvoiceType = graphqlObjectType('Invoice', invoiceView);
const PaymentRequestType = graphqlObjectType('PaymentRequest', paymentRequestView);
const InvoicePaymentType = graphqlObjectType('InvoicePayment', invoicePaymentView);
const MerchantApplicationInputType = graphqlInputType('MerchantApplicationInput', applyMerchantInput);
const CreateInvoiceInputType = graphqlInputType('CreateInvoiceInput', createInvoiceInput);

@ObjectType('MerchantPage')
export class MerchantPage {
  @Field(() => [MerchantType])
  data!: MerchantView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ObjectType('InvoicePage')
export class InvoicePage {
  @Field(() => [InvoiceType])
  data!: InvoiceView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

/** Drops the fields GraphQL sent as null, so the input schema sees them left out. */
function present<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null && field !== undefined)) as T;
}

@Resolver()
export class CommerceResolver {
  @Query(() => MerchantType, { description: 'One of the team’s merchants (not_found for another team’s).' })
  merchant(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<MerchantView> {
    return ctx.run(GetMerchant, { id });
  }

  @Query(() => MerchantPage, { description: 'The team’s merchants, oldest first.' })
  async merchants(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<MerchantPage> {
    const result = await ctx.run(ListMerchants, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => InvoiceType, { description: 'One of the team’s invoices, its status as of now (not_found for another team’s).' })
  invoice(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<InvoiceView> {
    return ctx.run(GetInvoice, { id });
  }

  @Query(() => InvoicePage, { description: 'The team’s invoices, newest first.' })
  async invoices(@Ctx() ctx: GraphqlContext, @Arg('first', () => Int, { nullable: true }) first?: number, @Arg('page', () => Int, { nullable: true }) page?: number): Promise<InvoicePage> {
    const result = await ctx.run(ListInvoices, pageArgs(first, page));
    return { data: [...result.items], paginatorInfo: paginatorInfo(result) };
  }

  @Query(() => PaymentRequestType, { description: 'What a payer sees of an invoice by its pay code (any team holding the code).' })
  paymentRequest(@Ctx() ctx: GraphqlContext, @Arg('code', () => String) code: string): Promise<PaymentRequestView> {
    return ctx.run(GetPaymentRequest, { code });
  }

  @Mutation(() => MerchantType, { description: 'Applies for a merchant settling into one of the team’s accounts; pending until an operator approves it.' })
  submitMerchantApplication(@Ctx() ctx: GraphqlContext, @Arg('input', () => MerchantApplicationInputType) input: ApplyMerchantInput): Promise<MerchantView> {
    return ctx.run(ApplyMerchant, { ...input });
  }

  @Mutation(() => MerchantType, { description: 'Approves any team’s pending or suspended merchant (operator).' })
  approveMerchant(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<MerchantView> {
    return ctx.run(ApproveMerchant, { id });
  }

  @Mutation(() => MerchantType, { description: 'Suspends an approved merchant (operator).' })
  suspendMerchant(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string, @Arg('reason', () => String) reason: string): Promise<MerchantView> {
    return ctx.run(SuspendMerchant, { id, reason });
  }

  @Mutation(() => InvoiceType, { description: 'Issues an open invoice of one of the team’s approved merchants.' })
  createInvoice(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateInvoiceInputType) input: CreateInvoiceInput): Promise<InvoiceView> {
    return ctx.run(CreateInvoice, present({ ...input }));
  }

  @Mutation(() => InvoiceType, { description: 'Voids an open invoice of the team.' })
  voidInvoice(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<InvoiceView> {
    return ctx.run(VoidInvoice, { id });
  }

  @Mutation(() => InvoicePaymentType, { description: 'Pays an invoice by its pay code from one of the team’s accounts into the merchant’s settlement account, once.' })
  payInvoice(@Ctx() ctx: GraphqlContext, @Arg('code', () => String) code: string, @Arg('account_id', () => ID) accountId: string): Promise<InvoicePaymentView> {
    return ctx.run(PayInvoice, { code, account_id: accountId });
  }
}

export const commerceGraphql: readonly GraphqlContribution[] = [{ domain: 'commerce', resolvers: [CommerceResolver] }];
