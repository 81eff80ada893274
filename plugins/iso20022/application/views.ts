import type { MessageRecord } from '../domain/message.js';
import type { MessageSummaryView, MessageView } from '../operations.js';

export function messageSummaryView(message: MessageRecord): MessageSummaryView {
  return {
    id: message.id,
    message_id: message.messageId,
    type: message.type,
    transfer_id: message.transferId,
    account_id: message.accountId,
    currency: message.currency,
    from: message.periodFrom,
    to: message.periodTo,
    created_at: message.createdAt.toISOString(),
  };
}

export function messageView(message: MessageRecord): MessageView {
  return { ...messageSummaryView(message), xml: message.document };
}
