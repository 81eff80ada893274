import { inject, injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { isSystemAccount } from '../../domain/ledger-rules.js';
import type { JournalEntryRow, JournalRepository, TrialBalanceRow } from '../../ports.js';
import { MemoryState, type MemoryCoreBankingState, type StoredEntry } from './memory-state.js';

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Journal reads over the memory state's entries, in the orders the SQL adapter uses. */
@injectable()
export class MemoryJournalRepository implements JournalRepository {
  constructor(@inject(MemoryState) private readonly state: MemoryCoreBankingState) {}

  async trialBalance(_tx: Tx, teamId: string): Promise<TrialBalanceRow[]> {
    const lines = new Map<string, { holding: string; account: string | null; members: Set<string>; debits: bigint; credits: bigint }>();
    for (const entry of this.state.entries) {
      if (entry.teamId !== teamId) continue;
      const account = isSystemAccount(entry.accountId) ? entry.accountId : null;
      const key = `${entry.assetCode}\u0000${account ?? ''}`;
      const line = lines.get(key) ?? { holding: entry.assetCode, account, members: new Set<string>(), debits: 0n, credits: 0n };
      line.members.add(entry.accountId);
      if (entry.amount < 0n) line.debits -= entry.amount;
      else line.credits += entry.amount;
      lines.set(key, line);
    }
    return [...lines.values()]
      .map(({ holding, account, members, debits, credits }) => ({ holding, account, accounts: members.size, debits, credits }))
      .sort((a, b) => byCode(a.holding, b.holding) || (a.account === null ? -1 : b.account === null ? 1 : byCode(a.account, b.account)));
  }

  async movementEntries(_tx: Tx, teamId: string, movementId: string): Promise<JournalEntryRow[]> {
    const movement = this.state.movements.get(movementId);
    if (!movement || movement.teamId !== teamId) return [];
    return this.state.entries.filter((entry) => entry.movementId === movementId).sort((a, b) => a.seq - b.seq).map((entry) => this.#row(entry));
  }

  async accountEntries(_tx: Tx, teamId: string, accountId: string, page: PageRequest): Promise<Slice<JournalEntryRow>> {
    const mine = this.state.entries
      .filter((entry) => entry.teamId === teamId && entry.accountId === accountId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byCode(b.movementId, a.movementId) || b.seq - a.seq);
    const start = pageOffset(page);
    return { items: mine.slice(start, start + page.perPage).map((entry) => this.#row(entry)), total: mine.length };
  }

  #row(entry: StoredEntry): JournalEntryRow {
    const movement = this.state.movements.get(entry.movementId)!;
    return {
      movementId: entry.movementId,
      seq: entry.seq,
      accountId: entry.accountId,
      holding: entry.assetCode,
      amount: entry.amount,
      kind: movement.kind,
      reference: movement.reference,
      createdAt: entry.createdAt,
    };
  }
}
