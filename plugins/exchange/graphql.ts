import { Arg, Args, ArgsType, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, registerEnumType, Resolver, Root, Subscription } from 'type-graphql';
import { BusinessRuleError, token, type Operation, type StoredEvent } from '../../kernel/public.js';
import {
  DateTimeScalar,
  pageArgs,
  paginatorInfo,
  PaginatorInfo,
  type GraphqlContext,
  type GraphqlContribution,
} from '../../kit/graphql.js';
import { CancelOrder, GetOrder, GetOrderBook, ListOrders, ListTrades, PlaceOrder, type OrderBookView, type OrderView, type TradeView } from './operations.js';

/**
 * The exchange domain: placeOrder and cancelOrder, orders, orderBook and
 * trades, and the orderBookUpdated, tradeExecuted and orderMatched
 * subscriptions fed by the matching engine's events.
 */
export enum OrderSide {
  BUY = 'BUY',
  SELL = 'SELL',
}
export enum OrderKind {
  LIMIT = 'LIMIT',
  MARKET = 'MARKET',
}
registerEnumType(OrderSide, { name: 'OrderSide' });
registerEnumType(OrderKind, { name: 'OrderType' });

@InputType('PlaceOrderInput', { description: 'An order. amount is in the base asset, price in the quote asset per one base unit (decimal strings).' })
export class PlaceOrderArgs {
  @Field(() => String, { description: 'BASE/QUOTE, e.g. BTC/USD.' })
  pair!: string;
  @Field(() => OrderSide)
  side!: OrderSide;
  @Field(() => OrderKind)
  type!: OrderKind;
  @Field(() => String)
  amount!: string;
  @Field(() => String, { nullable: true, description: 'Required for LIMIT, absent for MARKET.' })
  price?: string;
  @Field(() => ID, { nullable: true, description: 'The account trading; default the team’s oldest active account.' })
  account_id?: string;
}

@ObjectType()
export class Order {
  @Field(() => ID)
  id!: string;
  @Field(() => ID)
  account_id!: string;
  @Field(() => String)
  pair!: string;
  @Field(() => OrderSide)
  side!: string;
  @Field(() => OrderKind)
  type!: string;
  @Field(() => String, { nullable: true })
  price!: string | null;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  filled_amount!: string;
  @Field(() => String, { description: 'open, partially_filled, filled or cancelled.' })
  status!: string;
  @Field(() => DateTimeScalar)
  created_at!: string;
  @Field(() => DateTimeScalar)
  updated_at!: string;
}

@ObjectType()
export class BookLevel {
  @Field(() => String)
  price!: string;
  @Field(() => String, { description: 'Open amount at this price (base asset).' })
  amount!: string;
}

@ObjectType({ description: 'Price levels of one pair in the team’s book, best first.' })
export class OrderBook {
  @Field(() => String)
  pair!: string;
  @Field(() => [BookLevel])
  bids!: BookLevel[];
  @Field(() => [BookLevel])
  asks!: BookLevel[];
  @Field(() => DateTimeScalar)
  updated_at!: string;
}

@ObjectType()
export class Trade {
  @Field(() => ID)
  id!: string;
  @Field(() => String)
  pair!: string;
  @Field(() => String)
  price!: string;
  @Field(() => String)
  amount!: string;
  @Field(() => String)
  quote_amount!: string;
  @Field(() => ID)
  buy_order_id!: string;
  @Field(() => ID)
  sell_order_id!: string;
  @Field(() => OrderSide)
  taker_side!: string;
  @Field(() => DateTimeScalar)
  executed_at!: string;
}

@ObjectType()
export class OrderPage {
  @Field(() => [Order])
  data!: OrderView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ObjectType()
export class TradePage {
  @Field(() => [Trade])
  data!: TradeView[];
  @Field(() => PaginatorInfo)
  paginatorInfo!: PaginatorInfo;
}

@ArgsType()
export class OrdersArgs {
  @Field(() => String, { nullable: true })
  pair?: string;
  @Field(() => String, { nullable: true })
  status?: string;
  @Field(() => Int, { nullable: true })
  first?: number;
  @Field(() => Int, { nullable: true })
  page?: number;
}

@ArgsType()
export class TradesArgs {
  @Field(() => String, { nullable: true })
  pair?: string;
  @Field(() => Int, { nullable: true })
  first?: number;
  @Field(() => Int, { nullable: true })
  page?: number;
}

/** Core banking's list operation, reached by its token through the container (no import of its files). */
const ListAccounts = token<Operation<{ page: number; per_page: number }, { items: readonly { uuid: string; status: string }[] }>>('core-banking.list-accounts');

async function defaultAccount(ctx: GraphqlContext): Promise<string> {
  const page = await ctx.run(ListAccounts, { page: 1, per_page: 100 });
  const account = page.items.find((item) => item.status === 'active');
  if (!account) throw new BusinessRuleError('account_required', 'The team has no active account: open one or pass account_id.', { pointer: '/account_id' });
  return account.uuid;
}

function payloadOf<T>(event: StoredEvent): T {
  return event.payload as T;
}

/** The order as the event recorded it, with the order's own created_at and updated_at. */
function orderFromEvent(event: StoredEvent): OrderView {
  const { order_id, ...order } = payloadOf<Omit<OrderView, 'id'> & { order_id: string }>(event);
  return { ...order, id: order_id };
}

@Resolver(() => Order)
export class ExchangeResolver {
  @Mutation(() => Order, { description: 'Places an order: funds are reserved, it matches at once by price-time priority, and a LIMIT remainder rests.' })
  async placeOrder(@Arg('input', () => PlaceOrderArgs) input: PlaceOrderArgs, @Ctx() ctx: GraphqlContext): Promise<OrderView> {
    const accountId = input.account_id ?? (await defaultAccount(ctx));
    return ctx.run(PlaceOrder, { account_id: accountId, pair: input.pair, side: input.side, type: input.type, amount: input.amount, price: input.price });
  }

  @Mutation(() => Order, { description: 'Cancels a resting order and releases what it still reserves.' })
  cancelOrder(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<OrderView> {
    return ctx.run(CancelOrder, { id });
  }

  @Query(() => Order, { nullable: true })
  async order(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphqlContext): Promise<OrderView | null> {
    try {
      return await ctx.run(GetOrder, { id });
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
  }

  @Query(() => OrderPage, { description: 'The team’s orders, newest first.' })
  async orders(@Args(() => OrdersArgs) args: OrdersArgs, @Ctx() ctx: GraphqlContext): Promise<OrderPage> {
    const page = await ctx.run(ListOrders, { pair: args.pair, status: args.status, ...pageArgs(args.first, args.page) });
    return { data: [...page.items], paginatorInfo: paginatorInfo(page) };
  }

  @Query(() => OrderBook)
  orderBook(@Arg('pair', () => String) pair: string, @Arg('depth', () => Int, { nullable: true }) depth: number | undefined, @Ctx() ctx: GraphqlContext): Promise<OrderBookView> {
    return ctx.run(GetOrderBook, { pair, ...(depth !== undefined ? { depth } : {}) });
  }

  @Query(() => TradePage, { description: 'The team’s trades, newest first.' })
  async trades(@Args(() => TradesArgs) args: TradesArgs, @Ctx() ctx: GraphqlContext): Promise<TradePage> {
    const page = await ctx.run(ListTrades, { pair: args.pair, ...pageArgs(args.first, args.page) });
    return { data: [...page.items], paginatorInfo: paginatorInfo(page) };
  }

  @Subscription(() => OrderBook, {
    description: 'The pair’s top 20 levels after every change of the team’s book.',
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphqlContext;
      await ctx.run(GetOrderBook, { pair: args['pair'] as string, depth: 1 });
      return ctx.events((event) => event.type === 'exchange.order_book.updated' && event.aggregateId === args['pair']);
    },
  })
  orderBookUpdated(@Arg('pair', () => String) _pair: string, @Root() event: StoredEvent): OrderBookView {
    return payloadOf<OrderBookView>(event);
  }

  @Subscription(() => Trade, {
    description: 'Every trade of the pair in the team’s book.',
    subscribe: async ({ args, context }) => {
      const ctx = context as GraphqlContext;
      await ctx.run(GetOrderBook, { pair: args['pair'] as string, depth: 1 });
      return ctx.events((event) => event.type === 'exchange.trade.executed' && event.aggregateId === args['pair']);
    },
  })
  tradeExecuted(@Arg('pair', () => String) _pair: string, @Root() event: StoredEvent): TradeView {
    const { trade_id, ...rest } = payloadOf<TradeView & { trade_id: string }>(event);
    return { ...rest, id: trade_id };
  }

  @Subscription(() => Order, {
    description:
      'Fills of the team’s orders: one message per order and fill, maker and taker alike, with the order as it stands after that fill (created_at and updated_at are the order’s). All pairs without pair.',
    subscribe: ({ args, context }) =>
      (context as GraphqlContext).events(
        (event) => event.type === 'exchange.order.matched' && (args['pair'] == null || event.payload['pair'] === args['pair']),
      ),
  })
  orderMatched(@Arg('pair', () => String, { nullable: true }) _pair: string | undefined, @Root() event: StoredEvent): OrderView {
    return orderFromEvent(event);
  }
}

export const exchangeGraphql: readonly GraphqlContribution[] = [{ domain: 'exchange', resolvers: [ExchangeResolver] }];
