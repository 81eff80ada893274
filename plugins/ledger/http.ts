import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { AccountPostingsParams, AccountPostingsQuery, GetMovement, GetTrialBalance, ListAccountPostings, MovementParams, MovementView, PostingView, TrialBalanceView } from './operations.js';

export const ledgerRouteTags: readonly RouteTag[] = [
  { name: 'Ledger', description: 'The team’s double-entry ledger, read only: its trial balance and journal (movements and their postings).' },
];
const tags = ledgerRouteTags.map(({ name }) => name);

/** Read routes for team keys; the operator's whole-ledger audit stays at GET /admin/ledger/audit (core banking). */
export const ledgerRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'GET',
    path: '/ledger/trial-balance',
    prefixes: ['v2'],
    access: 'read',
    response: TrialBalanceView,
    operation: GetTrialBalance,
    summary: 'The team’s trial balance',
    description:
      'Per asset and chain: the debits and credits of the team’s entries, customer accounts summed in one line and each system account on its own; debits equal credits (balanced) unless the ledger is broken.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/ledger/movements/:id',
    prefixes: ['v2'],
    access: 'read',
    params: MovementParams,
    response: MovementView,
    operation: GetMovement,
    summary: 'One ledger movement with its postings',
    description: 'A movement id comes from an account’s postings. 404 for an unknown id or another team’s movement.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/ledger/accounts/:id/postings',
    prefixes: ['v2'],
    access: 'read',
    params: AccountPostingsParams,
    query: AccountPostingsQuery,
    response: z.array(PostingView),
    operation: ListAccountPostings,
    summary: 'An account’s postings, newest first',
    description:
      'A customer account of the team (404 for another team’s), or a system account such as system:fees, read within the team. Paginated by page and per_page.',
    tags,
  }),
];
