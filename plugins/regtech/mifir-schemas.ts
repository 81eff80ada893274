import { z } from 'zod';
import { timestamp } from '../../kernel/public.js';
import { COMPETENT_AUTHORITIES } from './domain/mifir/competent-authorities.js';

/** Schemas of the MiFIR report routes (re-exported by operations.ts). */
const partyCode = z
  .string()
  .min(3)
  .max(35)
  .describe('RTS 22 party code: an LEI, or a national client identifier (two-letter country code and up to 33 characters, e.g. DE19800101JOHN#DOE##)');

export const MifirReportInput = z
  .strictObject({
    transaction_id: z.uuid().describe("A completed core-banking transaction of the caller's team"),
    report_type: z.enum(['transaction', 'cancellation']).describe('transaction: a new report (RTS 22 status NEWT); cancellation: cancels the standing report of the same transaction (CANC)'),
    jurisdiction: z.string().min(2).max(2).describe(`ISO code of the EU/EEA member state whose competent authority receives it: ${Object.keys(COMPETENT_AUTHORITIES).join(', ')} (EL for GR)`),
    buyer_id: partyCode.optional().describe('Field 7, for a client on the buying side (a deposit, or the receiving side of a transfer)'),
    seller_id: partyCode.optional().describe('Field 16, for a client on the selling side (a withdrawal, or the sending side of a transfer)'),
  })
  .meta({ id: 'MifirReportInput', example: { transaction_id: '0b8f2c1e-3d4a-4b5c-8d6e-7f8091a2b3c4', report_type: 'transaction', jurisdiction: 'DE', buyer_id: 'DE19800101JOHN#DOE##' } });
export type MifirReportInput = z.infer<typeof MifirReportInput>;

const fields = z
  .strictObject({
    report_status: z.enum(['NEWT', 'CANC']).describe('1 Report status'),
    transaction_reference_number: z.string().describe('2 Transaction reference number'),
    executing_entity_id: z.string().describe('4 Executing entity (LEI)'),
    investment_firm_covered: z.boolean().describe('5 Investment firm covered by MiFID II'),
    submitting_entity_id: z.string().describe('6 Submitting entity (LEI)'),
    buyer_id: z.string().describe('7 Buyer identification code'),
    seller_id: z.string().describe('16 Seller identification code'),
    trading_date_time: z.string().describe('28 Trading date time (UTC, microseconds)'),
    trading_capacity: z.enum(['DEAL', 'MTCH', 'AOTC']).describe('29 Trading capacity'),
    quantity: z.string().describe('30 Quantity'),
    quantity_currency: z.string().nullable().describe('31 Quantity currency (a monetary quantity)'),
    price: z.string().describe('33 Price, or NOAP'),
    price_currency: z.string().nullable().describe('34 Price currency'),
    venue: z.string().describe('36 Venue (MIC, or XOFF off-venue)'),
    instrument_id: z.string().describe('41 Instrument identification (ISIN)'),
    instrument_full_name: z.string().describe('42 Instrument full name'),
    instrument_classification: z.string().nullable().describe('43 CFI code'),
  })
  .describe('The RTS 22 fields (Commission Delegated Regulation (EU) 2017/590, Annex I Table 2) the service fills, by field number');

export const MifirReportView = z
  .strictObject({
    report_id: z.uuid(),
    transaction_id: z.uuid(),
    report_type: z.enum(['transaction', 'cancellation']),
    status: z.enum(['submitted', 'accepted', 'rejected']).describe('submitted until the authority decides (by the clock), then accepted or rejected with reasons'),
    jurisdiction: z.string(),
    competent_authority: z.string(),
    authority_reference: z.string(),
    cancels_report_id: z.uuid().nullable(),
    fields,
    rejection_reasons: z.array(z.strictObject({ code: z.string(), description: z.string() })),
    submitted_at: timestamp,
    feedback_due_at: timestamp,
    decided_at: timestamp.nullable(),
  })
  .meta({
    id: 'MifirReport',
    example: {
      report_id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
      transaction_id: '0b8f2c1e-3d4a-4b5c-8d6e-7f8091a2b3c4',
      report_type: 'transaction',
      status: 'submitted',
      jurisdiction: 'DE',
      competent_authority: 'Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin)',
      authority_reference: 'DE-9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      cancels_report_id: null,
      fields: {
        report_status: 'NEWT',
        transaction_reference_number: '0B8F2C1E3D4A4B5C8D6E7F8091A2B3C4',
        executing_entity_id: '5493001KJTIIGC8Y1R12',
        investment_firm_covered: true,
        submitting_entity_id: '5493001KJTIIGC8Y1R12',
        buyer_id: 'DE19800101JOHN#DOE##',
        seller_id: '5493001KJTIIGC8Y1R12',
        trading_date_time: '2026-11-25T04:00:00.000000Z',
        trading_capacity: 'DEAL',
        quantity: '10.000',
        quantity_currency: null,
        price: 'NOAP',
        price_currency: null,
        venue: 'XOFF',
        instrument_id: 'US0378331005',
        instrument_full_name: 'Gold (troy ounce)',
        instrument_classification: null,
      },
      rejection_reasons: [],
      submitted_at: '2026-11-25T05:00:00.000Z',
      feedback_due_at: '2026-11-25T06:00:00.000Z',
      decided_at: null,
    },
  });
export type MifirReportView = z.infer<typeof MifirReportView>;

export const MifirReportIdParams = z.strictObject({ id: z.uuid() });
export type MifirReportIdParams = z.infer<typeof MifirReportIdParams>;
