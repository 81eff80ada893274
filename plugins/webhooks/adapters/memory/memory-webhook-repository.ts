import { inject, injectable } from 'inversify';
import type { PageRequest, Tx } from '../../../../kernel/public.js';
import type { Slice, WebhookKey, WebhookRecord, WebhookRepository } from '../../ports.js';
import { MemoryWebhooks, MemoryWebhookState, slice } from './memory-webhook-state.js';

@injectable()
export class MemoryWebhookRepository implements WebhookRepository {
  constructor(@inject(MemoryWebhooks) private readonly state: MemoryWebhookState) {}

  async insert(tx: Tx, webhook: WebhookRecord): Promise<void> {
    if (this.state.webhooks.has(webhook.id)) throw new Error(`duplicate webhook id ${webhook.id}`);
    this.state.put(tx, this.state.webhooks, webhook.id, { seq: this.state.nextSeq(), record: webhook });
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<WebhookRecord | undefined> {
    const record = this.state.webhooks.get(id)?.record;
    return record && record.teamId === teamId ? record : undefined;
  }

  /** The memory store runs one unit of work at a time: a plain read is already exclusive. */
  findForUpdate(tx: Tx, teamId: string, id: string): Promise<WebhookRecord | undefined> {
    return this.find(tx, teamId, id);
  }

  /** As findForUpdate: one unit of work at a time, so reading is locking. */
  async findMany(tx: Tx, keys: readonly WebhookKey[]): Promise<Map<string, WebhookRecord>> {
    const found = new Map<string, WebhookRecord>();
    for (const { teamId, id } of keys) {
      const record = await this.find(tx, teamId, id);
      if (record) found.set(id, record);
    }
    return found;
  }

  async update(tx: Tx, webhook: WebhookRecord): Promise<void> {
    const stored = this.state.webhooks.get(webhook.id);
    if (!stored || stored.record.teamId !== webhook.teamId) return;
    this.state.put(tx, this.state.webhooks, webhook.id, { seq: stored.seq, record: webhook });
  }

  async remove(tx: Tx, teamId: string, id: string): Promise<void> {
    if (this.state.webhooks.get(id)?.record.teamId === teamId) this.state.remove(tx, this.state.webhooks, id);
  }

  async list(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<WebhookRecord>> {
    const mine = this.#team(teamId);
    return { items: slice(mine, page), total: mine.length };
  }

  async count(_tx: Tx, teamId: string): Promise<number> {
    return this.#team(teamId).length;
  }

  async countFailing(_tx: Tx, teamId?: string): Promise<number> {
    return [...this.state.webhooks.values()].filter(({ record }) => record.failingSince !== null && (teamId === undefined || record.teamId === teamId)).length;
  }

  async active(_tx: Tx, teamId: string): Promise<WebhookRecord[]> {
    return this.#team(teamId).filter((webhook) => webhook.active);
  }

  #team(teamId: string): WebhookRecord[] {
    return [...this.state.webhooks.values()]
      .filter((stored) => stored.record.teamId === teamId)
      .sort((a, b) => a.seq - b.seq)
      .map((stored) => stored.record);
  }
}
