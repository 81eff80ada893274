import { injectable } from 'inversify';
import { inActivityFilter, type ActivityHistoryFilter, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { IntentStatus, PaymentIntentRecord } from '../../domain/payment-intent.js';
import type { BalanceMarkRepository, IntentTransition, PaymentIntentRepository, WalletRecord, WalletRepository } from '../../ports.js';

const walletKey = (teamId: string, userId: string) => `${teamId}\u0000${userId}`;

@injectable()
export class MemoryWalletRepository implements WalletRepository {
  readonly #rows = new Map<string, WalletRecord>();

  async put(tx: Tx, wallet: WalletRecord): Promise<void> {
    putUndoable(tx, this.#rows, walletKey(wallet.teamId, wallet.userId), wallet);
  }

  async find(_tx: Tx, teamId: string, userId: string): Promise<WalletRecord | undefined> {
    return this.#rows.get(walletKey(teamId, userId));
  }

  async findByAccount(_tx: Tx, teamId: string, accountId: string): Promise<WalletRecord[]> {
    return [...this.#rows.values()].filter((row) => row.teamId === teamId && row.accountId === accountId);
  }
}

@injectable()
export class MemoryBalanceMarkRepository implements BalanceMarkRepository {
  readonly #marks = new Map<string, bigint>();

  async swap(tx: Tx, teamId: string, accountId: string, assetCode: string, total: bigint): Promise<bigint> {
    const key = [teamId, accountId, assetCode].join('\u0000');
    const before = this.#marks.get(key) ?? 0n;
    putUndoable(tx, this.#marks, key, total);
    return before;
  }
}

/** Intents in a Map; the memory store runs one unit of work at a time, so a check-then-write is atomic. */
@injectable()
export class MemoryPaymentIntentRepository implements PaymentIntentRepository {
  readonly #rows = new Map<string, PaymentIntentRecord>();

  async insert(tx: Tx, intent: PaymentIntentRecord): Promise<void> {
    putUndoable(tx, this.#rows, intent.id, intent);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<PaymentIntentRecord | undefined> {
    const found = this.#rows.get(id);
    return found?.teamId === teamId ? found : undefined;
  }

  async transition(tx: Tx, teamId: string, id: string, from: readonly IntentStatus[], to: IntentTransition): Promise<PaymentIntentRecord | undefined> {
    const found = await this.find(tx, teamId, id);
    if (!found || !from.includes(found.status)) return undefined;
    const moved: PaymentIntentRecord = {
      ...found,
      status: to.status,
      failureReason: to.failureReason === undefined ? found.failureReason : to.failureReason,
      completedAt: to.completedAt === undefined ? found.completedAt : to.completedAt,
      updatedAt: to.at,
    };
    putUndoable(tx, this.#rows, id, moved);
    return moved;
  }

  async expireDue(tx: Tx, now: Date, limit: number): Promise<PaymentIntentRecord[]> {
    const due = [...this.#rows.values()]
      .filter((row) => row.status === 'requires_confirmation' && row.expiresAt.getTime() <= now.getTime())
      .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || a.id.localeCompare(b.id))
      .slice(0, limit);
    return due.map((row) => {
      const expired: PaymentIntentRecord = { ...row, status: 'expired', updatedAt: now };
      putUndoable(tx, this.#rows, row.id, expired);
      return expired;
    });
  }

  async history(_tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<PaymentIntentRecord[]> {
    const sides = (row: PaymentIntentRecord) =>
      (row.teamId === teamId && inActivityFilter(filter, row.createdAt, row.accountId)) || (row.recipientTeamId === teamId && inActivityFilter(filter, row.createdAt, row.recipientAccountId));
    return [...this.#rows.values()].filter(sides).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1)).slice(0, limit);
  }
}
