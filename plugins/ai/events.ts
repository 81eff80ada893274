import { z } from 'zod';
import { eventType } from '../../kernel/public.js';

export const queryAnsweredPayload = z.object({
  query_id: z.string(),
  kind: z.enum(['v1.transactions', 'v2.query']),
  original_query: z.string(),
  account_id: z.string().nullable(),
  interpretation_confidence: z.number(),
  cached: z.boolean(),
});

/** Recording a question in the query log commits with this event. */
export const QueryAnswered = eventType({
  name: 'ai.query.answered',
  version: 1,
  group: 'Natural-language queries',
  description: 'A natural-language question about transactions was answered and kept in the query log.',
  emittedBy: 'POST /v1/ai/transactions, POST /v2/ai/query, aiTransactions, aiQuery',
  payload: queryAnsweredPayload,
  webhook: false,
});

export const aiEvents = [QueryAnswered];
