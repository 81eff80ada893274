import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { SimulatedTransaction, SimulatorStateRepository } from '../../ports.js';

const key = (...parts: readonly string[]): string => parts.join('|');

/** The simulated chains' state in Maps; every write is undone if its unit of work rolls back. */
@injectable()
export class MemorySimulatorState implements SimulatorStateRepository {
  /** chain|address|asset → base units. */
  readonly #balances = new Map<string, bigint>();
  /** chain|address → next nonce. */
  readonly #nonces = new Map<string, bigint>();
  /** chain|hash → transaction. */
  readonly #transactions = new Map<string, SimulatedTransaction>();

  async credit(tx: Tx, chain: string, address: string, assetCode: string, amount: bigint): Promise<void> {
    const at = key(chain, address, assetCode);
    putUndoable(tx, this.#balances, at, (this.#balances.get(at) ?? 0n) + amount);
  }

  async debit(tx: Tx, chain: string, address: string, assetCode: string, amount: bigint): Promise<boolean> {
    const at = key(chain, address, assetCode);
    const balance = this.#balances.get(at) ?? 0n;
    if (balance < amount) return false;
    putUndoable(tx, this.#balances, at, balance - amount);
    return true;
  }

  async balance(_tx: Tx, chain: string, address: string, assetCode: string): Promise<bigint> {
    return this.#balances.get(key(chain, address, assetCode)) ?? 0n;
  }

  async balances(_tx: Tx, chain: string, address: string): Promise<Map<string, bigint>> {
    const prefix = key(chain, address, '');
    const found = new Map<string, bigint>();
    for (const [at, amount] of this.#balances) {
      if (at.startsWith(prefix) && amount > 0n) found.set(at.slice(prefix.length), amount);
    }
    return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
  }

  async takeNonce(tx: Tx, chain: string, address: string): Promise<bigint> {
    const at = key(chain, address);
    const nonce = this.#nonces.get(at) ?? 0n;
    putUndoable(tx, this.#nonces, at, nonce + 1n);
    return nonce;
  }

  async insertTransaction(tx: Tx, transaction: SimulatedTransaction): Promise<void> {
    putUndoable(tx, this.#transactions, key(transaction.chain, transaction.hash), transaction);
  }

  async findTransaction(_tx: Tx, chain: string, hash: string): Promise<SimulatedTransaction | undefined> {
    return this.#transactions.get(key(chain, hash));
  }

  async supply(_tx: Tx, chain: string, assetCode: string): Promise<{ held: bigint; minted: bigint }> {
    let held = 0n;
    for (const [at, amount] of this.#balances) {
      const [balanceChain, , balanceAsset] = at.split('|');
      if (balanceChain === chain && balanceAsset === assetCode) held += amount;
    }
    let minted = 0n;
    for (const transaction of this.#transactions.values()) {
      if (transaction.chain === chain && transaction.assetCode === assetCode && transaction.kind === 'mint') minted += transaction.amount;
    }
    return { held, minted };
  }
}
