import { eventType } from '../../kernel/public.js';
import { BatchView } from './operations.js';

export const BatchCreated = eventType({
  name: 'batch.created',
  version: 1,
  group: 'Batch',
  description: 'A batch was submitted; its items are applied one by one moments later.',
  emittedBy: 'POST /batches, createBatch',
  payload: BatchView,
  webhook: true,
});

export const BatchCompleted = eventType({
  name: 'batch.completed',
  version: 1,
  group: 'Batch',
  description: 'Every item of a batch has ended, completed or failed (the counts say how many of each).',
  emittedBy: 'workflow batch.apply-item (its last item)',
  payload: BatchView,
  webhook: true,
});

export const batchEvents = [BatchCreated, BatchCompleted];
