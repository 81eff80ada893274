import { inject, injectable } from 'inversify';
import type { PageRequest } from '../../../../kernel/contract/page.js';
import type { Tx } from '../../../../ports/unit-of-work.js';
import type { AttemptRecord, DeliveryRecord, DeliveryRepository, Slice } from '../../ports.js';
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

  async claimDue(tx: Tx, now: Date, limit: number, leaseUntil: Date): Promise<DeliveryRecord[]> {
    const due = [...this.state.deliveries.values()]
      .filter((d) => d.status === 'pending' && d.nextAttemptAt !== null && d.nextAttemptAt <= now)
      .sort((a, b) => a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime())
      .slice(0, limit);
    for (const delivery of due) this.state.put(tx, this.state.deliveries, delivery.id, { ...delivery, nextAttemptAt: leaseUntil });
    return due.map((delivery) => ({ ...delivery, nextAttemptAt: leaseUntil }));
  }

  async update(tx: Tx, delivery: DeliveryRecord): Promise<void> {
    if (this.state.deliveries.get(delivery.id)?.teamId !== delivery.teamId) return;
    this.state.put(tx, this.state.deliveries, delivery.id, delivery);
  }

  async updateMany(tx: Tx, deliveries: readonly DeliveryRecord[]): Promise<void> {
    for (const delivery of deliveries) await this.update(tx, delivery);
  }

  async insertAttempts(tx: Tx, attempts: readonly AttemptRecord[]): Promise<void> {
    for (const attempt of attempts) await this.insertAttempt(tx, attempt);
  }

  async cancelPending(tx: Tx, teamId: string, webhookId: string, at: Date): Promise<number> {
    let cancelled = 0;
    for (const delivery of [...this.state.deliveries.values()]) {
      if (delivery.teamId !== teamId || delivery.webhookId !== webhookId || delivery.status !== 'pending') continue;
      this.state.put(tx, this.state.deliveries, delivery.id, { ...delivery, status: 'cancelled', nextAttemptAt: null, updatedAt: at });
      cancelled += 1;
    }
    return cancelled;
  }

  async insertAttempt(tx: Tx, attempt: AttemptRecord): Promise<void> {
    this.state.push(tx, this.state.attempts, { seq: this.state.nextSeq(), record: attempt });
  }

  async attempts(_tx: Tx, teamId: string, webhookId: string, page: PageRequest): Promise<Slice<AttemptRecord>> {
    const mine = this.state.attempts
      .filter((a) => a.record.teamId === teamId && a.record.webhookId === webhookId)
      .sort((a, b) => b.seq - a.seq)
      .map((a) => a.record);
    return { items: slice(mine, page), total: mine.length };
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<DeliveryRecord | undefined> {
    const delivery = this.state.deliveries.get(id);
    return delivery?.teamId === teamId ? delivery : undefined;
  }
}
