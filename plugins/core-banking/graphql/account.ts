import { Arg, Args, ArgsType, Ctx, Field, ID, InputType, Int, ObjectType, Query, Resolver, Root, Mutation, Subscription } from 'type-graphql';
import { formatMinor, type AssetCatalog, type StoredEvent } from '../../../kernel/public.js';
import { DateTimeScalar, pageArgs, paginatorInfo, PaginatorInfo, type GraphqlContext } from '../../../kit/graphql.js';
import * as ops from '../operations.js';
import type { AccountDetailView, BalanceView } from '../operations.js';

/**
 * The account domain: account(id), accounts(first, page), createAccount and
 * the accountUpdated subscription. Balances come from GetAccount, the same
 * ledger read as GET /accounts/{id}.
 */
@ObjectType({ description: 'Balance of one asset in an account (decimal strings).' })
export class AccountBalance {
  @Field(() => String)
  asset_code!: string;
  @Field(() => String, { nullable: true, description: 'The chain a token is held on; null for an off-chain asset.' })
  chain!: string | null;
  @Field(() => String)
  available_balance!: string;
  @Field(() => String)
  reserved_balance!: string;
  @Field(() => String)
  total_balance!: string;
}

@ObjectType({ description: 'A multi-asset account of the caller’s team.' })
export class Account {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  name!: string;
  @Field(() => String)
  type!: string;
  @Field(() => String, { description: 'Available balance in `currency` (decimal string).' })
  balance!: string;
  @Field(() => String, { description: 'The account’s main asset: metadata.currency when set, else the first asset it holds, else USD.' })
  currency!: string;
  @Field(() => String, { description: 'active, frozen or closed.' })
  status!: string;
  @Field(() => [AccountBalance])
  balances!: BalanceView[];
  @Field(() => DateTimeScalar)
  created_at!: string;
}

@ObjectType()
export class AccountPage {
  @Field(() => [Account])
  data!: Account[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: 'Page size, 1 to 100 (default 20).' })
  first?: number;
  @Field(() => Int, { nullable: true, description: 'Page number from 1 (default 1).' })
  page?: number;
}

/** GraphQL's CreateAccountInput: type is optional here (default personal). */
@InputType('CreateAccountInput')
export class CreateAccountArgs {
  @Field(() => String)
  name!: string;
  @Field(() => String, { nullable: true, description: 'Default personal.' })
  type?: string;
}

@ObjectType({ description: 'An account’s balance or status changed.' })
export class AccountUpdate {
  @Field(() => ID)
  id!: string;
  @Field(() => String, { description: 'account.balance_updated, account.frozen, account.unfrozen, account.closed or account.updated.' })
  event!: string;
  @Field(() => String, { nullable: true, description: 'Status after the change, for status events.' })
  status?: string | null;
  @Field(() => String, { nullable: true })
  asset_code?: string | null;
  @Field(() => String, { nullable: true })
  available_balance?: string | null;
  @Field(() => String, { nullable: true })
  reserved_balance?: string | null;
  @Field(() => String, { nullable: true })
  total_balance?: string | null;
  @Field(() => DateTimeScalar)
  updated_at!: Date;
}

const MAIN_DEFAULT = 'USD';

export function accountOf(view: AccountDetailView, assets: AssetCatalog): Account {
  const named = view.metadata['currency'];
  const currency =
    typeof named === 'string' && named !== ''
      ? named
      : ([...view.balances].sort((a, b) => a.asset_code.localeCompare(b.asset_code))[0]?.asset_code ?? MAIN_DEFAULT);
  const balance = view.balances.find((row) => row.asset_code === currency)?.available_balance ?? formatMinor(0n, assets.find(currency)?.precision ?? 0);
  return {
    id: view.uuid,
    name: view.name,
    type: view.type,
    balance,
    currency,
    status: view.status,
    balances: [...view.balances],
    created_at: view.created_at,
  };
}

const ACCOUNT_EVENTS = new Set(['account.balance_updated', 'account.updated', 'account.frozen', 'account.unfrozen', 'account.closed']);

export function accountUpdateOf(event: StoredEvent): AccountUpdate {
  const p = event.payload as Record<string, string | null | undefined>;
  const balance = event.type === 'account.balance_updated';
  return {
    id: event.aggregateId,
    event: event.type,
    status: balance ? null : (p['status'] ?? null),
    asset_code: p['asset_code'] ?? null,
    available_balance: p['available_balance'] ?? null,
    reserved_balance: p['reserved_balance'] ?? null,
    total_balance: p['total_balance'] ?? null,
    updated_at: event.occurredAt,
  };
}

@Resolver(() => Account)
export class AccountResolver {
  @Query(() => Account, { nullable: true, description: 'One account of the caller’s team; null for unknown ids and other teams’ accounts.' })
  async account(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<Account | null> {
    const view = await orNull(ctx.run(ops.GetAccount, { id }));
    return view ? accountOf(view, ctx.assets) : null;
  }

  @Query(() => AccountPage, { description: 'The caller’s team’s accounts, oldest first.' })
  async accounts(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: GraphqlContext): Promise<AccountPage> {
    const page = await ctx.run(ops.ListAccounts, pageArgs(args.first, args.page));
    // The list view has no balances: read each account as GET /accounts/{id} does (at most 100).
    const details = await Promise.all(page.items.map((item) => ctx.run(ops.GetAccount, { id: item.uuid })));
    return { data: details.map((view) => accountOf(view, ctx.assets)), paginatorInfo: paginatorInfo(page) };
  }

  @Mutation(() => Account, { description: 'Opens an account (as POST /accounts).' })
  async createAccount(@Arg('input', () => CreateAccountArgs) input: CreateAccountArgs, @Ctx() ctx: GraphqlContext): Promise<Account> {
    const created = await ctx.run(ops.CreateAccount, { name: input.name, type: input.type ?? 'personal' });
    return accountOf({ ...created, balances: [] }, ctx.assets);
  }

  @Subscription(() => AccountUpdate, {
    description: 'Balance and status changes of one account of the caller’s team.',
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphqlContext;
      // Unknown or another team's account: a not_found error, never a silent stream.
      await ctx.run(ops.GetAccount, { id: args['id'] as string });
      return ctx.events((event) => ACCOUNT_EVENTS.has(event.type) && event.aggregateId === args['id']);
    },
  })
  accountUpdated(@Arg('id', () => ID) _id: string, @Root() event: StoredEvent): AccountUpdate {
    return accountUpdateOf(event);
  }
}

/** Not found (404) becomes null, as GraphQL lookups by id expect; other failures stay errors. */
export async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}
