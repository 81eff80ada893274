import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { appendUndoable, putUndoable } from '../../../../kit/memory.js';
import type { CustodyAddress, CustodyRepository } from '../../ports.js';

/** Custody indexes and addresses in Maps; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryCustodyRepository implements CustodyRepository {
  readonly #seed = new Map<'seed', string>();
  /** account id → its index and team, in allocation order (index = position). */
  readonly #accounts = new Map<string, { index: number; teamId: string }>();
  readonly #allocated: string[] = [];
  /** chain|address → address. */
  readonly #addresses = new Map<string, CustodyAddress>();

  async recordSeedFingerprint(tx: Tx, fingerprint: string): Promise<string> {
    if (!this.#seed.has('seed')) putUndoable(tx, this.#seed, 'seed', fingerprint);
    return this.#seed.get('seed')!;
  }

  async accountIndex(tx: Tx, teamId: string, accountId: string): Promise<number> {
    let account = this.#accounts.get(accountId);
    if (!account) {
      account = { index: this.#allocated.length, teamId };
      appendUndoable(tx, this.#allocated, [accountId]);
      putUndoable(tx, this.#accounts, accountId, account);
    }
    if (account.teamId !== teamId) throw new Error(`account ${accountId} is registered for another team`);
    return account.index;
  }

  async saveAddresses(tx: Tx, addresses: readonly CustodyAddress[]): Promise<void> {
    for (const one of addresses) {
      const key = `${one.chain}|${one.address}`;
      if (!this.#addresses.has(key)) putUndoable(tx, this.#addresses, key, one);
    }
  }

  async addresses(_tx: Tx, teamId: string, accountId: string): Promise<CustodyAddress[]> {
    return [...this.#addresses.values()].filter((one) => one.teamId === teamId && one.accountId === accountId);
  }

  async owner(_tx: Tx, chain: string, address: string): Promise<CustodyAddress | undefined> {
    return this.#addresses.get(`${chain}|${address}`);
  }
}
