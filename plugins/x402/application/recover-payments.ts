import { inject, injectable } from 'inversify';
import { Clock, UnitOfWork } from '../../../kernel/public.js';
import { X402Config } from '../config.js';
import { PaymentRepository } from '../ports.js';
import { FinishMadePayment } from './finish-made-payment.js';

const BATCH = 100;

/**
 * Finishes payments a crash (or a lost connection) left `verified`, once
 * nothing can change them any more:
 * - a payment made whose authorization settled here (this service's own
 *   facilitator recorded its nonce as received and settled) is settled with
 *   that transaction; one whose authorization expired unsettled is failed
 *   (`authorization_expired`) and its spending given back;
 * - a payment received that was verified but never settled (the process
 *   stopped between verify and settle, or the call failed and was not
 *   charged) is failed (`not_settled`) after max_timeout_seconds.
 * Runs at start and every minute (x402.recover-payments); each record is
 * finished by a conditional update, so processes racing agree.
 */
@injectable()
export class RecoverPayments {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(FinishMadePayment) private readonly finisher: FinishMadePayment,
    @inject(X402Config) private readonly config: X402Config,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async run(): Promise<number> {
    const now = this.clock.now();
    const before = new Date(now.getTime() - this.config.max_timeout_seconds * 1000);
    const stale = await this.uow.readOnly((tx) => this.payments.staleVerified(tx, before, BATCH));
    let finished = 0;
    for (const payment of stale) {
      const done = await this.uow.run(async (tx) => {
        if (payment.direction === 'received') {
          return (await this.payments.finish(tx, payment.id, { status: 'failed', failureReason: 'not_settled', txHash: null, settledAt: null })) !== undefined;
        }
        const settled = await this.payments.settledByNonce(tx, payment.network, payment.payer, payment.nonce);
        if (settled) return (await this.finisher.settleIn(tx, payment, settled.txHash)).status === 'settled';
        if (payment.made && payment.made.validBefore <= now) return (await this.finisher.failIn(tx, payment, 'authorization_expired')).status === 'failed';
        return false;
      });
      if (done) finished += 1;
    }
    return finished;
  }
}
