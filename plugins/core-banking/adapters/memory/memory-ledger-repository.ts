import { inject, injectable } from 'inversify';
import type { Tx } from '../../../../ports/unit-of-work.js';
import type { AccountStatus } from '../../domain/account.js';
import { compareKeys, type BalanceKey, type BalanceRow } from '../../domain/ledger-rules.js';
import type { HoldRecord, LedgerRepository, LedgerWrite } from '../../ports.js';
import { balanceKey, MemoryCoreBankingState, MemoryState } from './memory-state.js';

/** The ledger on the memory store: the unit of work's mutex stands in for row locks. */
@injectable()
export class MemoryLedgerRepository implements LedgerRepository {
  constructor(@inject(MemoryState) private readonly state: MemoryCoreBankingState) {}

  async lockAccounts(tx: Tx, teamId: string, accountIds: readonly string[], ensure: readonly BalanceKey[]): Promise<Map<string, AccountStatus>> {
    const statuses = new Map<string, AccountStatus>();
    for (const id of accountIds) {
      const account = this.state.accounts.get(id)?.record;
      if (account && account.teamId === teamId) statuses.set(id, account.status);
    }
    for (const key of ensure) {
      const id = balanceKey(teamId, key.accountId, key.assetCode);
      if (statuses.has(key.accountId) && !this.state.balances.has(id)) {
        this.state.put(tx, this.state.balances, id, { teamId, accountId: key.accountId, assetCode: key.assetCode, available: 0n, reserved: 0n });
      }
    }
    return statuses;
  }

  async lockBalances(_tx: Tx, teamId: string, keys: readonly BalanceKey[]): Promise<BalanceRow[]> {
    const rows: BalanceRow[] = [];
    for (const key of keys) {
      const row = this.state.balances.get(balanceKey(teamId, key.accountId, key.assetCode));
      if (row) rows.push({ accountId: row.accountId, assetCode: row.assetCode, available: row.available, reserved: row.reserved });
    }
    return rows.sort(compareKeys);
  }

  async accountBalances(_tx: Tx, teamId: string, accountId: string): Promise<BalanceRow[]> {
    const rows: BalanceRow[] = [];
    for (const row of this.state.balances.values()) {
      if (row.teamId === teamId && row.accountId === accountId) {
        rows.push({ accountId: row.accountId, assetCode: row.assetCode, available: row.available, reserved: row.reserved });
      }
    }
    return rows.sort(compareKeys);
  }

  async systemBalance(_tx: Tx, teamId: string, accountId: string, assetCode: string): Promise<bigint> {
    let total = 0n;
    for (const entry of this.state.entries) {
      if (entry.teamId === teamId && entry.accountId === accountId && entry.assetCode === assetCode) total += entry.amount;
    }
    return total;
  }

  async lockHold(_tx: Tx, teamId: string, holdId: string): Promise<HoldRecord | undefined> {
    const hold = this.state.holds.get(holdId);
    return hold && hold.teamId === teamId ? hold : undefined;
  }

  async write(tx: Tx, teamId: string, change: LedgerWrite): Promise<void> {
    for (const row of change.balances) {
      const id = balanceKey(teamId, row.accountId, row.assetCode);
      if (!this.state.balances.has(id)) throw new Error(`ledger write: balance row ${row.accountId}/${row.assetCode} was not locked`);
      if (row.available < 0n || row.reserved < 0n) throw new Error('check constraint: balances must not be negative');
      this.state.put(tx, this.state.balances, id, { teamId, ...row });
    }
    const movement = change.movement;
    if (movement) {
      this.state.put(tx, this.state.movements, movement.id, { teamId, kind: movement.kind });
      this.state.append(
        tx,
        this.state.entries,
        movement.legs.map((leg) => ({ teamId, movementId: movement.id, accountId: leg.accountId, assetCode: leg.assetCode, amount: leg.amount })),
      );
    }
    if (change.insertHold) this.state.put(tx, this.state.holds, change.insertHold.id, change.insertHold);
    const update = change.updateHold;
    if (update) {
      const hold = this.state.holds.get(update.id);
      if (!hold || hold.teamId !== teamId) throw new Error(`ledger write: unknown hold ${update.id}`);
      this.state.put(tx, this.state.holds, update.id, { ...hold, remaining: update.remaining, status: update.status, updatedAt: update.updatedAt });
    }
  }
}
