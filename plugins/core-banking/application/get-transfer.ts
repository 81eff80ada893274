import { inject, injectable } from 'inversify';
import { NotFoundError, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { AccountIdInput, TransferView } from '../operations.js';
import { TransferRepository } from '../ports.js';
import { Holdings } from './holdings.js';
import { transferView } from './views.js';

/** GET /transfers/{id}: one transfer of the caller's team. */
@injectable()
export class GetTransferOperation implements Operation<AccountIdInput, TransferView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TransferRepository) private readonly transfers: TransferRepository,
    @inject(Holdings) private readonly holdings: Holdings,
  ) {}

  async execute(input: AccountIdInput, ctx: RequestContext): Promise<TransferView> {
    const transfer = await this.uow.run((tx) => this.transfers.find(tx, ctx.actor.teamId, input.id));
    if (!transfer) throw new NotFoundError('Transfer', input.id);
    return transferView(this.holdings, transfer);
  }
}
