import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { MessageRecord, MessageType } from './domain/message.js';

/** The messages the service issued, one implementation per store family, held to adapters/repository.contract.ts. */
export interface MessageRepository {
  /**
   * Stores the message unless the team already has one of this type and
   * subject (two exports of the same transfer racing): answers the stored
   * one, which is `message` only when this call stored it.
   */
  issue(tx: Tx, message: MessageRecord): Promise<MessageRecord>;
  bySubject(tx: Tx, teamId: string, type: MessageType, subject: string): Promise<MessageRecord | undefined>;
  /** The team's message (undefined for another team's). */
  find(tx: Tx, teamId: string, id: string): Promise<MessageRecord | undefined>;
  /** Newest first, of one type when given. */
  list(tx: Tx, teamId: string, page: PageRequest, type?: MessageType): Promise<Slice<MessageRecord>>;
}
export const MessageRepository = token<MessageRepository>('iso20022.message-repository');
