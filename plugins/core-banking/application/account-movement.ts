import { inject, injectable, injectFromBase } from 'inversify';
import {
  AssetCatalog,
  Clock,
  Ids,
  Ledger,
  UnitOfWork,
  ValidationError,
  type Operation,
  type RequestContext,
} from '../../../kernel/public.js';
import { WORLD_ACCOUNT } from '../domain/ledger-rules.js';
import type { MoneyInput, TransactionView } from '../operations.js';
import { TransactionRepository, type TransactionRecord } from '../ports.js';
import { optionalText, parseMoney } from './inputs.js';
import { transactionView } from './views.js';

type MovementType = 'deposit' | 'withdrawal';

/**
 * Deposit and withdrawal: one balanced movement between the account and
 * system:world, and one completed transaction row, in one unit of work. The
 * two differ only in direction, so each is this operation with its `type`.
 */
@injectable()
abstract class AccountMovementOperation implements Operation<MoneyInput, TransactionView> {
  protected abstract readonly type: MovementType;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(TransactionRepository) private readonly transactions: TransactionRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: MoneyInput, ctx: RequestContext): Promise<TransactionView> {
    const type = this.type;
    const { asset, amount } = parseMoney(this.assets, input);
    // Basket units (GCU) exist only as claims on the components a basket reserve holds: they are issued by composing, never deposited from outside or paid out.
    if (asset.type === 'basket') {
      throw ValidationError.field('/asset_code', `${asset.code} is a basket unit: compose or decompose it instead of a ${type}.`, 'basket_asset');
    }
    const reference = optionalText(input.reference, '/reference');
    const teamId = ctx.actor.teamId;
    const sign = type === 'deposit' ? 1n : -1n;
    return this.uow.run(async (tx) => {
      const posted = await this.ledger.post(tx, teamId, {
        kind: type,
        ...(reference !== null ? { reference } : {}),
        legs: [
          { accountId: input.id, assetCode: asset.code, amount: sign * amount },
          { accountId: WORLD_ACCOUNT, assetCode: asset.code, amount: -sign * amount },
        ],
      });
      const after = posted.balances.find((row) => row.accountId === input.id)!;
      const now = this.clock.now();
      const row: TransactionRecord = {
        id: this.ids.uuid(),
        teamId,
        accountId: input.id,
        type,
        amount,
        assetCode: asset.code,
        status: 'completed',
        reference,
        transferId: null,
        movementId: posted.movementId,
        balanceAfter: after.available,
        createdAt: now,
        completedAt: now,
      };
      await this.transactions.insert(tx, [row]);
      return transactionView(this.assets, row);
    });
  }
}

/** POST /accounts/{id}/deposit: credits the account from system:world. */
@injectFromBase()
export class DepositOperation extends AccountMovementOperation {
  protected readonly type = 'deposit';
}

/** POST /accounts/{id}/withdraw: debits available funds to system:world (422 insufficient_funds otherwise). */
@injectFromBase()
export class WithdrawOperation extends AccountMovementOperation {
  protected readonly type = 'withdrawal';
}
