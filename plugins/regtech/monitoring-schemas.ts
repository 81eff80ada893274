import { z } from 'zod';
import { timestamp } from '../../kernel/public.js';

/** Schemas of the monitoring routes (re-exported by operations.ts). */
const flag = z.enum(['large_amount', 'structuring', 'velocity', 'sanctioned_counterparty', 'high_risk_jurisdiction', 'sanctioned_address']);

export const MonitoredTransactionView = z
  .strictObject({
    review_id: z.uuid().describe('The review case: the id the operator clears or rejects'),
    transaction_id: z.string().describe('The transfer id, or the transaction id of a deposit or withdrawal'),
    compliance_flags: z.array(flag),
    risk_score: z.number().int().describe('0-100: the sum of the flags’ weights'),
    status: z.enum(['clear', 'pending_review', 'cleared', 'rejected']).describe('clear: flagged below the review score; pending_review until an operator clears or rejects it'),
    details: z.array(z.string()).describe('What each rule found'),
    flagged_at: timestamp,
    reviewed_at: timestamp.nullable(),
    review_note: z.string().nullable(),
  })
  .meta({
    id: 'MonitoredTransaction',
    example: {
      review_id: '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
      transaction_id: '3b1f0c6e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      compliance_flags: ['structuring'],
      risk_score: 60,
      status: 'pending_review',
      details: ['3 transfers from the account between USD 9000.00 and USD 10000.00 in the window.'],
      flagged_at: '2026-11-25T04:00:00.000Z',
      reviewed_at: null,
      review_note: null,
    },
  });
export type MonitoredTransactionView = z.infer<typeof MonitoredTransactionView>;

export const MonitoredTransactionsView = z
  .strictObject({ reviews: z.array(MonitoredTransactionView.extend({ team_id: z.string() })) })
  .meta({ id: 'PendingReviews', example: { reviews: [] } });
export type MonitoredTransactionsView = z.infer<typeof MonitoredTransactionsView>;

export const TransactionFlagsParams = z.strictObject({ transaction_id: z.string().min(1).max(100) });
export type TransactionFlagsParams = z.infer<typeof TransactionFlagsParams>;

/** The operation's input: the route's id and body together, and the CLI's options (unnamed, so the CLI reads its flags). */
export const ReviewDecisionInput = z.strictObject({ id: z.uuid().describe('The review id'), note: z.string().trim().min(1).max(500).describe('Why: kept with the case') });
export type ReviewDecisionInput = z.infer<typeof ReviewDecisionInput>;
export const ReviewDecisionBody = z.strictObject({ note: z.string().trim().min(1).max(500).describe('Why: kept with the case') }).meta({ id: 'ReviewDecision', example: { note: 'Known payroll pattern, documented in the customer file.' } });
export const ReviewIdParams = z.strictObject({ id: z.uuid() });
