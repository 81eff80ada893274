import { z } from 'zod';
import { decimal, pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * The batch plugin's operations and the zod schema of every input and view:
 * the one source of the TS types, the OpenAPI components and the GraphQL
 * types (test/e2e/graphql-views.test.ts pairs them).
 */
export const BatchView = z
  .object({
    id: z.uuid(),
    type: z.enum(['transfer', 'payout']),
    status: z.enum(['processing', 'completed']).describe('completed once every item has ended, completed or failed.'),
    total: z.number().int(),
    completed: z.number().int().describe('Items applied.'),
    failed: z.number().int().describe('Items refused (their error says why).'),
    pending: z.number().int().describe('Items not yet processed.'),
    created_at: timestamp,
    completed_at: timestamp.nullable(),
  })
  .strict()
  .meta({
    id: 'Batch',
    example: { id: '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34', type: 'transfer', status: 'completed', total: 3, completed: 2, failed: 1, pending: 0, created_at: '2026-01-15T10:00:00.000Z', completed_at: '2026-01-15T10:00:01.000Z' },
  });
export type BatchView = z.infer<typeof BatchView>;

export const BatchItemView = z
  .object({
    index: z.number().int().describe('Position in the submitted list, from 0.'),
    status: z.enum(['pending', 'completed', 'failed']),
    from_account: z.string(),
    to_account: z.string().nullable().describe('The receiving account of a transfer; null for a payout.'),
    asset_code: z.string(),
    amount: decimal,
    reference: z.string().nullable(),
    movement_id: z.string().nullable().describe('The ledger movement that applied the item (GET /ledger/movements/{id}).'),
    error_code: z.string().nullable().describe('Why a failed item was refused: insufficient_funds, not_found, account_frozen …'),
    error_detail: z.string().nullable(),
    processed_at: timestamp.nullable(),
  })
  .strict()
  .meta({
    id: 'BatchItem',
    example: { index: 0, status: 'completed', from_account: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35', to_account: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', asset_code: 'USD', amount: '25.00', reference: 'invoice 1042', movement_id: '0b6f1f1e-6a4e-4b8e-9d3a-2f7c1b5e8a90', error_code: null, error_detail: null, processed_at: '2026-01-15T10:00:01.000Z' },
  });
export type BatchItemView = z.infer<typeof BatchItemView>;

export const BatchItemInput = z
  .object({
    from_account: z.string().min(1).max(100).describe('The team’s account that pays.'),
    to_account: z.string().min(1).max(100).optional().describe('The team’s account that receives (transfer); left out for a payout.'),
    amount: z.string().describe('Decimal string at the asset’s precision, e.g. "25.00".'),
    asset_code: z.string().min(1).max(20),
    reference: z.string().trim().min(1).max(200).optional(),
  })
  .strict()
  .meta({ id: 'BatchItemInput' });
export type BatchItemInput = z.infer<typeof BatchItemInput>;

export const CreateBatchInput = z
  .object({
    type: z.enum(['transfer', 'payout']).describe('transfer: between two accounts of the team; payout: from an account to the outside world (a withdrawal).'),
    items: z.array(BatchItemInput).min(1).describe('Up to max_items (1,000 by default); each is applied on its own.'),
  })
  .strict()
  .meta({
    id: 'CreateBatchInput',
    example: { type: 'payout', items: [{ from_account: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35', amount: '25.00', asset_code: 'USD', reference: 'invoice 1042' }] },
  });
export type CreateBatchInput = z.infer<typeof CreateBatchInput>;

export const BatchParams = z.object({ id: z.string().min(1).max(100) });
export type BatchInput = z.infer<typeof BatchParams>;

export const PageQuery = z.object({
  page: pageNumber().optional().describe('Page number, default 1'),
  per_page: pageSize().optional().describe('Page size, default 20, at most 100'),
});
export type PageInput = z.infer<typeof PageQuery>;
export const BatchItemsInput = BatchParams.extend(PageQuery.shape);
export type BatchItemsInput = z.infer<typeof BatchItemsInput>;

export const CreateBatch = token<Operation<CreateBatchInput, BatchView>>('batch.create-batch');
export const GetBatch = token<Operation<BatchInput, BatchView>>('batch.get-batch');
export const ListBatches = token<Operation<PageInput, Page<BatchView>>>('batch.list-batches');
export const ListBatchItems = token<Operation<BatchItemsInput, Page<BatchItemView>>>('batch.list-batch-items');
