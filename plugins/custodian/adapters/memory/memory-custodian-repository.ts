import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { BalanceRecord, CustodianAccountRecord } from '../../domain/custodian-account.js';
import type { CustodianRepository, SimulatedAccount } from '../../ports.js';

/**
 * Links, their balances and the simulated custodian's accounts in Maps;
 * every write is undone if its unit of work rolls back. The memory store
 * runs units of work one at a time, so a lock is a plain read.
 */
@injectable()
export class MemoryCustodianRepository implements CustodianRepository {
  readonly #accounts = new Map<string, CustodianAccountRecord>();
  readonly #balances = new Map<string, readonly BalanceRecord[]>();
  readonly #simulated = new Map<string, SimulatedAccount>();

  async insertAccount(tx: Tx, account: CustodianAccountRecord): Promise<boolean> {
    if (account.status === 'linked' && (await this.findLinked(tx, account.teamId, account.accountId, account.custodian))) return false;
    putUndoable(tx, this.#accounts, account.id, account);
    return true;
  }

  async findAccount(_tx: Tx, teamId: string, id: string): Promise<CustodianAccountRecord | undefined> {
    const found = this.#accounts.get(id);
    return found?.teamId === teamId ? found : undefined;
  }

  lockAccount(tx: Tx, teamId: string, id: string): Promise<CustodianAccountRecord | undefined> {
    return this.findAccount(tx, teamId, id);
  }

  async findLinked(_tx: Tx, teamId: string, accountId: string, custodian: string): Promise<CustodianAccountRecord | undefined> {
    return [...this.#accounts.values()].find((one) => one.teamId === teamId && one.accountId === accountId && one.custodian === custodian && one.status === 'linked');
  }

  async listAccounts(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<CustodianAccountRecord>> {
    const rows = [...this.#accounts.values()].filter((one) => one.teamId === teamId);
    const start = pageOffset(page);
    return { items: rows.slice(start, start + page.perPage), total: rows.length };
  }

  async updateAccount(tx: Tx, account: CustodianAccountRecord): Promise<void> {
    const stored = this.#accounts.get(account.id);
    if (stored?.teamId !== account.teamId) return;
    const { status, lastSyncedAt, updatedAt } = account;
    putUndoable(tx, this.#accounts, account.id, { ...stored, status, lastSyncedAt, updatedAt });
  }

  async replaceBalances(tx: Tx, teamId: string, custodianAccountId: string, balances: readonly BalanceRecord[]): Promise<void> {
    if (this.#accounts.get(custodianAccountId)?.teamId !== teamId) return;
    putUndoable(tx, this.#balances, custodianAccountId, [...balances].sort((a, b) => (a.holding < b.holding ? -1 : 1)));
  }

  async balances(_tx: Tx, teamId: string, custodianAccountId: string): Promise<BalanceRecord[]> {
    if (this.#accounts.get(custodianAccountId)?.teamId !== teamId) return [];
    return [...(this.#balances.get(custodianAccountId) ?? [])];
  }

  async loadSimulated(_tx: Tx, externalId: string): Promise<SimulatedAccount | undefined> {
    return this.#simulated.get(externalId);
  }

  async saveSimulated(tx: Tx, account: SimulatedAccount): Promise<void> {
    putUndoable(tx, this.#simulated, account.externalId, { ...account, balances: new Map(account.balances) });
  }
}
