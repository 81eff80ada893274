import { inject, injectable } from 'inversify';
import { isSystemAccount } from '../../domain/ledger-rules.js';
import type { CustomerDrift, LedgerAudit, LedgerTotals, MovementImbalance } from '../../ports.js';
import { balanceKey, MemoryCoreBankingState, MemoryState } from './memory-state.js';

@injectable()
export class MemoryLedgerAudit implements LedgerAudit {
  constructor(@inject(MemoryState) private readonly state: MemoryCoreBankingState) {}

  async totals(): Promise<LedgerTotals[]> {
    const byKey = new Map<string, { teamId: string; assetCode: string; customerBalances: bigint; system: Record<string, bigint> }>();
    const totalsOf = (teamId: string, assetCode: string) => {
      const key = `${teamId}\u0000${assetCode}`;
      const found = byKey.get(key) ?? { teamId, assetCode, customerBalances: 0n, system: {} };
      byKey.set(key, found);
      return found;
    };
    for (const row of this.state.balances.values()) totalsOf(row.teamId, row.assetCode).customerBalances += row.available + row.reserved;
    for (const entry of this.state.entries) {
      if (!isSystemAccount(entry.accountId)) continue;
      const totals = totalsOf(entry.teamId, entry.assetCode);
      totals.system[entry.accountId] = (totals.system[entry.accountId] ?? 0n) + entry.amount;
    }
    return [...byKey.values()];
  }

  async unbalancedMovements(): Promise<MovementImbalance[]> {
    const sums = new Map<string, MovementImbalance>();
    for (const entry of this.state.entries) {
      const key = `${entry.movementId}\u0000${entry.assetCode}`;
      const sum = (sums.get(key)?.sum ?? 0n) + entry.amount;
      sums.set(key, { movementId: entry.movementId, assetCode: entry.assetCode, sum });
    }
    return [...sums.values()].filter((item) => item.sum !== 0n);
  }

  async drift(): Promise<CustomerDrift[]> {
    const sums = new Map<string, CustomerDrift>();
    for (const row of this.state.balances.values()) {
      sums.set(balanceKey(row.teamId, row.accountId, row.assetCode), {
        teamId: row.teamId,
        accountId: row.accountId,
        assetCode: row.assetCode,
        balance: row.available + row.reserved,
        entries: 0n,
      });
    }
    for (const entry of this.state.entries) {
      if (isSystemAccount(entry.accountId)) continue;
      const key = balanceKey(entry.teamId, entry.accountId, entry.assetCode);
      const found = sums.get(key) ?? { teamId: entry.teamId, accountId: entry.accountId, assetCode: entry.assetCode, balance: 0n, entries: 0n };
      sums.set(key, { ...found, entries: found.entries + entry.amount });
    }
    return [...sums.values()].filter((item) => item.balance !== item.entries);
  }

  async negativeBalances(): Promise<number> {
    return [...this.state.balances.values()].filter((row) => row.available < 0n || row.reserved < 0n).length;
  }
}
