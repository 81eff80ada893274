import { inject, injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import type { AccountStatus } from '../../domain/account.js';
import { compareKeys, refOf, type AccountRef, type BalanceKey, type BalanceRow } from '../../domain/ledger-rules.js';
import type { HoldRecord, LedgerRepository, LedgerWrite, LockedLedger, LockRequest } from '../../ports.js';
import { balanceKey, MemoryCoreBankingState, MemoryState } from './memory-state.js';

/** The ledger on the memory store: the unit of work's mutex stands in for row locks. */
@injectable()
export class MemoryLedgerRepository implements LedgerRepository {
  constructor(@inject(MemoryState) private readonly state: MemoryCoreBankingState) {}

  async lock(tx: Tx, request: LockRequest): Promise<LockedLedger> {
    const statuses = new Map<string, AccountStatus>();
    for (const ref of request.accounts) {
      const status = this.#statusOf(ref);
      if (status) statuses.set(refOf(ref), status);
    }
    for (const key of request.ensure) {
      const id = balanceKey(key.teamId, key.accountId, key.assetCode);
      if (this.#statusOf(key) && !this.state.balances.has(id)) {
        this.state.put(tx, this.state.balances, id, { teamId: key.teamId, accountId: key.accountId, assetCode: key.assetCode, available: 0n, reserved: 0n });
      }
    }
    return { statuses, rows: this.#read(request.balances) };
  }

  async readBalances(_tx: Tx, keys: readonly BalanceKey[]): Promise<BalanceRow[]> {
    return this.#read(keys);
  }

  /** Copies of the rows of `keys` that exist, sorted. */
  #read(keys: readonly BalanceKey[]): BalanceRow[] {
    const rows: BalanceRow[] = [];
    for (const key of keys) {
      const row = this.state.balances.get(balanceKey(key.teamId, key.accountId, key.assetCode));
      if (row) rows.push({ ...row });
    }
    return rows.sort(compareKeys);
  }

  #statusOf(ref: AccountRef): AccountStatus | undefined {
    const account = this.state.accounts.get(ref.accountId)?.record;
    return account && account.teamId === ref.teamId ? account.status : undefined;
  }

  async accountBalances(_tx: Tx, teamId: string, accountId: string): Promise<BalanceRow[]> {
    const rows: BalanceRow[] = [];
    for (const row of this.state.balances.values()) {
      if (row.teamId === teamId && row.accountId === accountId) rows.push({ ...row });
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

  async lockHolds(_tx: Tx, refs: readonly { readonly teamId: string; readonly id: string }[]): Promise<HoldRecord[]> {
    const holds: HoldRecord[] = [];
    for (const ref of refs) {
      const hold = this.state.holds.get(ref.id);
      if (hold && hold.teamId === ref.teamId) holds.push(hold);
    }
    return holds.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async write(tx: Tx, change: LedgerWrite): Promise<void> {
    for (const row of change.balances) {
      const id = balanceKey(row.teamId, row.accountId, row.assetCode);
      if (!this.state.balances.has(id)) throw new Error(`ledger write: balance row ${row.accountId}/${row.assetCode} was not locked`);
      if (row.available < 0n || row.reserved < 0n) throw new Error('check constraint: balances must not be negative');
      this.state.put(tx, this.state.balances, id, { ...row });
    }
    for (const movement of change.movements) {
      this.state.put(tx, this.state.movements, movement.id, { teamId: movement.teamId, kind: movement.kind, reference: movement.reference, createdAt: movement.createdAt });
      this.state.append(
        tx,
        this.state.entries,
        movement.legs.map((leg, seq) => ({ teamId: movement.teamId, movementId: movement.id, seq, accountId: leg.accountId, assetCode: leg.assetCode, amount: leg.amount, createdAt: movement.createdAt })),
      );
    }
    for (const hold of change.insertHolds) this.state.put(tx, this.state.holds, hold.id, hold);
    for (const update of change.updateHolds) {
      const hold = this.state.holds.get(update.id);
      if (!hold || hold.teamId !== update.teamId) throw new Error(`ledger write: unknown hold ${update.id}`);
      this.state.put(tx, this.state.holds, update.id, { ...hold, remaining: update.remaining, status: update.status, updatedAt: update.updatedAt });
    }
  }
}
