import { Arg, Args, ArgsType, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver, Root, Subscription } from 'type-graphql';
import { numberedPage, type StoredEvent } from '../../../kernel/public.js';
import { DateTimeScalar, liveMessages, pageArgs, paginatorInfo, PaginatorInfo, type GraphqlContext } from '../../../kit/graphql.js';
import * as ops from '../operations.js';
import type { BalancesView, TransferView } from '../operations.js';
import { AccountBalance, orNull } from './account.js';

/**
 * The banking domain: balances, transfers (create, read, list) and the
 * transferCompleted subscription, all through core banking's operations.
 */
@ObjectType()
export class TransferFees {
  @Field(() => String)
  transfer_fee!: string;
  @Field(() => String)
  currency!: string;
}

@ObjectType({ description: 'A transfer between two accounts of the caller’s team.' })
export class Transfer {
  @Field(() => ID)
  uuid!: string;
  @Field(() => ID)
  from_account!: string;
  @Field(() => ID)
  to_account!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  asset_code!: string;
  @Field(() => String, { nullable: true, description: 'The chain a token is held on; null for an off-chain asset.' })
  chain!: string | null;
  @Field(() => String, { description: 'pending, pending_review (held for a compliance review), completed, failed, expired or reversed.' })
  status!: string;
  @Field(() => String, { nullable: true })
  reference!: string | null;
  @Field(() => ID, { nullable: true })
  workflow_id?: string;
  @Field(() => TransferFees)
  fees!: TransferFees;
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => DateTimeScalar)
  estimated_completion!: string;
}

@ObjectType()
export class TransferPage {
  @Field(() => [Transfer])
  data!: TransferView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ObjectType()
export class BalanceSummary {
  @Field(() => Int)
  total_assets!: number;
  @Field(() => String)
  total_usd_equivalent!: string;
}

@ObjectType({ description: 'Every asset balance of one account.' })
export class AccountBalances {
  @Field(() => ID)
  account_uuid!: string;
  @Field(() => [AccountBalance])
  balances!: AccountBalance[];
  @Field(() => BalanceSummary)
  summary!: BalanceSummary;
}

@ArgsType()
export class TransfersArgs {
  @Field(() => ID)
  account_id!: string;
  @Field(() => Int, { nullable: true })
  first?: number;
  @Field(() => Int, { nullable: true })
  page?: number;
}

/** GraphQL's CreateTransferInput: the create-transfer input without metadata and routing. */
@InputType('CreateTransferInput')
export class CreateTransferArgs {
  @Field(() => ID)
  from_account!: string;
  @Field(() => ID)
  to_account!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  asset_code!: string;
  @Field(() => String, { nullable: true, description: 'For a token: the chain (name or CAIP-2 id); default ethereum.' })
  chain?: string;
  @Field(() => String, { nullable: true })
  reference?: string;
  @Field(() => Boolean, { nullable: true, description: 'Settle through the durable workflow (compensated on failure).' })
  workflow_enabled?: boolean;
}

@ObjectType({ description: 'A transfer reached its outcome: completed, or failed / expired (then the subscription also ends).' })
export class TransferCompletion {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  status!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  asset_code!: string;
  @Field(() => DateTimeScalar)
  completed_at!: Date;
}

@Resolver(() => Transfer)
export class BankingResolver {
  @Query(() => AccountBalances, { nullable: true, description: 'Balances of one account; null for unknown ids.' })
  balances(@Arg('account_id', () => ID) accountId: string, @Ctx() ctx: GraphqlContext): Promise<BalancesView | null> {
    return orNull(ctx.run(ops.GetBalances, { id: accountId }));
  }

  @Query(() => Transfer, { nullable: true })
  transfer(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<TransferView | null> {
    return orNull(ctx.run(ops.GetTransfer, { id }));
  }

  @Query(() => TransferPage, { description: 'Transfers from or to one account, newest first.' })
  async transfers(@Args(() => TransfersArgs) args: TransfersArgs, @Ctx() ctx: GraphqlContext): Promise<TransferPage> {
    const page = numberedPage(await ctx.run(ops.ListAccountTransfers, { id: args.account_id, ...pageArgs(args.first, args.page) }));
    return { data: [...page.items], paginatorInfo: paginatorInfo(page) };
  }

  @Mutation(() => Transfer, { description: 'Creates a transfer (as POST /transfers).' })
  createTransfer(@Arg('input', () => CreateTransferArgs) input: CreateTransferArgs, @Ctx() ctx: GraphqlContext): Promise<TransferView> {
    return ctx.run(ops.CreateTransfer, { ...input });
  }

  @Subscription(() => TransferCompletion, {
    description: 'Fires once with the transfer’s outcome (completed, failed or expired) and ends; at once if it is already final.',
    subscribe: ({ args, context }) => transferCompletions(context as GraphqlContext, args['id'] as string),
  })
  transferCompleted(@Arg('id', () => ID) _id: string, @Root() completion: TransferCompletion): TransferCompletion {
    return completion;
  }
}

/** A transfer in one of these states will not change again (reversal aside, which follows completion). */
const FINAL = new Set(['completed', 'failed', 'expired']);

function transferCompletions(ctx: GraphqlContext, id: string): AsyncIterable<TransferCompletion> {
  // Listening starts before the read, so an outcome between the two is not lost; the read is also the tenancy check.
  const events = ctx.events((event) => event.type.startsWith('transfer.') && FINAL.has(event.type.slice('transfer.'.length)) && event.aggregateId === id);
  return liveMessages(
    events,
    (event) => ({ messages: [completionOf(event)], done: true }),
    async () => {
      const current = await ctx.run(ops.GetTransfer, { id });
      if (!FINAL.has(current.status)) return { messages: [] };
      return {
        messages: [{ id, status: current.status, amount: current.amount, asset_code: current.asset_code, completed_at: new Date(current.created_at) }],
        done: true,
      };
    },
  );
}

function completionOf(event: StoredEvent): TransferCompletion {
  const p = event.payload as Record<string, string>;
  return { id: event.aggregateId, status: event.type.replace('transfer.', ''), amount: p['amount']!, asset_code: p['asset_code']!, completed_at: event.occurredAt };
}
