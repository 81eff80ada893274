import { inject, injectable } from 'inversify';
import { FileAnswer, listPage, NotFoundError, pageRequest, UnitOfWork, ValidationError, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { MessageRecord } from '../domain/message.js';
import type { ListMessagesInput, MessageIdInput, MessageSummaryView, MessageView } from '../operations.js';
import { MessageRepository } from '../ports.js';
import { messageSummaryView, messageView } from './views.js';

async function found(uow: UnitOfWork, messages: MessageRepository, teamId: string, id: string): Promise<MessageRecord> {
  const message = await uow.readOnly((tx) => messages.find(tx, teamId, id));
  if (!message) throw new NotFoundError('message', id, { parameter: 'id' });
  return message;
}

/** GET /iso20022/messages/{id}, iso20022Message(id): 404 for another team's. */
@injectable()
export class GetMessageOperation implements Operation<MessageIdInput, MessageView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MessageRepository) private readonly messages: MessageRepository,
  ) {}

  async execute(input: MessageIdInput, ctx: RequestContext): Promise<MessageView> {
    return messageView(await found(this.uow, this.messages, ctx.actor.teamId, input.id));
  }
}

/** GET /iso20022/messages/{id}/document: the XML as a file, as issued. */
@injectable()
export class GetMessageDocumentOperation implements Operation<MessageIdInput, FileAnswer> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MessageRepository) private readonly messages: MessageRepository,
  ) {}

  async execute(input: MessageIdInput, ctx: RequestContext): Promise<FileAnswer> {
    const message = await found(this.uow, this.messages, ctx.actor.teamId, input.id);
    return new FileAnswer(`${message.type}-${message.messageId}.xml`, 'application/xml; charset=utf-8', new TextEncoder().encode(message.document));
  }
}

const TYPES: readonly string[] = ['pacs.008', 'camt.053'];

/**
 * GET /iso20022/messages, iso20022Messages: the team's messages, newest
 * first. The route's query schema checks `type` for REST; GraphQL's pages are
 * numbers, so its `type` is checked here.
 */
@injectable()
export class ListMessagesOperation implements Operation<ListMessagesInput, Page<MessageSummaryView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MessageRepository) private readonly messages: MessageRepository,
  ) {}

  execute(input: ListMessagesInput, ctx: RequestContext): Promise<Page<MessageSummaryView>> {
    if (input.type !== undefined && !TYPES.includes(input.type)) throw ValidationError.field('/type', 'type is pacs.008 or camt.053.');
    return listPage(this.uow, pageRequest(input.page, input.per_page), messageSummaryView, (tx, page) => this.messages.list(tx, ctx.actor.teamId, page, input.type));
  }
}
