import { inject, injectable } from 'inversify';
import type { NewEvent } from '../../../kernel/contract/event.js';
import { ConflictError, NotFoundError } from '../../../kernel/errors/errors.js';
import { formatMinor } from '../../../kernel/money/decimal.js';
import { AssetCatalog } from '../../../ports/asset-catalog.js';
import { Clock } from '../../../ports/clock.js';
import { Ids } from '../../../ports/ids.js';
import type {
  BalanceAfter,
  HoldRequest,
  Ledger,
  LedgerAccount,
  LedgerLeg,
  LedgerMovement,
  PostedMovement,
} from '../../../ports/ledger.js';
import type { Tx } from '../../../ports/unit-of-work.js';
import { requireActive } from '../domain/account.js';
import {
  applyDeltas,
  customerDeltas,
  isSystemAccount,
  LedgerRuleError,
  sortedKeys,
  validateLegs,
  type BalanceDelta,
  type BalanceKey,
  type BalanceRow,
} from '../domain/ledger-rules.js';
import { AccountRepository, LedgerRepository } from '../ports.js';

/**
 * Test switches, honoured only by tests that set them: `skipRowLocks` reads
 * balance rows without FOR UPDATE, so the concurrency suite can show that
 * the lock is what keeps concurrent debits from overspending.
 */
export const ledgerTestSwitches = { skipRowLocks: false };

interface Cause {
  readonly kind: string;
  readonly movementId: string | null;
  readonly reference: string | null;
}

/**
 * The Ledger port. Every call follows one lock order so concurrent calls
 * never deadlock: hold row → customer accounts (FOR KEY SHARE, id order) →
 * balance rows (FOR UPDATE, sorted (account, asset)). It checks in code and
 * writes the computed values back (read-modify-write); the database CHECK
 * (available >= 0 AND reserved >= 0) is the last line of defence. System
 * accounts have no balance row: their balance is the sum of their entries.
 * Every change of a customer balance appends account.balance_updated.
 */
@injectable()
export class LedgerService implements Ledger {
  constructor(
    @inject(LedgerRepository) private readonly repo: LedgerRepository,
    @inject(AccountRepository) private readonly accounts: AccountRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async post(tx: Tx, teamId: string, movement: LedgerMovement): Promise<PostedMovement> {
    validateLegs(movement.legs);
    this.#requireAssets(movement.legs);
    const deltas = customerDeltas(movement.legs);
    const credited = deltas.filter((delta) => delta.available > 0n);
    await this.#lockActive(tx, teamId, accountIdsOf(deltas), credited);
    const after = applyDeltas(await this.#lockRows(tx, teamId, deltas), deltas);
    const at = this.clock.now();
    const movementId = this.ids.uuid();
    const reference = movement.reference ?? null;
    await this.repo.write(tx, teamId, {
      balances: after,
      movement: { id: movementId, kind: movement.kind, reference, createdAt: at, legs: movement.legs },
      at,
    });
    await this.#emit(tx, teamId, after, { kind: movement.kind, movementId, reference });
    return { movementId, balances: after.map(toBalanceAfter) };
  }

  async hold(tx: Tx, teamId: string, request: HoldRequest): Promise<string> {
    if (request.amount <= 0n) throw new LedgerRuleError('a hold needs a positive amount');
    if (isSystemAccount(request.accountId)) throw new LedgerRuleError('system accounts cannot hold funds');
    this.#requireAssets([request]);
    const delta: BalanceDelta = { accountId: request.accountId, assetCode: request.assetCode, available: -request.amount, reserved: request.amount };
    await this.#lockActive(tx, teamId, [request.accountId], []);
    const after = applyDeltas(await this.#lockRows(tx, teamId, [delta]), [delta]);
    const at = this.clock.now();
    const id = this.ids.uuid();
    const reference = request.reference ?? null;
    await this.repo.write(tx, teamId, {
      balances: after,
      insertHold: {
        id,
        teamId,
        accountId: request.accountId,
        assetCode: request.assetCode,
        amount: request.amount,
        remaining: request.amount,
        status: 'active',
        reference,
        createdAt: at,
        updatedAt: at,
      },
      at,
    });
    await this.#emit(tx, teamId, after, { kind: 'hold', movementId: null, reference });
    return id;
  }

  async capture(
    tx: Tx,
    teamId: string,
    holdId: string,
    amount: bigint,
    credits: readonly LedgerLeg[],
    kind: string,
  ): Promise<PostedMovement> {
    const hold = await this.repo.lockHold(tx, teamId, holdId);
    if (!hold) throw new NotFoundError('Hold', holdId);
    if (hold.status !== 'active') throw new ConflictError(`Hold ${holdId} is ${hold.status}.`, 'hold_not_active');
    if (amount <= 0n || amount > hold.remaining) throw new LedgerRuleError(`cannot capture ${amount} of a hold with ${hold.remaining} left`);
    let credited = 0n;
    for (const credit of credits) {
      if (credit.amount <= 0n || credit.assetCode !== hold.assetCode) throw new LedgerRuleError('captures credit positive amounts in the hold asset');
      credited += credit.amount;
    }
    if (credited !== amount) throw new LedgerRuleError(`credits sum to ${credited}, not ${amount}`);
    const legs: LedgerLeg[] = [{ accountId: hold.accountId, assetCode: hold.assetCode, amount: -amount }, ...credits];
    validateLegs(legs);

    const creditDeltas = customerDeltas(credits);
    const deltas: BalanceDelta[] = [
      { accountId: hold.accountId, assetCode: hold.assetCode, available: 0n, reserved: -amount },
      ...creditDeltas,
    ];
    await this.#lockActive(tx, teamId, accountIdsOf(deltas), creditDeltas);
    const after = applyDeltas(await this.#lockRows(tx, teamId, deltas), deltas);
    const at = this.clock.now();
    const movementId = this.ids.uuid();
    const remaining = hold.remaining - amount;
    await this.repo.write(tx, teamId, {
      balances: after,
      movement: { id: movementId, kind, reference: hold.reference, createdAt: at, legs },
      updateHold: { id: hold.id, remaining, status: remaining === 0n ? 'captured' : 'active', updatedAt: at },
      at,
    });
    await this.#emit(tx, teamId, after, { kind, movementId, reference: hold.reference });
    return { movementId, balances: after.map(toBalanceAfter) };
  }

  async release(tx: Tx, teamId: string, holdId: string): Promise<BalanceAfter> {
    const hold = await this.repo.lockHold(tx, teamId, holdId);
    if (!hold) throw new NotFoundError('Hold', holdId);
    // Releasing twice is a no-op, so a retried compensation is harmless.
    if (hold.status !== 'active' || hold.remaining === 0n) return this.balance(tx, teamId, hold.accountId, hold.assetCode);
    const delta: BalanceDelta = { accountId: hold.accountId, assetCode: hold.assetCode, available: hold.remaining, reserved: -hold.remaining };
    // Any status will do: giving reserved funds back is not a debit or a credit.
    const statuses = await this.repo.lockAccounts(tx, teamId, [hold.accountId], []);
    if (!statuses.has(hold.accountId)) throw new NotFoundError('Account', hold.accountId);
    const after = applyDeltas(await this.#lockRows(tx, teamId, [delta]), [delta]);
    const at = this.clock.now();
    await this.repo.write(tx, teamId, {
      balances: after,
      updateHold: { id: hold.id, remaining: 0n, status: 'released', updatedAt: at },
      at,
    });
    await this.#emit(tx, teamId, after, { kind: 'release', movementId: null, reference: hold.reference });
    return toBalanceAfter(after[0]!);
  }

  async balance(tx: Tx, teamId: string, accountId: string, assetCode: string): Promise<BalanceAfter> {
    if (isSystemAccount(accountId)) {
      return { accountId, assetCode, available: await this.repo.systemBalance(tx, teamId, accountId, assetCode), reserved: 0n };
    }
    const [row] = await this.repo.lockBalances(tx, teamId, [{ accountId, assetCode }], false);
    return row ? toBalanceAfter(row) : { accountId, assetCode, available: 0n, reserved: 0n };
  }

  async account(tx: Tx, teamId: string, accountId: string): Promise<LedgerAccount> {
    const account = await this.accounts.find(tx, teamId, accountId);
    if (!account) throw new NotFoundError('Account', accountId);
    return { id: account.id, status: account.status };
  }

  async #lockActive(tx: Tx, teamId: string, accountIds: readonly string[], ensure: readonly BalanceKey[]): Promise<void> {
    if (accountIds.length === 0) return;
    const statuses = await this.repo.lockAccounts(tx, teamId, accountIds, sortedKeys(ensure));
    for (const id of accountIds) {
      const status = statuses.get(id);
      if (!status) throw new NotFoundError('Account', id);
      requireActive(id, status);
    }
  }

  #lockRows(tx: Tx, teamId: string, keys: readonly BalanceKey[]): Promise<BalanceRow[]> {
    return this.repo.lockBalances(tx, teamId, sortedKeys(keys), !ledgerTestSwitches.skipRowLocks);
  }

  #requireAssets(items: readonly { assetCode: string }[]): void {
    for (const item of items) {
      if (!this.assets.find(item.assetCode)) throw new LedgerRuleError(`unknown asset '${item.assetCode}'`);
    }
  }

  async #emit(tx: Tx, teamId: string, rows: readonly BalanceRow[], cause: Cause): Promise<void> {
    if (rows.length === 0) return;
    const events: NewEvent[] = rows.map((row) => {
      const precision = this.assets.find(row.assetCode)!.precision;
      return {
        type: 'account.balance_updated',
        teamId,
        aggregateType: 'account',
        aggregateId: row.accountId,
        payload: {
          account_uuid: row.accountId,
          asset_code: row.assetCode,
          available_balance: formatMinor(row.available, precision),
          reserved_balance: formatMinor(row.reserved, precision),
          total_balance: formatMinor(row.available + row.reserved, precision),
          movement_kind: cause.kind,
          movement_uuid: cause.movementId,
          reference: cause.reference,
        },
      };
    });
    await tx.append(events);
  }
}

function accountIdsOf(keys: readonly BalanceKey[]): string[] {
  return [...new Set(keys.map((key) => key.accountId))].sort();
}

function toBalanceAfter(row: BalanceRow): BalanceAfter {
  return { accountId: row.accountId, assetCode: row.assetCode, available: row.available, reserved: row.reserved };
}
