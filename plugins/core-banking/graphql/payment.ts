import { Arg, Args, ArgsType, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver, Root, Subscription } from 'type-graphql';
import { numberedPage, type StoredEvent } from '../../../kernel/public.js';
import {
  DateScalar,
  DateTimeScalar,
  liveMessages,
  pageArgs,
  paginatorInfo,
  PaginatorInfo,
  type GraphqlContext,
} from '../../../kit/graphql.js';
import * as ops from '../operations.js';
import type { ListAccountTransactionsInput, ListTransactionsInput, TransactionView } from '../operations.js';

/**
 * The payment domain: transactions of an account, deposit and withdraw (the
 * REST operations), transactionCreated, and paymentStatusChanged, which is
 * declared now and fed by payment_intent.* events once mobile payments exist.
 */
@ObjectType({ description: 'A deposit, withdrawal or transfer leg on one account.' })
export class Transaction {
  @Field(() => ID)
  uuid!: string;
  @Field(() => ID)
  account_uuid!: string;
  @Field(() => String, { description: 'deposit, withdrawal or transfer.' })
  type!: string;
  @Field(() => String, { description: 'Decimal string at the asset precision.' })
  amount!: string;
  @Field(() => String)
  asset_code!: string;
  @Field(() => String, { nullable: true, description: 'The chain a token is held on; null for an off-chain asset.' })
  chain!: string | null;
  @Field(() => String, { description: 'pending, pending_review (a sent transfer held for a compliance review), completed or failed.' })
  status!: string;
  @Field(() => String, { nullable: true })
  reference!: string | null;
  @Field(() => String, { nullable: true, description: 'Available balance right after the transaction posted.' })
  balance_after!: string | null;
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => DateTimeScalar, { nullable: true })
  completed_at!: string | null;
}

@ObjectType()
export class TransactionPage {
  @Field(() => [Transaction])
  data!: TransactionView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ArgsType()
export class TransactionsArgs {
  @Field(() => ID)
  account_id!: string;
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' })
  first?: number;
  @Field(() => Int, { nullable: true })
  page?: number;
  // Typed as the operation's input; GraphQL sends any string, which the operation refuses with 422.
  @Field(() => String, { nullable: true, description: 'deposit, withdrawal or transfer.' })
  type?: ListAccountTransactionsInput['type'];
  @Field(() => String, { nullable: true, description: 'pending, pending_review, completed or failed.' })
  status?: ListAccountTransactionsInput['status'];
  @Field(() => DateScalar, { nullable: true, description: 'From this day (inclusive, UTC).' })
  start_date?: Date;
  @Field(() => DateScalar, { nullable: true, description: 'Up to and including this day (UTC).' })
  end_date?: Date;
}

@ArgsType()
export class TeamTransactionsArgs {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' })
  first?: number;
  @Field(() => Int, { nullable: true })
  page?: number;
  @Field(() => String, { nullable: true })
  asset_code?: string;
  // Typed as the operation's input; GraphQL sends any string, which the operation refuses with 422.
  @Field(() => String, { nullable: true, description: 'pending, pending_review, completed or failed.' })
  status?: ListTransactionsInput['status'];
}

@InputType({ description: 'Money in or out of one account (as POST /accounts/{id}/deposit and /withdraw).' })
export class MoneyMovementInput {
  @Field(() => ID)
  account_id!: string;
  @Field(() => String, { description: 'Decimal string, e.g. "100.00".' })
  amount!: string;
  @Field(() => String)
  asset_code!: string;
  @Field(() => String, { nullable: true, description: 'For a token: the chain (name or CAIP-2 id); default ethereum.' })
  chain?: string;
  @Field(() => String, { nullable: true })
  reference?: string;
}

@ObjectType({ description: 'A payment changed status (fed by payment_intent.* events when mobile payments are enabled).' })
export class PaymentStatusChange {
  @Field(() => ID)
  payment_id!: string;
  @Field(() => String)
  event!: string;
  @Field(() => String, { nullable: true })
  status!: string | null;
  @Field(() => DateTimeScalar)
  updated_at!: Date;
}

const MOVEMENTS = new Set(['deposit', 'withdrawal', 'transfer']);

@Resolver(() => Transaction)
export class PaymentResolver {
  @Query(() => TransactionPage, { description: 'Transactions of one account of the caller’s team, newest first.' })
  async transactions(@Args(() => TransactionsArgs) args: TransactionsArgs, @Ctx() ctx: GraphqlContext): Promise<TransactionPage> {
    const page = numberedPage(await ctx.run(ops.ListAccountTransactions, {
      id: args.account_id,
      ...(({ page, per_page }) => ({ page, limit: per_page }))(pageArgs(args.first, args.page)),
      ...(args.type !== undefined ? { type: args.type } : {}),
      ...(args.status !== undefined ? { status: args.status } : {}),
      // A whole day, as the REST filter reads a date-only value.
      ...(args.start_date ? { start_date: args.start_date.toISOString().slice(0, 10) } : {}),
      ...(args.end_date ? { end_date: args.end_date.toISOString().slice(0, 10) } : {}),
    }));
    return { data: [...page.items], paginatorInfo: paginatorInfo(page) };
  }

  @Query(() => TransactionPage, { description: 'Every transaction of the caller’s team, newest first (GET /transactions); filters asset_code and status.' })
  async teamTransactions(@Args(() => TeamTransactionsArgs) args: TeamTransactionsArgs, @Ctx() ctx: GraphqlContext): Promise<TransactionPage> {
    const page = numberedPage(await ctx.run(ops.ListTransactions, {
      ...pageArgs(args.first, args.page),
      ...(args.asset_code != null ? { asset_code: args.asset_code } : {}),
      ...(args.status != null ? { status: args.status } : {}),
    }));
    return { data: [...page.items], paginatorInfo: paginatorInfo(page) };
  }

  @Mutation(() => Transaction, { description: 'Credits the account (as POST /accounts/{id}/deposit).' })
  deposit(@Arg('input', () => MoneyMovementInput) input: MoneyMovementInput, @Ctx() ctx: GraphqlContext): Promise<TransactionView> {
    return ctx.run(ops.Deposit, { id: input.account_id, amount: input.amount, asset_code: input.asset_code, chain: input.chain, reference: input.reference });
  }

  @Mutation(() => Transaction, { description: 'Debits the account (as POST /accounts/{id}/withdraw).' })
  withdraw(@Arg('input', () => MoneyMovementInput) input: MoneyMovementInput, @Ctx() ctx: GraphqlContext): Promise<TransactionView> {
    return ctx.run(ops.Withdraw, { id: input.account_id, amount: input.amount, asset_code: input.asset_code, chain: input.chain, reference: input.reference });
  }

  @Subscription(() => Transaction, {
    description: 'New transactions on one account of the caller’s team.',
    subscribe: ({ args, context }) => newTransactions(context as GraphqlContext, args['accountId'] as string),
  })
  transactionCreated(@Arg('accountId', () => ID) _accountId: string, @Root() transaction: TransactionView): TransactionView {
    return transaction;
  }

  @Subscription(() => PaymentStatusChange, {
    description: 'Status changes of payments (payment_intent.* events); all of the team’s payments without payment_id.',
    subscribe: ({ args, context }) =>
      (context as GraphqlContext).events(
        (event) => event.type.startsWith('payment_intent.') && (args['payment_id'] == null || event.aggregateId === args['payment_id']),
      ),
  })
  paymentStatusChanged(
    @Arg('payment_id', () => ID, { nullable: true }) _paymentId: string | undefined,
    @Root() event: StoredEvent,
  ): PaymentStatusChange {
    const status = event.payload['status'];
    return { payment_id: event.aggregateId, event: event.type, status: typeof status === 'string' ? status : null, updated_at: event.occurredAt };
  }
}

/**
 * Transactions are rows, not events: every balance change of the account from
 * a deposit, withdrawal or transfer prompts a read of its newest rows (written
 * in the same unit of work as the change), and rows not seen before are sent.
 */
function newTransactions(ctx: GraphqlContext, accountId: string): AsyncIterable<TransactionView> {
  // The largest page: a burst of more rows than this between two reads would be sent only in part.
  const newest = () => ctx.run(ops.ListAccountTransactions, { id: accountId, limit: 100, page: 1, sort: '-created_at' });
  const seen = new Set<string>();
  const events = ctx.events(
    (event) =>
      event.type === 'account.balance_updated' && event.aggregateId === accountId && MOVEMENTS.has(String(event.payload['movement_kind'])),
  );
  return liveMessages(
    events,
    async () => {
      const fresh = (await newest()).items.filter((row) => !seen.has(row.uuid)).reverse();
      for (const row of fresh) seen.add(row.uuid);
      return { messages: fresh };
    },
    // Also the tenancy check: another team's account is a not_found error here.
    async () => {
      for (const row of (await newest()).items) seen.add(row.uuid);
      return { messages: [] };
    },
  );
}
