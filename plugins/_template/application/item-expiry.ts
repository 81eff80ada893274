import { inject, injectable } from 'inversify';
import { Clock, UnitOfWork } from '../../../kernel/public.js';
import { TemplateConfig } from '../config.js';
import { ItemExpired } from '../events.js';
import { ItemRepository } from '../ports.js';
import { itemView } from './views.js';

/**
 * The scheduled sweep: expires active items past their expiry, one batch per
 * pass, each with its event in the same unit of work. Safe in several
 * processes at once (the repository skips rows another one holds).
 */
@injectable()
export class ItemExpiry {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ItemRepository) private readonly items: ItemRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(TemplateConfig) private readonly config: TemplateConfig,
  ) {}

  /** One pass; returns how many items it expired. */
  sweep(): Promise<number> {
    return this.uow.run(async (tx) => {
      const expired = await this.items.expireDue(tx, this.clock.now(), this.config.expiry_sweep_batch);
      if (expired.length > 0) {
        await tx.append(
          expired.map((item) => ({ type: ItemExpired.name, teamId: item.teamId, aggregateType: 'template_item', aggregateId: item.id, payload: itemView(item) })),
        );
      }
      return expired.length;
    });
  }
}
