import { z } from 'zod';
import { pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * The plugin's operations and the zod schema of every input and view (the
 * one source of TS types, OpenAPI components and GraphQL types).
 */
const MAX_QUERY = 500;
const query = z.string().trim().min(1, 'query must not be empty').max(MAX_QUERY, `query must be at most ${MAX_QUERY} characters`).describe('The question, in English.');
const assetCode = z.string().regex(/^[A-Z][A-Z0-9]{1,11}$/, 'must be an asset code such as "USD"');

const TYPES = ['deposit', 'withdrawal', 'transfer', 'cross_chain_transfer', 'swap', 'payment'] as const;
const STATUSES = ['pending', 'completed', 'failed', 'pending_review'] as const;

export const interpretedQuery = z
  .object({
    type: z.array(z.enum(TYPES)),
    status: z.array(z.enum(STATUSES)),
    direction: z.enum(['sent', 'received']).nullable(),
    amount_min: z.string().nullable(),
    amount_min_inclusive: z.boolean(),
    amount_max: z.string().nullable(),
    amount_max_inclusive: z.boolean(),
    currency: z.string().nullable(),
    date_range: z.object({ from: timestamp.nullable(), to: timestamp.nullable() }).describe('from inclusive, to exclusive; null ends are open.'),
    has_compliance_flags: z.boolean().nullable(),
    counterparties: z.array(z.string()),
    chains: z.array(z.string()),
    bridges: z.array(z.string()),
    sort: z.object({ field: z.enum(['amount', 'created_at']), direction: z.enum(['asc', 'desc']) }).nullable(),
    limit: z.number().int().nullable(),
    aggregate: z.object({ function: z.enum(['sum', 'count', 'average']), group_by: z.array(z.enum(['asset', 'month', 'type', 'chain', 'status'])) }).nullable(),
  })
  .meta({ id: 'AiInterpretedQuery' });
export type InterpretedQueryView = z.infer<typeof interpretedQuery>;

export const interpretationView = z
  .object({
    interpreted_query: interpretedQuery,
    interpretation_confidence: z.number().min(0).max(1).describe('Share of the sentence understood (docs/ai.md).'),
    not_understood: z.array(z.string()).describe('Words of the query that were not understood, in order.'),
    corrections: z.array(z.object({ from: z.string(), to: z.string() })).describe('Typos read as vocabulary words.'),
  })
  .meta({ id: 'AiInterpretation' });
export type InterpretationView = z.infer<typeof interpretationView>;

export const nlTransactionView = z
  .object({
    uuid: z.string(),
    account_uuid: z.string().nullable().describe('The team\'s account it moved; null for an x402 payment made from a wallet outside the team\'s accounts.'),
    type: z.enum(TYPES),
    amount: z.string(),
    currency: z.string(),
    chain: z.string().nullable().describe('The chain of the holding; null off chain.'),
    status: z.enum(STATUSES),
    direction: z.enum(['sent', 'received']),
    counterparty: z
      .string()
      .nullable()
      .describe('The other side: the other account of a transfer (its name), a payment\'s other user (email) or account, an x402 payer address or paid resource, a swap\'s DEX, a bridge transfer\'s recipient address.'),
    received_amount: z.string().nullable().describe('What a swap paid out, in received_currency; null for anything else.'),
    received_currency: z.string().nullable().describe('The asset a swap paid out; null for anything else.'),
    source_chain: z.string().nullable().describe('A cross-chain transfer\'s source chain; null for anything else.'),
    destination_chain: z.string().nullable().describe('A cross-chain transfer\'s destination chain; null for anything else.'),
    bridge_protocol: z.string().nullable().describe('A cross-chain transfer\'s bridge (wormhole, layerzero, axelar); null for anything else.'),
    risk_score: z.number().nullable().describe('From transaction monitoring; null while it is not enabled.'),
    compliance_flags: z.array(z.string()),
    created_at: timestamp,
  })
  .meta({ id: 'AiTransaction' });
export type NlTransactionView = z.infer<typeof nlTransactionView>;

export const analyticsView = z
  .object({
    currency: z.string().describe('The currency every figure is in.'),
    total_volume: z.string(),
    avg_amount: z.string(),
    median_amount: z.string(),
    flagged_count: z.number().int(),
    avg_risk_score: z.number().nullable(),
    chains_involved: z.array(z.string()),
    bridges_used: z.array(z.string()),
    prices_at: timestamp.nullable().describe('Time of the oldest price used to convert; null when nothing was converted.'),
  })
  .meta({ id: 'AiAnalytics' });
export type AnalyticsView = z.infer<typeof analyticsView>;

const EXAMPLE_INTERPRETATION: InterpretedQueryView = {
  type: ['deposit'], status: [], direction: null,
  amount_min: '1000', amount_min_inclusive: false, amount_max: null, amount_max_inclusive: false, currency: 'USD',
  date_range: { from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' }, has_compliance_flags: null,
  counterparties: [], chains: [], bridges: [], sort: null, limit: null, aggregate: null,
};
const EXAMPLE_TRANSACTION: NlTransactionView = {
  uuid: '0d6f3c1e-2b7a-4c55-9a51-7f3e2d1c0b9a', account_uuid: '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34', type: 'deposit', amount: '1500.00', currency: 'USD',
  chain: null, status: 'completed', direction: 'received', counterparty: null, received_amount: null, received_currency: null, source_chain: null, destination_chain: null, bridge_protocol: null,
  risk_score: null, compliance_flags: [], created_at: '2026-10-14T10:00:00.000Z',
};

export const nlTransactionsResult = z
  .object({
    query_id: z.string(),
    original_query: z.string(),
    interpreted_query: interpretedQuery,
    interpretation_confidence: z.number(),
    not_understood: z.array(z.string()),
    corrections: z.array(z.object({ from: z.string(), to: z.string() })),
    total_results: z.number().int(),
    transactions: z.array(nlTransactionView),
    analytics: analyticsView.optional().describe('Left out when options.include_analytics is false.'),
    truncated: z.boolean().describe('More transactions matched than the service reads for one question (max_scanned_transactions).'),
    limitations: z.array(z.string()).describe('Parts of the question no enabled module can answer yet.'),
    cached: z.boolean().describe('The answer was computed earlier on the same transaction state (docs/ai.md, Cache).'),
  })
  .meta({
    id: 'AiTransactionsResult',
    example: {
      query_id: '3b8e1f52-7c0d-4e6a-8f21-9d4c5b6a7e80', original_query: 'deposits over $1,000 last month', interpreted_query: EXAMPLE_INTERPRETATION,
      interpretation_confidence: 1, not_understood: [], corrections: [], total_results: 1, transactions: [EXAMPLE_TRANSACTION],
      analytics: { currency: 'USD', total_volume: '1500.00', avg_amount: '1500.00', median_amount: '1500.00', flagged_count: 0, avg_risk_score: null, chains_involved: [], bridges_used: [], prices_at: null },
      truncated: false, limitations: [], cached: false,
    },
  });
export type NlTransactionsResult = z.infer<typeof nlTransactionsResult>;

export const nlTransactionsInput = z
  .object({
    query,
    account_id: z.uuid().optional().describe('Only this account’s transactions (the team’s; 404 otherwise).'),
    options: z
      .object({
        include_analytics: z.boolean().default(true),
        include_risk_scores: z.boolean().default(true),
        max_results: z.number().int().min(1).max(1000).default(100),
        format: z.enum(['detailed', 'summary']).default('detailed').describe('summary leaves the transactions list out.'),
        currency: assetCode.optional().describe('Currency of the analytics; default the query’s currency, else the configured default.'),
      })
      .strict()
      .default({ include_analytics: true, include_risk_scores: true, max_results: 100, format: 'detailed' }),
  })
  .strict()
  .meta({ id: 'AiTransactionsInput', example: { query: 'deposits over $1,000 last month', options: { max_results: 20 } } });
export type NlTransactionsInput = z.infer<typeof nlTransactionsInput>;

export const groupRow = z.object({ group: z.record(z.string(), z.string()), value: z.string(), count: z.number().int(), currency: z.string().nullable() });

export const queryResult = z
  .object({
    kind: z.enum(['list', 'number', 'table']),
    transactions: z.array(nlTransactionView).optional(),
    total_results: z.number().int(),
    value: z.string().optional().describe('kind number: the figure (a decimal string; a count is an integer string).'),
    currency: z.string().nullable().optional(),
    group_by: z.array(z.string()).optional(),
    rows: z.array(groupRow).optional().describe('kind table: one row per group, in group order.'),
  })
  .meta({ id: 'AiQueryResult' });

export const queryAnswer = z
  .object({
    query_id: z.string(),
    original_query: z.string(),
    interpretation: interpretationView,
    result: queryResult,
    answer: z.string().describe('The result in one sentence.'),
    truncated: z.boolean(),
    limitations: z.array(z.string()),
    cached: z.boolean(),
  })
  .meta({
    id: 'AiQueryAnswer',
    example: {
      query_id: '3b8e1f52-7c0d-4e6a-8f21-9d4c5b6a7e80', original_query: 'How much USD did I deposit last week?',
      interpretation: {
        interpreted_query: { ...EXAMPLE_INTERPRETATION, amount_min: null, date_range: { from: '2026-11-16T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' }, aggregate: { function: 'sum', group_by: [] } },
        interpretation_confidence: 1, not_understood: [], corrections: [],
      },
      result: { kind: 'number', value: '1250.00', currency: 'USD', total_results: 2 },
      answer: 'You deposited 1,250.00 USD in 2 deposits from 2026-11-16 to 2026-11-22.',
      truncated: false, limitations: [], cached: false,
    },
  });
export type QueryAnswer = z.infer<typeof queryAnswer>;

export const queryInput = z
  .object({
    query,
    context: z.object({ account_id: z.uuid().optional() }).strict().default({}),
  })
  .strict()
  .meta({ id: 'AiQueryInput', example: { query: 'how much did I deposit last week', context: {} } });
export type QueryInput = z.infer<typeof queryInput>;

export const pastQueryView = z
  .object({
    query_id: z.string(),
    kind: z.enum(['v1.transactions', 'v2.query']),
    original_query: z.string(),
    account_id: z.string().nullable(),
    interpretation: z.record(z.string(), z.unknown()),
    result: z.record(z.string(), z.unknown()).describe('The answer as it was sent.'),
    created_at: timestamp,
  })
  .meta({
    id: 'AiPastQuery',
    example: {
      query_id: '3b8e1f52-7c0d-4e6a-8f21-9d4c5b6a7e80', kind: 'v2.query', original_query: 'how many deposits', account_id: null,
      interpretation: { type: ['deposit'], aggregate: { function: 'count', group_by: [] } },
      result: { answer: 'There were 3 deposits.', result: { kind: 'number', value: '3', currency: null, total_results: 3 } },
      created_at: '2026-11-25T08:00:00.000Z',
    },
  });
export type PastQueryView = z.infer<typeof pastQueryView>;

export const listQueriesInput = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export type ListQueriesInput = z.infer<typeof listQueriesInput>;

export const AskTransactions = token<Operation<NlTransactionsInput, NlTransactionsResult>>('ai.ask-transactions');
export const AskQuery = token<Operation<QueryInput, QueryAnswer>>('ai.ask-query');
export const ListQueries = token<Operation<ListQueriesInput, Page<PastQueryView>>>('ai.list-queries');
