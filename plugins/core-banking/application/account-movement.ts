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
import type { TransactionView, WithdrawInput } from '../operations.js';
import { TransactionRepository, type TransactionRecord } from '../ports.js';
import { Holdings } from './holdings.js';
import { optionalText, parseMoney } from './inputs.js';
import { movementEvent, transactionView } from './views.js';

type MovementType = 'deposit' | 'withdrawal';

/**
 * Deposit and withdrawal: one balanced movement between the account and
 * system:world, one completed transaction row and its deposit.completed or
 * withdrawal.completed event, in one unit of work. The
 * two differ only in direction, so each is this operation with its `type`.
 * A token's holding is on a chain: the Ledger mirrors the movement there
 * (OnChainHoldings), a withdrawal to `address` when one is given.
 */
@injectable()
abstract class AccountMovementOperation implements Operation<WithdrawInput, TransactionView> {
  protected abstract readonly type: MovementType;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(TransactionRepository) private readonly transactions: TransactionRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(Holdings) private readonly holdings: Holdings,
  ) {}

  async execute(input: WithdrawInput, ctx: RequestContext): Promise<TransactionView> {
    const type = this.type;
    const { asset, amount } = parseMoney(this.assets, input);
    const holding = this.holdings.resolve(asset, input.chain, '/chain');
    const address = optionalText(input.address, '/address', 64);
    if (address !== null && holding.chain === null) {
      throw ValidationError.field('/address', `${asset.code} is not held on a chain: a withdrawal address applies to tokens only.`, 'address_not_applicable');
    }
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
        ...(address !== null ? { counterparties: { [holding.code]: address } } : {}),
        legs: [
          { accountId: input.id, assetCode: holding.code, amount: sign * amount },
          { accountId: WORLD_ACCOUNT, assetCode: holding.code, amount: -sign * amount },
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
        assetCode: holding.code,
        status: 'completed',
        reference,
        transferId: null,
        movementId: posted.movementId,
        balanceAfter: after.available,
        createdAt: now,
        completedAt: now,
      };
      await this.transactions.insert(tx, [row]);
      await tx.append([movementEvent(this.holdings, row, address)]);
      return transactionView(this.holdings, row);
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
