import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { deleteUndoable, putUndoable } from '../../../../kit/memory.js';
import type { Budget, SpendingLimit } from '../../domain/spending.js';
import type { SpendingRepository } from '../../ports.js';

const key = (...parts: string[]) => parts.join('|');

/** Limits and counters in Maps; the memory store runs one unit of work at a time, so check-then-add is atomic. */
@injectable()
export class MemorySpendingRepository implements SpendingRepository {
  readonly #limits = new Map<string, SpendingLimit>();
  readonly #spent = new Map<string, bigint>();

  async find(_tx: Tx, teamId: string, subject: string): Promise<SpendingLimit | undefined> {
    return this.#limits.get(key(teamId, subject));
  }

  async list(_tx: Tx, teamId: string): Promise<SpendingLimit[]> {
    const mine = [...this.#limits.values()].filter((one) => one.teamId === teamId);
    return [...mine.filter((one) => one.subject === 'team'), ...mine.filter((one) => one.subject !== 'team')];
  }

  async put(tx: Tx, limit: SpendingLimit): Promise<void> {
    const found = this.#limits.get(key(limit.teamId, limit.subject));
    putUndoable(tx, this.#limits, key(limit.teamId, limit.subject), found ? { ...limit, createdAt: found.createdAt } : limit);
  }

  async delete(tx: Tx, teamId: string, subject: string): Promise<boolean> {
    if (!this.#limits.has(key(teamId, subject))) return false;
    deleteUndoable(tx, this.#limits, key(teamId, subject));
    return true;
  }

  async reserve(tx: Tx, teamId: string, budgets: readonly Budget[], cents: bigint): Promise<boolean> {
    const fits = budgets.every((budget) => budget.capCents === null || (this.#spent.get(key(teamId, budget.subject, budget.period)) ?? 0n) + cents <= budget.capCents);
    if (!fits) return false;
    for (const budget of budgets) {
      const counter = key(teamId, budget.subject, budget.period);
      putUndoable(tx, this.#spent, counter, (this.#spent.get(counter) ?? 0n) + cents);
    }
    return true;
  }

  async release(tx: Tx, teamId: string, budgets: readonly Omit<Budget, 'capCents'>[], cents: bigint): Promise<void> {
    for (const budget of budgets) {
      const counter = key(teamId, budget.subject, budget.period);
      const now = this.#spent.get(counter) ?? 0n;
      putUndoable(tx, this.#spent, counter, now > cents ? now - cents : 0n);
    }
  }

  async spent(_tx: Tx, teamId: string, subject: string, period: string): Promise<bigint> {
    return this.#spent.get(key(teamId, subject, period)) ?? 0n;
  }
}
