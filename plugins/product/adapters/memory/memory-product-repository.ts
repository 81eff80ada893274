import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { ActivationRecord, ProductRecord } from '../../domain/product.js';
import type { ProductRepository } from '../../ports.js';

function page<T>(rows: readonly T[], request: PageRequest): Slice<T> {
  const start = pageOffset(request);
  return { items: rows.slice(start, start + request.perPage), total: rows.length };
}

/** Products and activations in Maps in insertion order; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryProductRepository implements ProductRepository {
  readonly #products = new Map<string, ProductRecord>();
  readonly #activations = new Map<string, ActivationRecord>();
  readonly #byAccount = new Map<string, string>();

  async insertProduct(tx: Tx, product: ProductRecord): Promise<void> {
    putUndoable(tx, this.#products, product.id, product);
  }

  async findProduct(_tx: Tx, teamId: string, id: string): Promise<ProductRecord | undefined> {
    const product = this.#products.get(id);
    return product?.teamId === teamId ? product : undefined;
  }

  async listProducts(_tx: Tx, teamId: string, request: PageRequest): Promise<Slice<ProductRecord>> {
    return page([...this.#products.values()].filter((product) => product.teamId === teamId), request);
  }

  async insertActivation(tx: Tx, activation: ActivationRecord): Promise<boolean> {
    if (this.#byAccount.has(activation.accountId)) return false;
    putUndoable(tx, this.#byAccount, activation.accountId, activation.id);
    putUndoable(tx, this.#activations, activation.id, activation);
    return true;
  }

  async findActivation(_tx: Tx, teamId: string, id: string): Promise<ActivationRecord | undefined> {
    const activation = this.#activations.get(id);
    return activation?.teamId === teamId ? activation : undefined;
  }

  async listActivations(_tx: Tx, teamId: string, request: PageRequest): Promise<Slice<ActivationRecord>> {
    return page([...this.#activations.values()].filter((activation) => activation.teamId === teamId), request);
  }

  async claimDue(_tx: Tx, day: Date, now: Date, limit: number): Promise<ActivationRecord[]> {
    return [...this.#activations.values()]
      .filter((row) => row.accruedThrough < day || (row.nextFeeAt !== null && row.nextFeeAt <= now))
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit);
  }

  async update(tx: Tx, activation: ActivationRecord): Promise<void> {
    putUndoable(tx, this.#activations, activation.id, activation);
  }
}
