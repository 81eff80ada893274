import type { RequestContext } from '../../../kernel/contract/context.js';
import type { AssetCatalog } from '../../../ports/asset-catalog.js';
import type { Clock } from '../../../ports/clock.js';
import type { Ids } from '../../../ports/ids.js';
import type { Ledger } from '../../../ports/ledger.js';
import type { UnitOfWork } from '../../../ports/unit-of-work.js';
import { ValidationError } from '../../../kernel/errors/errors.js';
import { WORLD_ACCOUNT } from '../domain/ledger-rules.js';
import type { MoneyInput, TransactionView } from '../operations.js';
import type { TransactionRecord, TransactionRepository } from '../ports.js';
import { optionalText, parseMoney } from './inputs.js';
import { transactionView } from './views.js';

export interface AccountMovementDeps {
  readonly uow: UnitOfWork;
  readonly ledger: Ledger;
  readonly transactions: TransactionRepository;
  readonly assets: AssetCatalog;
  readonly clock: Clock;
  readonly ids: Ids;
}

/**
 * Deposit and withdrawal: one balanced movement between the account and
 * system:world, and one completed transaction row, in one unit of work.
 */
export async function moveAgainstWorld(
  deps: AccountMovementDeps,
  type: 'deposit' | 'withdrawal',
  input: MoneyInput,
  ctx: RequestContext,
): Promise<TransactionView> {
  const { asset, amount } = parseMoney(deps.assets, input);
  // Basket units (GCU) exist only as claims on the components a basket reserve holds: they are issued by composing, never deposited from outside or paid out.
  if (asset.type === 'basket') {
    throw ValidationError.field('/asset_code', `${asset.code} is a basket unit: compose or decompose it instead of a ${type}.`, 'basket_asset');
  }
  const reference = optionalText(input.reference, '/reference');
  const teamId = ctx.actor.teamId;
  const sign = type === 'deposit' ? 1n : -1n;
  return deps.uow.run(async (tx) => {
    const posted = await deps.ledger.post(tx, teamId, {
      kind: type,
      ...(reference !== null ? { reference } : {}),
      legs: [
        { accountId: input.id, assetCode: asset.code, amount: sign * amount },
        { accountId: WORLD_ACCOUNT, assetCode: asset.code, amount: -sign * amount },
      ],
    });
    const after = posted.balances.find((row) => row.accountId === input.id)!;
    const now = deps.clock.now();
    const row: TransactionRecord = {
      id: deps.ids.uuid(),
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
    await deps.transactions.insert(tx, [row]);
    return transactionView(deps.assets, row);
  });
}
