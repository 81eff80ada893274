import { inject, injectable } from 'inversify';
import type { PageRequest, Tx } from '../../../../kernel/public.js';
import type { AttemptRecord, DeliveryBacklog, DeliveryOutcome, DeliveryRecord, DeliveryRepository, DeliveryStatus, EndpointSlots, Slice } from '../../ports.js';
import { withinSlots } from '../within-slots.js';
import { MemoryWebhooks, MemoryWebhookState, slice } from './memory-webhook-state.js';

@injectable()
export class MemoryDeliveryRepository implements DeliveryRepository {
  constructor(@inject(MemoryWebhooks) private readonly state: MemoryWebhookState) {}

  async insert(tx: Tx, deliveries: readonly DeliveryRecord[]): Promise<void> {
    for (const delivery of deliveries) {
      const key = `${delivery.webhookId}\u0000${delivery.eventId}`;
      if (this.state.deliveryKeys.has(key)) continue;
      this.state.put(tx, this.state.deliveryKeys, key, delivery.id);
      this.state.put(tx, this.state.deliveries, delivery.id, delivery);
    }
  }

  async claimDue(tx: Tx, now: Date, limit: number, leaseUntil: Date, slots: EndpointSlots): Promise<DeliveryRecord[]> {
    const due = [...this.state.deliveries.values()]
      .filter((d) => d.status === 'pending' && d.nextAttemptAt !== null && d.nextAttemptAt <= now)
      .sort((a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime())
      .slice(0, 2 * limit);
    const claimed = withinSlots(due, limit, slots).map((delivery) => ({ ...delivery, nextAttemptAt: leaseUntil }));
    for (const delivery of claimed) this.state.put(tx, this.state.deliveries, delivery.id, delivery);
    return claimed;
  }

  async recordOutcomes(tx: Tx, outcomes: readonly DeliveryOutcome[]): Promise<Set<string>> {
    const written = new Set<string>();
    for (const { delivery, leasedUntil } of outcomes) {
      const current = this.state.deliveries.get(delivery.id);
      if (current?.teamId !== delivery.teamId || current.status !== 'pending' || current.nextAttemptAt?.getTime() !== leasedUntil.getTime()) continue;
      this.state.put(tx, this.state.deliveries, delivery.id, delivery);
      written.add(delivery.id);
    }
    return written;
  }

  async backlog(_tx: Tx, since: Date, teamId?: string): Promise<DeliveryBacklog> {
    const ours = (row: { teamId: string }) => teamId === undefined || row.teamId === teamId;
    const pending = [...this.state.deliveries.values()].filter((d) => d.status === 'pending' && ours(d));
    const oldest = pending.reduce<Date | null>((min, d) => (min === null || d.createdAt < min ? d.createdAt : min), null);
    const failedAttempts = this.state.attempts.filter(({ record: a }) => a.state !== 'succeeded' && a.attemptedAt >= since && ours(a)).length;
    return { pending: pending.length, oldestPendingAt: oldest, failedAttempts };
  }

  async insertAttempts(tx: Tx, attempts: readonly AttemptRecord[]): Promise<void> {
    for (const attempt of attempts) this.state.push(tx, this.state.attempts, { seq: this.state.nextSeq(), record: attempt });
  }

  async cancelPending(tx: Tx, teamId: string, webhookId: string, at: Date, reason: string): Promise<DeliveryRecord[]> {
    const pending = this.#ofWebhook(teamId, webhookId).filter((d) => d.status === 'pending');
    for (const delivery of pending) {
      this.state.put(tx, this.state.deliveries, delivery.id, { ...delivery, status: 'cancelled', nextAttemptAt: null, lastError: reason, updatedAt: at });
    }
    return pending;
  }

  async attempts(_tx: Tx, teamId: string, webhookId: string, page: PageRequest): Promise<Slice<AttemptRecord>> {
    const mine = this.state.attempts
      .filter((a) => a.record.teamId === teamId && a.record.webhookId === webhookId)
      .sort((a, b) => b.seq - a.seq)
      .map((a) => a.record);
    return { items: slice(mine, page), total: mine.length };
  }

  async list(_tx: Tx, teamId: string, webhookId: string, status: DeliveryStatus | undefined, page: PageRequest): Promise<Slice<DeliveryRecord>> {
    const mine = this.#ofWebhook(teamId, webhookId)
      .filter((d) => status === undefined || d.status === status)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0));
    return { items: slice(mine, page), total: mine.length };
  }

  async removeForWebhook(tx: Tx, teamId: string, webhookId: string): Promise<void> {
    this.#remove(tx, new Set(this.#ofWebhook(teamId, webhookId).map((d) => d.id)));
  }

  async prune(tx: Tx, before: Date, limit: number): Promise<number> {
    const gone = [...this.state.deliveries.values()]
      .filter((d) => d.status !== 'pending' && d.updatedAt < before)
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime())
      .slice(0, limit);
    this.#remove(tx, new Set(gone.map((d) => d.id)));
    return gone.length;
  }

  #ofWebhook(teamId: string, webhookId: string): DeliveryRecord[] {
    return [...this.state.deliveries.values()].filter((d) => d.teamId === teamId && d.webhookId === webhookId);
  }

  /** Deletes deliveries, their unique keys and their attempts. */
  #remove(tx: Tx, ids: ReadonlySet<string>): void {
    if (ids.size === 0) return;
    for (const id of ids) {
      const delivery = this.state.deliveries.get(id)!;
      this.state.remove(tx, this.state.deliveryKeys, `${delivery.webhookId}\u0000${delivery.eventId}`);
      this.state.remove(tx, this.state.deliveries, id);
    }
    this.state.filter(tx, this.state.attempts, (a) => !ids.has(a.record.deliveryId));
  }
}
