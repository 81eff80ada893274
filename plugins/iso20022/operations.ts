import { z } from 'zod';
import { pageNumber, pageSize, timestamp, token, type FileAnswer, type Operation, type Page } from '../../kernel/public.js';

/** The iso20022 module's operations and the zod schema of every input and view (the GraphQL types derive from them). */
const messageType = z.enum(['pacs.008', 'camt.053']);
const day = z.iso.date().describe('A UTC day, YYYY-MM-DD.');

const SUMMARY_EXAMPLE = {
  id: '0b6f1f1e-6a4e-4b8e-9d3a-2f7c1b5e8a90',
  message_id: 'OB0B6F1F1E6A4E4B8E9D3A2F7C1B5E8A90',
  type: 'camt.053' as const,
  transfer_id: null,
  account_id: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35',
  currency: 'EUR',
  from: '2026-01-01',
  to: '2026-01-31',
  created_at: '2026-02-01T08:00:00.000Z',
};

export const MessageSummaryView = z
  .object({
    id: z.uuid(),
    message_id: z.string().describe('GrpHdr/MsgId: unique, and the same each time the same transfer or period is exported.'),
    type: messageType,
    transfer_id: z.string().nullable().describe('The transfer of a pacs.008.'),
    account_id: z.string().nullable().describe('The account of a camt.053.'),
    currency: z.string(),
    from: z.string().nullable().describe('A statement’s first booking day.'),
    to: z.string().nullable().describe('A statement’s last booking day.'),
    created_at: timestamp.describe('GrpHdr/CreDtTm: when the message was first issued.'),
  })
  .strict()
  .meta({
    id: 'Iso20022MessageSummary',
    example: SUMMARY_EXAMPLE,
  });
export type MessageSummaryView = z.infer<typeof MessageSummaryView>;

export const MessageView = MessageSummaryView.extend({ xml: z.string().describe('The document as issued (UTF-8 XML).') })
  .strict()
  .meta({
    id: 'Iso20022Message',
    description: 'An ISO 20022 message the service issued for the team, with its XML.',
    example: { ...SUMMARY_EXAMPLE, xml: '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">\n  <BkToCstmrStmt>…</BkToCstmrStmt>\n</Document>' },
  });
export type MessageView = z.infer<typeof MessageView>;

export const FindingView = z
  .object({
    pointer: z.string().describe('XPath-like path of the element or attribute, 1-based indices on repeated elements.'),
    code: z.string().describe('required, too_long, invalid_amount, too_many_decimals, sum_mismatch, balance_mismatch …'),
    message: z.string(),
  })
  .strict()
  .meta({ id: 'Iso20022Finding' });

export const ValidationView = z
  .object({
    valid: z.boolean().describe('No finding.'),
    message_type: messageType.nullable().describe('What the document is, when it is one of the two.'),
    findings: z.array(FindingView),
  })
  .strict()
  .meta({
    id: 'Iso20022Validation',
    description: 'The rules of docs/iso20022.md checked on an uploaded document: a failing document is an answer, not an error.',
    example: { valid: false, message_type: 'camt.053', findings: [{ pointer: '/Document/BkToCstmrStmt/Stmt[1]/Bal[2]', code: 'balance_mismatch', message: 'Booked entries sum to 30.00, but closing − opening is 20.00.' }] },
  });
export type ValidationView = z.infer<typeof ValidationView>;

export const ExportTransferInput = z
  .object({ transfer_id: z.uuid().describe('A settled transfer of the team.') })
  .strict()
  .meta({ id: 'ExportPacs008Input', example: { transfer_id: '0b6f1f1e-6a4e-4b8e-9d3a-2f7c1b5e8a90' } });
export type ExportTransferInput = z.infer<typeof ExportTransferInput>;

export const ExportStatementInput = z
  .object({
    account_id: z.uuid(),
    currency: z.string().regex(/^[A-Z]{3}$/).describe('A fiat asset of the service (ISO 4217 code).'),
    from: day,
    to: day.describe('The last day, inclusive; it must have ended.'),
  })
  .strict()
  .meta({ id: 'ExportCamt053Input', example: { account_id: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35', currency: 'EUR', from: '2026-01-01', to: '2026-01-31' } });
export type ExportStatementInput = z.infer<typeof ExportStatementInput>;

export const ValidateInput = z
  .object({ document: z.string().min(1).max(2_000_000).describe('A pacs.008 or camt.053 document as XML text.') })
  .strict()
  .meta({ id: 'ValidateIso20022Input', example: { document: '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">…</Document>' } });
export type ValidateInput = z.infer<typeof ValidateInput>;

export const MessageIdInput = z.object({ id: z.uuid() });
export type MessageIdInput = z.infer<typeof MessageIdInput>;

export const ListMessagesInput = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20), type: messageType.optional() });
export type ListMessagesInput = z.infer<typeof ListMessagesInput>;

export const ExportPacs008 = token<Operation<ExportTransferInput, MessageView>>('iso20022.export-pacs008');
export const ExportCamt053 = token<Operation<ExportStatementInput, MessageView>>('iso20022.export-camt053');
export const GetMessage = token<Operation<MessageIdInput, MessageView>>('iso20022.get-message');
export const GetMessageDocument = token<Operation<MessageIdInput, FileAnswer>>('iso20022.get-message-document');
export const ListMessages = token<Operation<ListMessagesInput, Page<MessageSummaryView>>>('iso20022.list-messages');
export const ValidateDocument = token<Operation<ValidateInput, ValidationView>>('iso20022.validate');
