import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { CustodianAccountView, CustodianBalanceView, CustodianSyncView, GetAccount, IdInput, LinkAccount, LinkInput, ListAccounts, ListBalances, ListInput, SyncAccount, UnlinkAccount } from './operations.js';

export const custodianRouteTags: readonly RouteTag[] = [
  {
    name: 'Custodian',
    description:
      'Accounts at an external custodian linked to the team’s accounts: balances synced from the custodian and reconciled with the ledger per holding ([custodian.md](custodian.md)).',
  },
];
const tags = ['Custodian'];
const v2 = ['v2'] as const;

export const custodianRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/custodian-accounts',
    prefixes: v2,
    access: 'write',
    body: LinkInput,
    response: CustodianAccountView,
    status: 201,
    operation: LinkAccount,
    summary: 'Link an account to a custodian',
    description: 'Opens an account at the custodian holding what the ledger records for the team’s account now, and links it. 404 for another team’s account; 422 unknown_custodian; 409 already_linked.',
    tags,
  }),
  route({ method: 'GET', path: '/custodian-accounts', prefixes: v2, access: 'read', query: ListInput, response: z.array(CustodianAccountView), operation: ListAccounts, summary: 'List the team’s custodian accounts', description: 'Oldest first, unlinked ones included; paginated by page and per_page.', tags }),
  route({ method: 'GET', path: '/custodian-accounts/:id', prefixes: v2, access: 'read', params: IdInput, response: CustodianAccountView, operation: GetAccount, summary: 'Get a custodian account', description: '404 for another team’s or an unknown one.', tags }),
  route({
    method: 'POST',
    path: '/custodian-accounts/:id/unlink',
    prefixes: v2,
    access: 'write',
    params: IdInput,
    response: CustodianAccountView,
    operation: UnlinkAccount,
    summary: 'Unlink a custodian account',
    description: 'It is no longer synced; its last balances stay readable. 409 not_linked.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/custodian-accounts/:id/sync',
    prefixes: v2,
    access: 'write',
    params: IdInput,
    response: CustodianSyncView,
    operation: SyncAccount,
    summary: 'Sync balances from the custodian',
    description: 'Reads the custodian’s balances and the ledger’s and stores each holding’s pair with its difference (custodian − ledger). Moves no money. 409 not_linked.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/custodian-accounts/:id/balances',
    prefixes: v2,
    access: 'read',
    params: IdInput,
    response: z.array(CustodianBalanceView),
    operation: ListBalances,
    summary: 'A custodian account’s balances and differences',
    description: 'Each holding at the latest sync, in holding order; empty before the first sync.',
    tags,
  }),
];
