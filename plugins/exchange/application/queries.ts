import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Clock,
  listPage,
  NotFoundError,
  pageRequest,
  UnitOfWork,
  ValidationError,
  type Operation,
  type Page,
  type RequestContext,
} from '../../../kernel/public.js';
import { parsePair, type OrderRecord, type OrderStatus, type TradeRecord } from '../domain/order.js';
import type { ListOrdersInput, ListTradesInput, OrderBookView, OrderView, TradeView } from '../operations.js';
import { ExchangeRepository } from '../ports.js';
import { bookView, orderView, tradeView } from './views.js';

/** The exchange's read operations: one order, the team's orders, a book's levels, trades. */
const STATUSES: readonly OrderStatus[] = ['open', 'partially_filled', 'filled', 'cancelled'];


function pairOf(value: string | undefined, assets: AssetCatalog): string | undefined {
  if (value === undefined) return undefined;
  const pair = parsePair(value);
  if (!pair || !assets.find(pair.base) || !assets.find(pair.quote)) {
    throw new ValidationError([{ parameter: 'pair', detail: 'pair must be BASE/QUOTE of two configured assets, e.g. BTC/USD' }]);
  }
  return pair.symbol;
}

@injectable()
export class GetOrderOperation implements Operation<{ id: string }, OrderView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ExchangeRepository) private readonly repo: ExchangeRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: { id: string }, ctx: RequestContext): Promise<OrderView> {
    const order = await this.uow.run((tx) => this.repo.findOrder(tx, ctx.actor.teamId, input.id));
    if (!order) throw new NotFoundError('Order', input.id);
    return orderView(this.assets, order);
  }
}

@injectable()
export class ListOrdersOperation implements Operation<ListOrdersInput, Page<OrderView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ExchangeRepository) private readonly repo: ExchangeRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: ListOrdersInput, ctx: RequestContext): Promise<Page<OrderView>> {
    const page = pageRequest(input.page, input.per_page, 'first');
    if (input.status !== undefined && !STATUSES.includes(input.status as OrderStatus)) {
      throw new ValidationError([{ parameter: 'status', detail: `status must be one of ${STATUSES.join(', ')}` }]);
    }
    const pair = pairOf(input.pair, this.assets);
    const filter = { ...(pair ? { pair } : {}), ...(input.status ? { status: input.status as OrderStatus } : {}) };
    return listPage(this.uow, page, (order: OrderRecord) => orderView(this.assets, order), (tx) => this.repo.listOrders(tx, ctx.actor.teamId, filter, page));
  }
}

@injectable()
export class GetOrderBookOperation implements Operation<{ pair: string; depth?: number }, OrderBookView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ExchangeRepository) private readonly repo: ExchangeRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: { pair: string; depth?: number }, ctx: RequestContext): Promise<OrderBookView> {
    const pair = pairOf(input.pair, this.assets)!;
    const depth = input.depth ?? 20;
    if (!Number.isInteger(depth) || depth < 1 || depth > 100) throw new ValidationError([{ parameter: 'depth', detail: 'depth must be an integer from 1 to 100' }]);
    return this.uow.run((tx) => bookView(this.repo, this.assets, tx, ctx.actor.teamId, pair, depth, this.clock.now()));
  }
}

@injectable()
export class ListTradesOperation implements Operation<ListTradesInput, Page<TradeView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ExchangeRepository) private readonly repo: ExchangeRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: ListTradesInput, ctx: RequestContext): Promise<Page<TradeView>> {
    const page = pageRequest(input.page, input.per_page, 'first');
    const pair = pairOf(input.pair, this.assets);
    return listPage(this.uow, page, (trade: TradeRecord) => tradeView(this.assets, trade), (tx) => this.repo.listTrades(tx, ctx.actor.teamId, pair, page));
  }
}
