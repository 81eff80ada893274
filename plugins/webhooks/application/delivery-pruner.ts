import { inject, injectable } from 'inversify';
import { Clock, token, UnitOfWork, type PeriodicTask } from '../../../kernel/public.js';
import { WebhooksConfig } from '../config.js';
import { DeliveryRepository } from '../ports.js';

/** Deliveries deleted per unit of work: keeps each transaction (and its row locks) short. */
const PRUNE_BATCH = 1_000;

/**
 * A Scheduler task: deletes finished deliveries (succeeded, failed, cancelled),
 * with their bodies and attempts, once `delivery_retention_ms` has passed
 * since their last change, so the outbox and the history do not grow
 * without bound. Pending deliveries are never pruned. Every serving process
 * may run it: the deletes are idempotent.
 */
@injectable()
export class DeliveryPruner implements PeriodicTask {
  readonly name = 'webhooks.prune-deliveries';

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
    @inject(WebhooksConfig) private readonly config: WebhooksConfig,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  get intervalMs(): number {
    return this.config.prune_interval_ms;
  }

  /** Deletes what has passed the retention now, in batches; returns how many deliveries went. */
  async run(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.config.delivery_retention_ms);
    let total = 0;
    for (;;) {
      const deleted = await this.uow.run((tx) => this.deliveries.prune(tx, before, PRUNE_BATCH));
      total += deleted;
      if (deleted < PRUNE_BATCH) return total;
    }
  }
}

export const Pruner = token<DeliveryPruner>('webhooks.delivery-pruner');
