import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Clock,
  ConflictError,
  Ledger,
  NotFoundError,
  UnitOfWork,
  type Operation,
  type RequestContext,
} from '../../../kernel/public.js';
import { isResting } from '../domain/order.js';
import type { OrderView } from '../operations.js';
import { ExchangeRepository } from '../ports.js';
import { bookEvent, orderEvent, orderView } from './views.js';

/** cancelOrder: takes a resting order out of the book and releases what it still reserves. */
@injectable()
export class CancelOrderOperation implements Operation<{ id: string }, OrderView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(ExchangeRepository) private readonly repo: ExchangeRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: { id: string }, ctx: RequestContext): Promise<OrderView> {
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const found = await this.repo.findOrder(tx, teamId, input.id);
      if (!found) throw new NotFoundError('Order', input.id);
      // Lock the book, then read again: a match may have filled it meanwhile.
      await this.repo.lockBook(tx, teamId, found.pair);
      const order = (await this.repo.findOrder(tx, teamId, input.id))!;
      if (!isResting(order.status)) throw new ConflictError(`Order ${order.id} is ${order.status}; only open orders can be cancelled.`, 'order_not_open');
      if (order.reserved > 0n) await this.ledger.release(tx, teamId, order.holdId);
      const now = this.clock.now();
      const cancelled = { ...order, status: 'cancelled' as const, reserved: 0n, updatedAt: now };
      await this.repo.updateOrders(tx, [cancelled]);
      await tx.append([orderEvent(this.assets, 'exchange.order.cancelled', cancelled), await bookEvent(this.repo, this.assets, tx, teamId, order.pair, now)]);
      return orderView(this.assets, cancelled);
    });
  }
}
