import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, InsufficientFundsError, Ledger, NotFoundError, UnitOfWork, type Operation, type RequestContext, type Tx } from '../../../kernel/public.js';
import { paid, requirePayable, type InvoiceRecord } from '../domain/invoice.js';
import { requireApproved, type MerchantRecord } from '../domain/merchant.js';
import { InvoicePaid, InvoicePaymentSent } from '../events.js';
import type { InvoicePaymentView, PayCodeInput, PayInvoiceInput, PaymentRequestView } from '../operations.js';
import { CommerceRepository } from '../ports.js';
import { activeAccount } from './merchants.js';
import { invoiceView, money, paymentRequestView } from './views.js';

/**
 * Where an invoice payment crosses from the payer's books to the
 * merchant's: each team's ledger balances on its own (the payer's
 * movement credits it, the merchant's debits it), so per team the check
 * `customers + system = deposits − withdrawals` holds, and summed over all
 * teams this account is zero once both movements commit (in one unit of
 * work, so never one without the other).
 */
export const COMMERCE_CLEARING_ACCOUNT = 'system:commerce-clearing';

async function byPayCode(repo: CommerceRepository, tx: Tx, code: string, lock: boolean): Promise<{ invoice: InvoiceRecord; merchant: MerchantRecord }> {
  const invoice = await repo.invoiceByPayCode(tx, code, lock);
  const merchant = invoice && (await repo.findMerchant(tx, invoice.teamId, invoice.merchantId));
  if (!invoice || !merchant) throw new NotFoundError('payment request', code, { parameter: 'code' });
  return { invoice, merchant };
}

/** GET /commerce/pay/{code}, paymentRequest(code): what any team holding the code sees before paying. */
@injectable()
export class GetPaymentRequestOperation implements Operation<PayCodeInput, PaymentRequestView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CommerceRepository) private readonly repo: CommerceRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: PayCodeInput): Promise<PaymentRequestView> {
    return this.uow.readOnly(async (tx) => {
      const { invoice, merchant } = await byPayCode(this.repo, tx, input.code, false);
      return paymentRequestView(invoice, merchant, this.assets, this.clock.now());
    });
  }
}

/**
 * POST /commerce/pay/{code}, payInvoice: the calling team pays the invoice
 * from one of its active accounts into the merchant's settlement account,
 * under the invoice's lock, so it is paid at most once: a second payment
 * is 409 invoice_paid (and a retry with the same Idempotency-Key answers the
 * first payment again). 409 for a void or expired invoice or a merchant not
 * approved; 422 insufficient_funds. Both teams' movements, the invoice and
 * both events commit together.
 */
@injectable()
export class PayInvoiceOperation implements Operation<PayInvoiceInput, InvoicePaymentView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CommerceRepository) private readonly repo: CommerceRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: PayInvoiceInput, ctx: RequestContext): Promise<InvoicePaymentView> {
    return this.uow.run(async (tx) => {
      const payerTeam = ctx.actor.teamId;
      const { invoice, merchant } = await byPayCode(this.repo, tx, input.code, true);
      const now = this.clock.now();
      requirePayable(invoice, now);
      requireApproved(merchant);
      await activeAccount(this.ledger, tx, payerTeam, input.account_id, '/account_id');
      const reference = `invoice:${invoice.id}`;
      const { amount, assetCode } = invoice;
      // Checked here too so the refusal points at the account the payer named; the ledger checks again under its lock.
      if ((await this.ledger.balance(tx, payerTeam, input.account_id, assetCode)).available < amount) {
        throw new InsufficientFundsError(`The account has less than ${money(this.assets, assetCode, amount)} ${assetCode} available.`, { pointer: '/account_id' });
      }
      const sent = await this.ledger.post(tx, payerTeam, {
        kind: 'commerce.invoice_payment',
        reference,
        legs: [
          { accountId: input.account_id, assetCode, amount: -amount },
          { accountId: COMMERCE_CLEARING_ACCOUNT, assetCode, amount },
        ],
      });
      const received = await this.ledger.post(tx, invoice.teamId, {
        kind: 'commerce.invoice_payment',
        reference,
        legs: [
          { accountId: COMMERCE_CLEARING_ACCOUNT, assetCode, amount: -amount },
          { accountId: merchant.settlementAccountId, assetCode, amount },
        ],
      });
      const done = paid(invoice, received.movementId, now);
      await this.repo.updateInvoice(tx, done);
      const payment: InvoicePaymentView = {
        pay_code: invoice.payCode,
        merchant_name: merchant.name,
        amount: money(this.assets, assetCode, amount),
        asset_code: assetCode,
        account_id: input.account_id,
        movement_id: sent.movementId,
        paid_at: now.toISOString(),
      };
      await tx.append([
        { type: InvoicePaid.name, teamId: invoice.teamId, aggregateType: 'invoice', aggregateId: invoice.id, payload: invoiceView(done, this.assets, now) },
        { type: InvoicePaymentSent.name, teamId: payerTeam, aggregateType: 'invoice_payment', aggregateId: sent.movementId, payload: payment },
      ]);
      return payment;
    });
  }
}
