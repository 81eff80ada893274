import { z } from 'zod';
import { route, type RouteDeclaration } from '../../kernel/contract/route.js';
import { pageNumber, pageSize } from '../../kernel/contract/query.js';
import { SORT_FIELDS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './domain/transaction-query.js';
import {
  AuditLedger,
  CloseAccount,
  CreateAccount,
  CreateTransfer,
  Deposit,
  FreezeAccount,
  GetAccount,
  GetBalances,
  GetTransfer,
  ListAccounts,
  ListAccountTransactions,
  ListAccountTransfers,
  ListTransactions,
  UnfreezeAccount,
  Withdraw,
} from './operations.js';

/**
 * Core banking's REST routes under /api/v2, as data. Shapes are checked here
 * (422 with a pointer per field); amounts, assets and business rules are
 * checked by the operations, which every adapter shares.
 */
const tags = ['Core banking'];
const v2 = ['v2'] as const;

const id = z.object({ id: z.string().min(1).max(100) });
const page = pageNumber().optional().describe('Page number, default 1');
const perPage = pageSize().optional().describe('Page size, default 20, at most 100');
const amount = z.string().describe('Decimal string at the asset precision, e.g. "100.00"; no sign, no exponent, at most 30 digits before the point');
const assetCode = z.string().describe('Asset code from the catalogue, e.g. USD');
const reference = z.string().max(255).optional();
const metadata = z.record(z.string(), z.unknown()).optional().describe('Free-form key/value pairs');

const money = z.strictObject({ amount, asset_code: assetCode, reference });

const accountView = z.object({
  uuid: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.enum(['active', 'frozen', 'closed']),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
const balanceView = z.object({
  asset_code: z.string(),
  available_balance: z.string(),
  reserved_balance: z.string(),
  total_balance: z.string(),
});
const transactionView = z.object({
  uuid: z.string(),
  account_uuid: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.string(),
  asset_code: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  reference: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  balance_after: z.string().nullable(),
});
const transferView = z.object({
  uuid: z.string(),
  from_account: z.string(),
  to_account: z.string(),
  amount: z.string(),
  asset_code: z.string(),
  status: z.enum(['pending', 'completed', 'failed', 'expired', 'reversed']),
  reference: z.string().nullable(),
  workflow_id: z.string().optional(),
  created_at: z.string(),
  estimated_completion: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  fees: z.object({ transfer_fee: z.string(), currency: z.string() }),
});

export const coreBankingRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'GET',
    path: '/accounts',
    prefixes: v2,
    access: 'read',
    query: z.object({ page, per_page: perPage }),
    response: z.array(accountView),
    operation: ListAccounts,
    summary: "List the caller's team's accounts",
    tags,
  }),
  route({
    method: 'POST',
    path: '/accounts',
    prefixes: v2,
    access: 'write',
    body: z.strictObject({ name: z.string().trim().min(1).max(255), type: z.string().min(1).max(32), metadata }),
    response: accountView,
    status: 201,
    operation: CreateAccount,
    summary: 'Open an account',
    description: 'type is one of the configured account types (default personal, business, savings).',
    tags,
  }),
  route({
    method: 'GET',
    path: '/accounts/:id',
    prefixes: v2,
    access: 'read',
    params: id,
    response: accountView.extend({ balances: z.array(balanceView) }),
    operation: GetAccount,
    summary: 'Account detail with its balances',
    tags,
  }),
  route({
    method: 'DELETE',
    path: '/accounts/:id',
    prefixes: v2,
    access: 'delete',
    params: id,
    response: accountView,
    operation: CloseAccount,
    summary: 'Close an account (every balance must be zero)',
    tags,
  }),
  route({
    method: 'POST',
    path: '/accounts/:id/freeze',
    prefixes: v2,
    access: 'write',
    params: id,
    body: z.strictObject({ reason: z.string().max(255).optional() }),
    response: accountView,
    operation: FreezeAccount,
    summary: 'Freeze an account: it neither sends nor receives funds',
    tags,
  }),
  route({
    method: 'POST',
    path: '/accounts/:id/unfreeze',
    prefixes: v2,
    access: 'write',
    params: id,
    body: z.strictObject({}),
    response: accountView,
    operation: UnfreezeAccount,
    summary: 'Unfreeze an account',
    tags,
  }),
  route({
    method: 'GET',
    path: '/accounts/:id/balances',
    prefixes: v2,
    access: 'read',
    params: id,
    response: z.object({
      account_uuid: z.string(),
      balances: z.array(balanceView),
      summary: z.object({ total_assets: z.number().int(), total_usd_equivalent: z.string() }),
    }),
    operation: GetBalances,
    summary: 'Balances per asset and their USD equivalent',
    tags,
  }),
  route({
    method: 'GET',
    path: '/transactions',
    prefixes: v2,
    access: 'read',
    query: z.object({ page, per_page: perPage, asset_code: z.string().optional(), status: z.enum(TRANSACTION_STATUSES).optional() }),
    response: z.array(transactionView),
    operation: ListTransactions,
    summary: "The team's transactions, newest first",
    tags,
  }),
  route({
    method: 'GET',
    path: '/accounts/:id/transactions',
    prefixes: v2,
    access: 'read',
    params: id,
    query: z
      .object({
        limit: perPage,
        per_page: perPage.describe('Alias of limit, as on the other lists; sending both is 422'),
        page,
        type: z.enum(TRANSACTION_TYPES).optional(),
        status: z.enum(TRANSACTION_STATUSES).optional(),
        start_date: z.string().optional().describe('ISO 8601 date or timestamp, inclusive; 1970–9999'),
        end_date: z.string().optional().describe('ISO 8601 date (whole day) or timestamp, inclusive; 1970–9999'),
        sort: z
          .string()
          .optional()
          .describe(`One of ${SORT_FIELDS.join(', ')}; a leading minus sorts descending (default -created_at)`),
      })
      .superRefine((query, ctx) => {
        if (query.limit !== undefined && query.per_page !== undefined) {
          ctx.addIssue({ code: 'custom', path: ['per_page'], message: 'send limit or per_page (its alias), not both' });
        }
      })
      // The page size reaches the operation as `limit` whichever name was sent; links keep the name as sent.
      .transform(({ per_page, ...query }) => ({ ...query, limit: query.limit ?? per_page })),
    response: z.array(transactionView),
    operation: ListAccountTransactions,
    summary: "An account's transactions",
    tags,
  }),
  route({
    method: 'POST',
    path: '/accounts/:id/deposit',
    prefixes: v2,
    access: 'write',
    params: id,
    body: money,
    response: transactionView,
    status: 201,
    operation: Deposit,
    summary: 'Deposit funds (from the outside world) into an account',
    tags,
  }),
  route({
    method: 'POST',
    path: '/accounts/:id/withdraw',
    prefixes: v2,
    access: 'write',
    params: id,
    body: money,
    response: transactionView,
    status: 201,
    operation: Withdraw,
    summary: 'Withdraw available funds from an account',
    description: '422 insufficient_funds when the available balance is short; nothing changes.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/accounts/:id/transfers',
    prefixes: v2,
    access: 'read',
    params: id,
    query: z.object({ page, per_page: perPage }),
    response: z.array(transferView),
    operation: ListAccountTransfers,
    summary: 'Transfers sent or received by an account, newest first',
    tags,
  }),
  route({
    method: 'POST',
    path: '/transfers',
    prefixes: v2,
    access: 'write',
    body: z.strictObject({
      from_account: z.string().min(1).max(100),
      to_account: z.string().min(1).max(100),
      amount,
      asset_code: assetCode,
      reference,
      workflow_enabled: z.boolean().optional(),
      metadata,
      routing: z.string().max(64).optional(),
    }),
    response: transferView,
    status: 201,
    operation: CreateTransfer,
    summary: 'Transfer between two accounts of the team',
    description:
      'Reserves amount + fee on the sender at once (status pending); settlement follows after the settlement delay. workflow_id is returned, and workflow.* events emitted, when workflow_enabled is true.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/transfers/:id',
    prefixes: v2,
    access: 'read',
    params: id,
    response: transferView,
    operation: GetTransfer,
    summary: 'One transfer',
    tags,
  }),
  route({
    method: 'GET',
    path: '/admin/ledger/audit',
    prefixes: v2,
    access: 'operator',
    query: z.object({}),
    response: z.object({
      ok: z.boolean(),
      problems: z.array(z.string()),
      checked_at: z.string(),
      totals: z.array(
        z.object({
          team_id: z.string(),
          asset_code: z.string(),
          customer_balances: z.string(),
          deposits_minus_withdrawals: z.string(),
          system_accounts: z.record(z.string(), z.string()),
        }),
      ),
    }),
    operation: AuditLedger,
    summary: "Check the ledger's invariants over every team (operator)",
    description:
      'Per team and asset: customer balances + system accounts = deposits − withdrawals; every movement balanced; every balance row equal to its entries; reserved equal to active holds; nothing negative. 200 with ok=false and the problems listed when something is broken.',
    tags,
  }),
];
