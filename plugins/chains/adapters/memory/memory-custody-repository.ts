import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { appendUndoable, putUndoable } from '../../../../kit/memory.js';
import type { CustodyAddress, CustodyRepository } from '../../ports.js';

/** Custody indexes and addresses in Maps; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryCustodyRepository implements CustodyRepository {
  readonly #seed = new Map<'seed', string>();
  /** team|account id → its index, in allocation order (index = position). */
  readonly #accounts = new Map<string, number>();
  readonly #allocated: string[] = [];
  /** chain|address → address. */
  readonly #addresses = new Map<string, CustodyAddress>();

  async recordSeedFingerprint(tx: Tx, fingerprint: string): Promise<string> {
    if (!this.#seed.has('seed')) putUndoable(tx, this.#seed, 'seed', fingerprint);
    return this.#seed.get('seed')!;
  }

  async accountIndex(tx: Tx, teamId: string, accountId: string): Promise<number> {
    const key = `${teamId}|${accountId}`;
    let index = this.#accounts.get(key);
    if (index === undefined) {
      index = this.#allocated.length;
      appendUndoable(tx, this.#allocated, [key]);
      putUndoable(tx, this.#accounts, key, index);
    }
    return index;
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

  async teamAddresses(_tx: Tx, teamId: string): Promise<CustodyAddress[]> {
    return [...this.#addresses.values()].filter((one) => one.teamId === teamId).sort((a, b) => a.accountIndex - b.accountIndex || (a.chain < b.chain ? -1 : a.chain > b.chain ? 1 : 0));
  }

  async list(_tx: Tx): Promise<CustodyAddress[]> {
    return [...this.#addresses.values()].sort((a, b) => (a.chain + a.address < b.chain + b.address ? -1 : 1));
  }

  async owner(_tx: Tx, chain: string, address: string): Promise<CustodyAddress | undefined> {
    return this.#addresses.get(`${chain}|${address}`);
  }
}
