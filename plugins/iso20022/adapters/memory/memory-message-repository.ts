import { injectable } from 'inversify';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { putUndoable } from '../../../../kit/memory.js';
import type { MessageRecord, MessageType } from '../../domain/message.js';
import type { MessageRepository } from '../../ports.js';

/** Messages in a Map in insertion order; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryMessageRepository implements MessageRepository {
  readonly #messages = new Map<string, MessageRecord>();

  async issue(tx: Tx, message: MessageRecord): Promise<MessageRecord> {
    const existing = await this.bySubject(tx, message.teamId, message.type, message.subject);
    if (existing) return existing;
    putUndoable(tx, this.#messages, message.id, message);
    return message;
  }

  async bySubject(_tx: Tx, teamId: string, type: MessageType, subject: string): Promise<MessageRecord | undefined> {
    return [...this.#messages.values()].find((one) => one.teamId === teamId && one.type === type && one.subject === subject);
  }

  async find(_tx: Tx, teamId: string, id: string): Promise<MessageRecord | undefined> {
    const found = this.#messages.get(id);
    return found?.teamId === teamId ? found : undefined;
  }

  async list(_tx: Tx, teamId: string, page: PageRequest, type?: MessageType): Promise<Slice<MessageRecord>> {
    const rows = [...this.#messages.values()].filter((one) => one.teamId === teamId && (type === undefined || one.type === type)).reverse();
    const start = pageOffset(page);
    return { items: rows.slice(start, start + page.perPage), total: rows.length };
  }
}
