import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import type { Operation } from '../../../kernel/contract/route.js';
import { AssetCatalog } from '../../../ports/asset-catalog.js';
import { Clock } from '../../../ports/clock.js';
import { Ids } from '../../../ports/ids.js';
import { Ledger } from '../../../ports/ledger.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import type { MoneyInput, TransactionView } from '../operations.js';
import { TransactionRepository } from '../ports.js';
import { moveAgainstWorld } from './account-movement.js';

/** POST /accounts/{id}/withdraw: debits available funds to system:world (422 insufficient_funds otherwise). */
@injectable()
export class WithdrawOperation implements Operation<MoneyInput, TransactionView> {
  constructor(
    @inject(UnitOfWork) readonly uow: UnitOfWork,
    @inject(Ledger) readonly ledger: Ledger,
    @inject(TransactionRepository) readonly transactions: TransactionRepository,
    @inject(AssetCatalog) readonly assets: AssetCatalog,
    @inject(Clock) readonly clock: Clock,
    @inject(Ids) readonly ids: Ids,
  ) {}

  execute(input: MoneyInput, ctx: RequestContext): Promise<TransactionView> {
    return moveAgainstWorld(this, 'withdrawal', input, ctx);
  }
}
