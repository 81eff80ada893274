import { inject, injectable } from 'inversify';
import type { HoldingBalance, Tx } from '../../../../kernel/public.js';
import { isSystemAccount, WORLD_ACCOUNT } from '../../domain/ledger-rules.js';
import type { CustomerDrift, HoldDrift, LedgerAudit, LedgerTotals, MovementImbalance, TeamAccounts, TeamSlice } from '../../ports.js';
import { balanceKey, MemoryCoreBankingState, MemoryState } from './memory-state.js';

/** Whether a team id falls in the slice (JavaScript string order, the order accountsPerTeam lists them in). */
function inSlice(teamId: string, teams: TeamSlice | undefined): boolean {
  return (teams?.after === undefined || teamId > teams.after) && (teams?.through === undefined || teamId <= teams.through);
}

@injectable()
export class MemoryLedgerAudit implements LedgerAudit {
  constructor(@inject(MemoryState) private readonly state: MemoryCoreBankingState) {}

  async holdingBalances(_tx: Tx, codes: readonly string[]): Promise<HoldingBalance[]> {
    const wanted = new Set(codes);
    const held = new Map<string, HoldingBalance>();
    const add = (teamId: string, accountId: string, code: string, amount: bigint) => {
      const key = `${teamId}\u0000${accountId}\u0000${code}`;
      held.set(key, { teamId, accountId, code, amount: (held.get(key)?.amount ?? 0n) + amount });
    };
    for (const row of this.state.balances.values()) if (wanted.has(row.assetCode)) add(row.teamId, row.accountId, row.assetCode, row.available + row.reserved);
    for (const entry of this.state.entries) {
      if (wanted.has(entry.assetCode) && isSystemAccount(entry.accountId) && entry.accountId !== WORLD_ACCOUNT) add(entry.teamId, entry.accountId, entry.assetCode, entry.amount);
    }
    return [...held.values()].filter((item) => item.amount !== 0n);
  }

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

  async accountsPerTeam(): Promise<TeamAccounts[]> {
    const counts = new Map<string, number>();
    for (const { record } of this.state.accounts.values()) counts.set(record.teamId, (counts.get(record.teamId) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([teamId, accounts]) => ({ teamId, accounts }));
  }

  async drift(_tx: unknown, teams?: TeamSlice): Promise<CustomerDrift[]> {
    const sums = new Map<string, CustomerDrift>();
    for (const row of this.state.balances.values()) {
      if (!inSlice(row.teamId, teams)) continue;
      sums.set(balanceKey(row.teamId, row.accountId, row.assetCode), {
        teamId: row.teamId,
        accountId: row.accountId,
        assetCode: row.assetCode,
        balance: row.available + row.reserved,
        entries: 0n,
      });
    }
    for (const entry of this.state.entries) {
      if (isSystemAccount(entry.accountId) || !inSlice(entry.teamId, teams)) continue;
      const key = balanceKey(entry.teamId, entry.accountId, entry.assetCode);
      const found = sums.get(key) ?? { teamId: entry.teamId, accountId: entry.accountId, assetCode: entry.assetCode, balance: 0n, entries: 0n };
      sums.set(key, { ...found, entries: found.entries + entry.amount });
    }
    return [...sums.values()].filter((item) => item.balance !== item.entries);
  }

  async holdDrift(): Promise<HoldDrift[]> {
    const rows = new Map<string, HoldDrift>();
    for (const row of this.state.balances.values()) {
      rows.set(balanceKey(row.teamId, row.accountId, row.assetCode), { teamId: row.teamId, accountId: row.accountId, assetCode: row.assetCode, reserved: row.reserved, held: 0n });
    }
    for (const hold of this.state.holds.values()) {
      if (hold.status !== 'active') continue;
      const key = balanceKey(hold.teamId, hold.accountId, hold.assetCode);
      const found = rows.get(key) ?? { teamId: hold.teamId, accountId: hold.accountId, assetCode: hold.assetCode, reserved: 0n, held: 0n };
      rows.set(key, { ...found, held: found.held + hold.remaining });
    }
    return [...rows.values()].filter((item) => item.reserved !== item.held);
  }

  async negativeBalances(_tx: unknown, teams?: TeamSlice): Promise<number> {
    return [...this.state.balances.values()].filter((row) => (row.available < 0n || row.reserved < 0n) && inSlice(row.teamId, teams)).length;
  }
}
