import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { AskQuery, AskTransactions, listQueriesInput, ListQueries, nlTransactionsInput, nlTransactionsResult, pastQueryView, queryAnswer, queryInput } from './operations.js';

export const aiRouteTags: readonly RouteTag[] = [
  { name: 'Natural-language queries', description: 'Questions about the team’s transactions in plain English, read by a deterministic offline interpreter (docs/ai.md).' },
];
const tags = aiRouteTags.map(({ name }) => name);

export const aiRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/ai/transactions',
    prefixes: ['v1'],
    access: 'read',
    body: nlTransactionsInput,
    response: nlTransactionsResult,
    status: 200,
    operation: AskTransactions,
    summary: 'Search transactions with a question in plain English',
    description:
      'Interprets the query (dates, amounts, currencies, types, statuses, directions, account names, chains, compliance flags, order, limits) and runs it on the team’s transactions. Analytics cover every match, converted to one currency through the price feed. 422 with suggestions when nothing in the query was understood; 404 for an account_id that is not the team’s.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/ai/query',
    prefixes: ['v2'],
    access: 'read',
    body: queryInput,
    response: queryAnswer,
    status: 200,
    operation: AskQuery,
    summary: 'Ask a question about the team’s transactions',
    description:
      'Answers with the interpretation, the result (a list, a number for "how much", "how many", "average", or a table for "by asset", "per month") and a one-line answer in words. 422 with suggestions when nothing was understood; 404 for a context.account_id that is not the team’s.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/ai/queries',
    prefixes: ['v2'],
    access: 'read',
    query: listQueriesInput,
    response: z.array(pastQueryView),
    operation: ListQueries,
    summary: 'The team’s past questions, newest first',
    description: 'Each with its interpretation and the answer it got (an answer is reused while nothing of the team changed since: docs/ai.md, Cache). Paginated by page and per_page.',
    tags,
  }),
];
