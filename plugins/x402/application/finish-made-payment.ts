import { inject, injectable } from 'inversify';
import { Clock, UnitOfWork, type Tx } from '../../../kernel/public.js';
import type { PaymentRecord } from '../domain/records.js';
import { agentSubject, periodsOf, TEAM_SUBJECT } from '../domain/spending.js';
import { PaymentMade } from '../events.js';
import { PaymentRepository, SpendingRepository } from '../ports.js';
import { paymentView } from './views.js';
import { X402Networks } from './x402-networks.js';

/**
 * Finishes a payment made (POST /x402/pay) that is `verified`: settled, or
 * failed with what it counted against the limits given back, each with its
 * event in the same unit of work. The pay call and recovery both finish
 * through here; the repository's conditional update lets one of them win.
 */
@injectable()
export class FinishMadePayment {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(SpendingRepository) private readonly spending: SpendingRepository,
    @inject(X402Networks) private readonly networks: X402Networks,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  settle(payment: PaymentRecord, txHash: string | null): Promise<PaymentRecord> {
    return this.uow.run((tx) => this.settleIn(tx, payment, txHash));
  }

  fail(payment: PaymentRecord, reason: string): Promise<PaymentRecord> {
    return this.uow.run((tx) => this.failIn(tx, payment, reason));
  }

  /**
   * Decides a verified payment whose pay call lost the paid URL's answer
   * (the connection failed, or the process stopped): the authorization's
   * nonce is claimed here, which cancels it as EIP-3009's
   * cancelAuthorization does (on this service's chains every settlement of
   * a custody authorization claims its nonce in this table, so exactly one
   * of the claim and a settlement wins), and the payment fails
   * `authorization_cancelled` with its spending given back. When the nonce
   * was already used, its settlement settles the payment. Answers the record
   * as it now is.
   */
  resolveUnanswered(payment: PaymentRecord): Promise<PaymentRecord> {
    return this.uow.run(async (tx) => {
      let finished = payment;
      if (await this.payments.claimNonce(tx, payment.network, payment.payer, payment.nonce)) finished = await this.failIn(tx, payment, 'authorization_cancelled');
      else {
        const settled = await this.payments.settledByNonce(tx, payment.network, payment.payer, payment.nonce);
        finished = settled ? await this.settleIn(tx, payment, settled.txHash) : await this.failIn(tx, payment, 'authorization_cancelled');
      }
      // Finished meanwhile by the call itself or by recovery: that outcome stands.
      return finished.status === 'verified' ? ((await this.payments.find(tx, payment.teamId, payment.id)) ?? finished) : finished;
    });
  }

  async settleIn(tx: Tx, payment: PaymentRecord, txHash: string | null): Promise<PaymentRecord> {
    const finished = await this.payments.finish(tx, payment.id, { status: 'settled', failureReason: null, txHash, settledAt: this.clock.now() });
    if (!finished) return payment;
    await this.emit(tx, finished);
    return finished;
  }

  async failIn(tx: Tx, payment: PaymentRecord, reason: string): Promise<PaymentRecord> {
    const finished = await this.payments.finish(tx, payment.id, { status: 'failed', failureReason: reason, txHash: null, settledAt: null });
    if (!finished) return payment;
    const made = finished.made;
    if (made && made.spentCents > 0n) {
      // The windows the payment was counted in: those of its creation.
      const { day, month } = periodsOf(finished.createdAt);
      const subjects = [TEAM_SUBJECT, ...(made.agentKeyId ? [agentSubject(made.agentKeyId)] : [])];
      await this.spending.release(tx, finished.teamId, subjects.flatMap((subject) => [{ subject, period: day }, { subject, period: month }]), made.spentCents);
    }
    await this.emit(tx, finished);
    return finished;
  }

  private async emit(tx: Tx, payment: PaymentRecord): Promise<void> {
    const decimals = this.networks.decimalsOf(payment.network, payment.asset);
    await tx.append([{ type: PaymentMade.name, teamId: payment.teamId, aggregateType: 'x402_payment', aggregateId: payment.id, payload: paymentView(payment, decimals) }]);
  }
}
