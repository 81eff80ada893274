import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { PaymentOutcome, PaymentRecord } from '../../domain/records.js';
import type { PaymentRepository } from '../../ports.js';

const nonceKey = (network: string, payer: string, nonce: string) => `${network}|${payer.toLowerCase()}|${nonce.toLowerCase()}`;

/** Payments and used nonces in Maps; the memory store runs one unit of work at a time, so a claim is atomic. */
@injectable()
export class MemoryPaymentRepository implements PaymentRepository {
  readonly #payments = new Map<string, PaymentRecord>();
  readonly #nonces = new Map<string, true>();

  async claimNonce(tx: Tx, network: string, payer: string, nonce: string): Promise<boolean> {
    const key = nonceKey(network, payer, nonce);
    if (this.#nonces.has(key)) return false;
    putUndoable(tx, this.#nonces, key, true);
    return true;
  }

  async isNonceUsed(_tx: Tx, network: string, payer: string, nonce: string): Promise<boolean> {
    return this.#nonces.has(nonceKey(network, payer, nonce));
  }

  async insert(tx: Tx, payment: PaymentRecord): Promise<boolean> {
    const key = payment.made?.requestKey;
    if (key != null && (await this.findMade(tx, payment.teamId, key))) return false;
    putUndoable(tx, this.#payments, payment.id, payment);
    return true;
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<PaymentRecord | undefined> {
    const found = this.#payments.get(id);
    return found?.teamId === teamId ? found : undefined;
  }

  async findMade(_tx: Tx, teamId: string, requestKey: string): Promise<PaymentRecord | undefined> {
    return [...this.#payments.values()].find((one) => one.teamId === teamId && one.made?.requestKey === requestKey);
  }

  async list(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<PaymentRecord>> {
    const team = [...this.#payments.values()].filter((one) => one.teamId === teamId).reverse();
    const start = pageOffset(page);
    return { items: team.slice(start, start + page.perPage), total: team.length };
  }

  async finish(tx: Tx, id: string, outcome: PaymentOutcome): Promise<PaymentRecord | undefined> {
    const found = this.#payments.get(id);
    if (!found || found.status !== 'verified') return undefined;
    const finished: PaymentRecord = { ...found, ...outcome };
    putUndoable(tx, this.#payments, id, finished);
    return finished;
  }

  async staleVerified(_tx: Tx, before: Date, limit: number): Promise<PaymentRecord[]> {
    return [...this.#payments.values()].filter((one) => one.status === 'verified' && one.createdAt < before).slice(0, limit);
  }

  async settledByNonce(_tx: Tx, network: string, payer: string, nonce: string): Promise<PaymentRecord | undefined> {
    return [...this.#payments.values()].find(
      (one) => one.status === 'settled' && one.direction === 'received' && one.network === network && one.payer.toLowerCase() === payer.toLowerCase() && one.nonce.toLowerCase() === nonce.toLowerCase(),
    );
  }

  async counts(_tx: Tx, teamId: string): Promise<Record<PaymentRecord['status'], number>> {
    const counts = { verified: 0, settled: 0, failed: 0 };
    for (const one of this.#payments.values()) if (one.teamId === teamId) counts[one.status] += 1;
    return counts;
  }
}
