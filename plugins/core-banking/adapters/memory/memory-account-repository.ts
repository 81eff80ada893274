import { inject, injectable } from 'inversify';
import type { PageRequest, Tx } from '../../../../kernel/public.js';
import type { AccountStatus } from '../../domain/account.js';
import type { AccountRecord, AccountRepository, Slice } from '../../ports.js';
import { MemoryCoreBankingState, MemoryState, slice } from './memory-state.js';

@injectable()
export class MemoryAccountRepository implements AccountRepository {
  constructor(@inject(MemoryState) private readonly state: MemoryCoreBankingState) {}

  async insert(tx: Tx, account: AccountRecord): Promise<void> {
    if (this.state.accounts.has(account.id)) throw new Error(`duplicate account id ${account.id}`);
    this.state.put(tx, this.state.accounts, account.id, { seq: this.state.nextSeq(), record: account });
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<AccountRecord | undefined> {
    const record = this.state.accounts.get(id)?.record;
    return record && record.teamId === teamId ? record : undefined;
  }

  lockForStatusChange(tx: Tx, teamId: string, id: string): Promise<AccountRecord | undefined> {
    return this.find(tx, teamId, id);
  }

  async setStatus(tx: Tx, teamId: string, id: string, status: AccountStatus, at: Date): Promise<void> {
    const stored = this.state.accounts.get(id);
    if (!stored || stored.record.teamId !== teamId) return;
    this.state.put(tx, this.state.accounts, id, { seq: stored.seq, record: { ...stored.record, status, updatedAt: at } });
  }

  async list(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<AccountRecord>> {
    const mine = [...this.state.accounts.values()]
      .filter((stored) => stored.record.teamId === teamId)
      .sort((a, b) => a.record.createdAt.getTime() - b.record.createdAt.getTime() || a.seq - b.seq)
      .map((stored) => stored.record);
    return { items: slice(mine, page), total: mine.length };
  }
}
