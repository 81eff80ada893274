import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { BatchItemView, BatchParams, BatchView, CreateBatch, CreateBatchInput, GetBatch, ListBatches, ListBatchItems, PageQuery } from './operations.js';

export const batchRouteTags: readonly RouteTag[] = [
  { name: 'Batches', description: 'Bulk transfers and payouts submitted as one list, applied item by item with an outcome each.' },
];
const tags = batchRouteTags.map(({ name }) => name);

export const batchRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/batches',
    prefixes: ['v2'],
    access: 'write',
    body: CreateBatchInput,
    response: BatchView,
    status: 201,
    // 1,000 items with references are about 400 KB, past the service's usual limit.
    bodyLimitBytes: 1_000_000,
    operation: CreateBatch,
    summary: 'Submit a batch of transfers or payouts',
    description:
      'Up to max_items (1,000 by default) items. Every item’s shape is checked at once (422 listing each refusal with its pointer, nothing stored); then each item is applied on its own, moments later, through the ledger: completed with its movement, or failed with the refusal (unknown or frozen account, insufficient funds). Send an Idempotency-Key to submit at most once. The body may be up to 1 MB (413 above it).',
    tags,
  }),
  route({
    method: 'GET',
    path: '/batches',
    prefixes: ['v2'],
    access: 'read',
    query: PageQuery,
    response: z.array(BatchView),
    operation: ListBatches,
    summary: 'The team’s batches, newest first',
    description: 'Paginated by page and per_page.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/batches/:id',
    prefixes: ['v2'],
    access: 'read',
    params: BatchParams,
    response: BatchView,
    operation: GetBatch,
    summary: 'A batch and its progress',
    description: 'Counts of completed, failed and pending items. 404 for an unknown id or another team’s batch.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/batches/:id/items',
    prefixes: ['v2'],
    access: 'read',
    params: BatchParams,
    query: PageQuery,
    response: z.array(BatchItemView),
    operation: ListBatchItems,
    summary: 'A batch’s items with their outcomes',
    description: 'In submitted order, paginated by page and per_page. 404 for an unknown id or another team’s batch.',
    tags,
  }),
];
