import { eventType } from '../../kernel/public.js';
import { MessageSummaryView } from './operations.js';

/** Only the first export of a transfer or period issues a message; asking again answers it and emits nothing. */
export const MessageIssued = eventType({
  name: 'iso20022.message.issued',
  version: 1,
  group: 'ISO 20022',
  description: 'An ISO 20022 message (pacs.008 of a transfer, camt.053 statement) was issued for the team.',
  emittedBy: 'POST /iso20022/pacs008, POST /iso20022/camt053, exportPacs008, exportCamt053',
  payload: MessageSummaryView,
  webhook: true,
});

export const iso20022Events = [MessageIssued];
