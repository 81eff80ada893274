import { injectable } from 'inversify';
import type { Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { MonitoredTransactionRecord, MonitoringRepository, ReviewStatus } from '../../ports.js';

interface SeenTransfer {
  readonly teamId: string;
  readonly fromAccount: string;
  readonly amountCents: bigint;
  readonly at: Date;
}

/** Monitoring state in Maps; writes are undone if their unit of work rolls back. */
@injectable()
export class MemoryMonitoringRepository implements MonitoringRepository {
  readonly #transfers = new Map<string, SeenTransfer>();
  readonly #records = new Map<string, MonitoredTransactionRecord>();

  async recordTransfer(tx: Tx, t: { teamId: string; transferId: string; fromAccount: string; amountCents: bigint; at: Date }): Promise<boolean> {
    const key = `${t.teamId}/${t.transferId}`;
    if (this.#transfers.has(key)) return false;
    putUndoable(tx, this.#transfers, key, { teamId: t.teamId, fromAccount: t.fromAccount, amountCents: t.amountCents, at: t.at });
    return true;
  }

  async countFrom(_tx: Tx, teamId: string, fromAccount: string, since: Date, range?: { minCents: bigint; maxCents: bigint }): Promise<number> {
    return [...this.#transfers.values()].filter(
      (t) => t.teamId === teamId && t.fromAccount === fromAccount && t.at.getTime() >= since.getTime() && (!range || (t.amountCents >= range.minCents && t.amountCents < range.maxCents)),
    ).length;
  }

  async find(_tx: Tx, teamId: string, transactionId: string) {
    return this.#records.get(`${teamId}/${transactionId}`);
  }

  async findById(_tx: Tx, id: string) {
    return [...this.#records.values()].find((record) => record.id === id);
  }

  async put(tx: Tx, record: MonitoredTransactionRecord): Promise<void> {
    putUndoable(tx, this.#records, `${record.teamId}/${record.transactionId}`, record);
  }

  async many(_tx: Tx, teamId: string, transactionIds: readonly string[]) {
    return transactionIds.map((id) => this.#records.get(`${teamId}/${id}`)).filter((record): record is MonitoredTransactionRecord => record !== undefined);
  }

  async pending(_tx: Tx, limit: number) {
    return [...this.#records.values()]
      .filter((record) => record.reviewStatus === 'pending_review')
      .sort((a, b) => a.flaggedAt.getTime() - b.flaggedAt.getTime())
      .slice(0, limit);
  }

  async counts(_tx: Tx, teamId: string) {
    const counts: Record<ReviewStatus, number> = { clear: 0, pending_review: 0, cleared: 0, rejected: 0 };
    for (const record of this.#records.values()) if (record.teamId === teamId) counts[record.reviewStatus] += 1;
    return counts;
  }
}
