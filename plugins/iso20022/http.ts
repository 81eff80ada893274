import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { ExportCamt053, ExportPacs008, ExportStatementInput, ExportTransferInput, GetMessage, GetMessageDocument, ListMessages, ListMessagesInput, MessageIdInput, MessageSummaryView, MessageView, ValidateDocument, ValidateInput, ValidationView } from './operations.js';

export const iso20022RouteTags: readonly RouteTag[] = [
  {
    name: 'ISO 20022',
    description: 'The team’s transfers as pacs.008 and account statements as camt.053, issued once and kept, and the validation of uploaded documents ([iso20022.md](iso20022.md)).',
  },
];
const tags = ['ISO 20022'];
const v2 = ['v2'] as const;

export const iso20022Routes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/iso20022/pacs008',
    prefixes: v2,
    access: 'write',
    body: ExportTransferInput,
    response: MessageView,
    operation: ExportPacs008,
    summary: 'A settled transfer as a pacs.008',
    description:
      'Issues the FIToFICustomerCreditTransfer of a settled transfer of the team; asked again, answers the same message (same message id, time and XML). 404 for another team’s transfer, 422 transfer_not_settled, 422 not_iso_currency for a non-fiat asset.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/iso20022/camt053',
    prefixes: v2,
    access: 'write',
    body: ExportStatementInput,
    response: MessageView,
    operation: ExportCamt053,
    summary: 'An account statement as a camt.053',
    description:
      'Issues the BankToCustomerStatement of an account of the team in one currency for whole UTC days that have ended: opening and closing booked balances and one entry per ledger posting. Asked again, answers the same message. 404 for another team’s account; 422 period_not_closed, not_iso_currency.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/iso20022/messages',
    prefixes: v2,
    access: 'read',
    query: ListMessagesInput,
    response: z.array(MessageSummaryView),
    operation: ListMessages,
    summary: 'The messages issued for the team',
    description: 'Newest first, of one type with type; paginated by page and per_page.',
    tags,
  }),
  route({ method: 'GET', path: '/iso20022/messages/:id', prefixes: v2, access: 'read', params: MessageIdInput, response: MessageView, operation: GetMessage, summary: 'An issued message with its XML', description: '404 for another team’s message.', tags }),
  route({
    method: 'GET',
    path: '/iso20022/messages/:id/document',
    prefixes: v2,
    access: 'read',
    params: MessageIdInput,
    produces: ['application/xml'],
    operation: GetMessageDocument,
    summary: 'An issued message as an XML file',
    description: 'The document as issued, as an attachment. 404 for another team’s message.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/iso20022/validate',
    prefixes: v2,
    access: 'read',
    body: ValidateInput,
    response: ValidationView,
    operation: ValidateDocument,
    summary: 'Validate a pacs.008 or camt.053 document',
    description:
      'Checks structure and the business rules of iso20022.md (required elements, amounts with the currency’s decimals, counts and sums, entries = closing − opening). A failing document is an answer with findings, each with an XPath-like pointer; nothing is stored.',
    tags,
  }),
];
