import { inject, injectable } from 'inversify';
import { AppError, Clock, formatMinor, AssetCatalog, Ledger, Logger, UnitOfWork, type Tx } from '../../../kernel/public.js';
import { accrue, addDays, daysBetween, FEE_PERIOD_DAYS, utcDay, type ActivationRecord, type ProductRecord } from '../domain/product.js';
import { FeeCharged, InterestPosted } from '../events.js';
import { ProductConfig } from '../config.js';
import { ProductRepository } from '../ports.js';

/** The team's system account interest is paid from (its balance is −Σ interest paid). */
export const INTEREST_EXPENSE_ACCOUNT = 'system:interest.expense';
const FEES_ACCOUNT = 'system:fees';

/**
 * The scheduled task 'product.accrue': for activations behind on interest
 * or with a fee due (claimed with SKIP LOCKED, so processes share the work),
 * in one unit of work per pass:
 * - interest for each whole UTC day since accrued_through, ACT/365 on the
 *   account's balance (available + reserved) in the product's asset as this
 *   pass reads it, added to the carried remainder; whole minor units are
 *   posted from system:interest.expense to the account, the rest carried;
 * - each fee that fell due, posted from the account to system:fees when the
 *   account can pay it; otherwise it stays due and the next pass tries again.
 * A ledger refusal (a frozen or closed account) leaves that activation as it
 * was for the next pass; it never stops the others.
 */
@injectable()
export class ProductAccrual {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Logger) private readonly logger: Logger,
    @inject(ProductConfig) private readonly config: ProductConfig,
  ) {}

  /** One pass; returns how many activations it handled. */
  async run(): Promise<number> {
    const now = this.clock.now();
    const day = utcDay(now);
    return this.uow.run(async (tx) => {
      const due = await this.products.claimDue(tx, day, now, this.config.accrual_batch);
      for (const activation of due) {
        const product = (await this.products.findProduct(tx, activation.teamId, activation.productId))!;
        await this.products.update(tx, await this.#settle(tx, product, activation, day, now));
      }
      return due.length;
    });
  }

  async #settle(tx: Tx, product: ProductRecord, activation: ActivationRecord, day: Date, now: Date): Promise<ActivationRecord> {
    let next: ActivationRecord = { ...activation, updatedAt: now };
    const days = daysBetween(activation.accruedThrough, now);
    if (days > 0) {
      const { available, reserved } = await this.ledger.balance(tx, product.teamId, activation.accountId, product.assetCode);
      const { pay, remainder } = accrue(available + reserved, product.interestRateBps, days, activation.accruedRemainder);
      const paid = pay > 0n ? await this.#post(tx, next, product, INTEREST_EXPENSE_ACCOUNT, activation.accountId, pay, 'product.interest', now) : true;
      if (paid) next = { ...next, accruedThrough: day, accruedRemainder: remainder, interestPaid: next.interestPaid + pay };
    }
    while (next.nextFeeAt && next.nextFeeAt <= now) {
      const { available } = await this.ledger.balance(tx, product.teamId, activation.accountId, product.assetCode);
      if (available < product.monthlyFee) break;
      if (!(await this.#post(tx, next, product, activation.accountId, FEES_ACCOUNT, product.monthlyFee, 'product.fee', now))) break;
      next = { ...next, feesCharged: next.feesCharged + product.monthlyFee, nextFeeAt: addDays(next.nextFeeAt, FEE_PERIOD_DAYS) };
    }
    return next;
  }

  /** Posts one movement with its event; false when the ledger refused it (nothing moved). */
  async #post(tx: Tx, activation: ActivationRecord, product: ProductRecord, from: string, to: string, amount: bigint, kind: string, now: Date): Promise<boolean> {
    try {
      const posted = await this.ledger.post(tx, product.teamId, {
        kind,
        reference: `product activation ${activation.id}`,
        legs: [
          { accountId: from, assetCode: product.assetCode, amount: -amount },
          { accountId: to, assetCode: product.assetCode, amount },
        ],
      });
      const event = kind === 'product.interest' ? InterestPosted : FeeCharged;
      const precision = this.assets.find(product.assetCode)?.precision ?? 0;
      await tx.append([
        {
          type: event.name,
          teamId: product.teamId,
          aggregateType: 'product_activation',
          aggregateId: activation.id,
          payload: { activation_id: activation.id, account_id: activation.accountId, asset_code: product.assetCode, amount: formatMinor(amount, precision), movement_id: posted.movementId, at: now.toISOString() },
        },
      ]);
      return true;
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      this.logger.warn("product.accrue: the ledger refused a posting; the next pass tries again", { activation: activation.id, code: error.code, detail: error.message });
      return false;
    }
  }
}
