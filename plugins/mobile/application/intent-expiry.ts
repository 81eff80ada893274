import { inject, injectable } from 'inversify';
import { Clock, UnitOfWork } from '../../../kernel/public.js';
import { MobileConfig } from '../config.js';
import { PaymentIntentRepository } from '../ports.js';
import { PaymentSettlement } from './payment-settlement.js';

/** The scheduled task mobile.expire-payment-intents: intents past expires_at awaiting confirmation expire, holds released, a batch per pass. */
@injectable()
export class IntentExpiry {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PaymentIntentRepository) private readonly intents: PaymentIntentRepository,
    @inject(PaymentSettlement) private readonly settlement: PaymentSettlement,
    @inject(MobileConfig) private readonly config: MobileConfig,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  sweep(): Promise<number> {
    return this.uow.run(async (tx) => {
      const expired = await this.intents.expireDue(tx, this.clock.now(), this.config.expiry_sweep_batch);
      for (const intent of expired) await this.settlement.expired(tx, intent);
      return expired.length;
    });
  }
}
