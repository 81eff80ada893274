import { inject, injectable } from 'inversify';
import { listPage, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { ListInput, PaymentView } from '../operations.js';
import type { PaymentRecord } from '../domain/records.js';
import { PaymentRepository } from '../ports.js';
import { paymentView } from './views.js';
import { X402Networks } from './x402-networks.js';

/** GET /x402/payments: every payment the team received or made, newest first. */
@injectable()
export class ListPaymentsOperation implements Operation<ListInput, Page<PaymentView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PaymentRepository) private readonly payments: PaymentRepository,
    @inject(X402Networks) private readonly networks: X402Networks,
  ) {}

  execute(input: ListInput, ctx: RequestContext): Promise<Page<PaymentView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), (row: PaymentRecord) => paymentView(row, this.networks.decimalsOf(row.network, row.asset)), (tx, page) =>
      this.payments.list(tx, ctx.actor.teamId, page),
    );
  }
}
