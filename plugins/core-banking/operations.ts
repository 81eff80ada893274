import { z } from 'zod';
import {
  decimal,
  metadata,
  pageNumber,
  pageSize,
  signedDecimal,
  timestamp,
  token,
  type CursorPage,
  type Operation,
  type Page,
} from '../../kernel/public.js';
import { SORT_FIELDS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './domain/transaction-query.js';

/**
 * Core banking's operations: one token each, shared by REST, the CLI and
 * GraphQL, and the zod schema of every input and view, the one source of the
 * TS types (`z.infer`), the OpenAPI components (`meta.id`) and the GraphQL
 * types' fields (checked by test/e2e/graphql-views.test.ts). Inputs are the
 * flat objects the adapters build (path params + query + body); money fields
 * are checked again by the operation (decimal strings at the asset's
 * precision), as GraphQL and the CLI do not parse with these schemas. Views
 * use the spec's snake_case fields, decimal strings and ISO 8601.
 */
const ACCOUNT_EXAMPLE = {
  uuid: '6f1c2a9e-4b7d-4c3e-9a51-2d8e7f0b1c34',
  name: 'Main account',
  type: 'personal',
  status: 'active',
  metadata: { cost_centre: 'retail' },
  created_at: '2026-01-15T09:30:00.000Z',
} as const;
const BALANCE_EXAMPLE = { asset_code: 'USD', chain: null, available_balance: '1250.00', reserved_balance: '100.10', total_balance: '1350.10' } as const;

export const AccountView = z
  .strictObject({
    uuid: z.string(),
    name: z.string(),
    type: z.string(),
    status: z.enum(['active', 'frozen', 'closed']),
    metadata,
    created_at: timestamp,
  })
  .meta({ id: 'Account', description: 'An account of the caller’s team.', example: ACCOUNT_EXAMPLE });
export type AccountView = z.infer<typeof AccountView>;

/** Where a holding is: a chain name for a token (its default chain when the input named none), null off-chain. */
const heldOn = z.string().nullable().describe('The chain the holding is on (a token), or null for an off-chain asset');

export const BalanceView = z
  .strictObject({ asset_code: z.string(), chain: heldOn, available_balance: decimal, reserved_balance: decimal, total_balance: decimal })
  .meta({ id: 'Balance', description: 'One asset balance of an account: available + reserved (held by pending transfers) = total.', example: BALANCE_EXAMPLE });
export type BalanceView = z.infer<typeof BalanceView>;

export const AccountDetailView = AccountView.extend({ balances: z.array(BalanceView) }).meta({
  id: 'AccountDetail',
  description: 'An account with its balance in every asset it has held.',
  example: { ...ACCOUNT_EXAMPLE, balances: [BALANCE_EXAMPLE] },
});
export type AccountDetailView = z.infer<typeof AccountDetailView>;

export const BalancesView = z
  .strictObject({
    account_uuid: z.string(),
    balances: z.array(BalanceView),
    summary: z.strictObject({
      total_assets: z.number().int(),
      total_usd_equivalent: z
        .string()
        .regex(/^[0-9]{1,3}(,[0-9]{3})*\.[0-9]{2}$/)
        .describe('For display: two decimals, thousands grouped with commas, e.g. "12,345.67"; assets without a price are left out'),
    }),
  })
  .meta({
    id: 'AccountBalances',
    description: 'Every asset balance of one account and their USD equivalent.',
    example: { account_uuid: ACCOUNT_EXAMPLE.uuid, balances: [BALANCE_EXAMPLE], summary: { total_assets: 1, total_usd_equivalent: '1,350.10' } },
  });
export type BalancesView = z.infer<typeof BalancesView>;

export const TransactionView = z
  .strictObject({
    uuid: z.string(),
    account_uuid: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    amount: decimal,
    asset_code: z.string(),
    chain: heldOn,
    status: z.enum(TRANSACTION_STATUSES),
    reference: z.string().nullable(),
    created_at: timestamp,
    completed_at: timestamp.nullable(),
    balance_after: decimal.nullable().describe('Available balance of the account in this asset right after the transaction posted; null until then.'),
  })
  .meta({
    id: 'Transaction',
    description: 'A deposit, withdrawal or transfer leg on one account.',
    example: {
      uuid: '0d9b3f6a-1c2e-4f5a-8b7c-9e0a1b2c3d4e',
      account_uuid: ACCOUNT_EXAMPLE.uuid,
      type: 'deposit',
      amount: '100.00',
      asset_code: 'USD',
      chain: null,
      status: 'completed',
      reference: 'INV-2026-0042',
      created_at: '2026-01-15T09:31:00.000Z',
      completed_at: '2026-01-15T09:31:00.000Z',
      balance_after: '1250.00',
    },
  });
export type TransactionView = z.infer<typeof TransactionView>;

const TRANSFER_EXAMPLE = {
  uuid: '3a7e9c1b-5d2f-4e8a-b6c4-7f1d0e9a2b53',
  from_account: ACCOUNT_EXAMPLE.uuid,
  to_account: '9b2d4f6e-8a1c-4b3d-a5e7-c9f1b3d5e7a9',
  amount: '100.00',
  asset_code: 'USD',
  chain: null,
  status: 'pending',
  reference: 'Rent January',
  created_at: '2026-01-15T09:32:00.000Z',
  estimated_completion: '2026-01-15T09:32:02.000Z',
  metadata: {},
  fees: { transfer_fee: '0.10', currency: 'USD' },
} as const;

export const TransferView = z
  .strictObject({
    uuid: z.string(),
    from_account: z.string(),
    to_account: z.string(),
    amount: decimal,
    asset_code: z.string(),
    chain: heldOn,
    status: z.enum(['pending', 'pending_review', 'completed', 'failed', 'expired', 'reversed']),
    reference: z.string().nullable(),
    workflow_id: z.string().optional().describe('Only for transfers created with workflow_enabled.'),
    created_at: timestamp,
    estimated_completion: timestamp,
    metadata,
    fees: z.strictObject({ transfer_fee: decimal, currency: z.string() }),
  })
  .meta({ id: 'Transfer', description: 'A transfer between two accounts of the caller’s team.', example: TRANSFER_EXAMPLE });
export type TransferView = z.infer<typeof TransferView>;

/** The ledger audit (operator): invariants over every team, figures as decimal strings at each asset's precision. */
export const LedgerAuditView = z
  .strictObject({
    ok: z.boolean(),
    problems: z.array(z.string()),
    checked_at: timestamp,
    totals: z.array(
      z.strictObject({
        team_id: z.string(),
        asset_code: z.string(),
        chain: heldOn,
        customer_balances: signedDecimal,
        deposits_minus_withdrawals: signedDecimal,
        system_accounts: z.record(z.string(), signedDecimal).describe('Entries of each system account (system:world is −(deposits − withdrawals)).'),
      }),
    ),
    reconciliation: z
      .strictObject({
        checked: z.number().int().describe('(custody address, token) pairs compared'),
        differences: z.array(
          z.strictObject({
            team_id: z.string(),
            account_id: z.string(),
            chain: z.string(),
            address: z.string(),
            asset_code: z.string(),
            ledger: signedDecimal,
            on_chain: signedDecimal,
          }),
        ),
      })
      .nullable()
      .describe('Every account’s ledger holdings on the chains against its custody addresses’ balances there (docs/chains.md); null without the chains module. A difference is also a problem.'),
  })
  .meta({
    id: 'LedgerAudit',
    description: "The ledger's invariants checked over every team.",
    example: {
      ok: true,
      problems: [],
      checked_at: '2026-01-15T10:00:00.000Z',
      totals: [
        {
          team_id: '5c8e1a3f-7b9d-4f2e-8c6a-1e3b5d7f9a2c',
          asset_code: 'USD',
          chain: null,
          customer_balances: '1349.90',
          deposits_minus_withdrawals: '1350.00',
          system_accounts: { 'system:world': '-1350.00', 'system:fees': '0.10' },
        },
      ],
      reconciliation: { checked: 14, differences: [] },
    },
  });
export type LedgerAuditView = z.infer<typeof LedgerAuditView>;

/** Path parameter of every route on one account or transfer. */
export const ResourceId = z.object({ id: z.string().min(1).max(100) });
export type AccountIdInput = z.infer<typeof ResourceId>;

const page = pageNumber().optional().describe('Page number, default 1');
const perPage = pageSize().optional().describe('Page size, default 20, at most 100');

export const PageQuery = z.object({ page, per_page: perPage });
export type PageInput = z.infer<typeof PageQuery>;

const cursor = z.string().min(1).max(100);
/** Cursor mode beside page mode on the lists a client syncs (docs/http.md, Pagination). */
const CursorQuery = {
  starting_after: cursor.optional().describe('Cursor mode: the rows after this id in list order; excludes page and ending_before; answers meta.has_more'),
  ending_before: cursor.optional().describe('Cursor mode: the rows before this id in list order; excludes page and starting_after; answers meta.has_more'),
};

const amount = z.string().describe('Decimal string at the asset precision, e.g. "100.00"; no sign, no exponent, at most 30 digits before the point');
const assetCode = z.string().describe('Asset code from the catalogue, e.g. USD');
const reference = z.string().max(255).optional();

export const CreateAccountBody = z
  .strictObject({ name: z.string().trim().min(1).max(255), type: z.string().min(1).max(32), metadata: metadata.optional() })
  .meta({ id: 'CreateAccountRequest', example: { name: 'Main account', type: 'personal', metadata: { cost_centre: 'retail' } } });
export type CreateAccountInput = z.infer<typeof CreateAccountBody>;

export const FreezeAccountBody = z.strictObject({ reason: z.string().max(255).optional() }).meta({
  id: 'FreezeAccountRequest',
  example: { reason: 'Suspected card fraud' },
});
export type FreezeAccountInput = AccountIdInput & z.infer<typeof FreezeAccountBody>;

/** Unfreezing takes nothing but the id: the body is an empty object. */
export const UnfreezeAccountBody = z.strictObject({}).meta({ id: 'UnfreezeAccountRequest', example: {} });

export const ListTransactionsQuery = PageQuery.extend({
  asset_code: z.string().optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  ...CursorQuery,
});
export type ListTransactionsInput = z.infer<typeof ListTransactionsQuery>;

export const ListAccountTransactionsQuery = z
  .object({
    limit: perPage,
    per_page: perPage.describe('Alias of limit, as on the other lists; sending both is 422'),
    page,
    ...CursorQuery,
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
  .transform(({ per_page, ...query }) => ({ ...query, limit: query.limit ?? per_page }));
export type ListAccountTransactionsInput = AccountIdInput & z.infer<typeof ListAccountTransactionsQuery>;

/** A chain by name or CAIP-2 id, for a token's holding; a token without it is held on the default chain (ethereum). */
const chainRef = z.string().min(1).max(64).optional().describe('For a token: the chain, by name (polygon) or CAIP-2 id (eip155:137); default ethereum. Refused for an off-chain asset');

export const MoneyBody = z
  .strictObject({ amount, asset_code: assetCode, chain: chainRef, reference })
  .meta({ id: 'MoneyMovementRequest', example: { amount: '100.00', asset_code: 'USD', reference: 'INV-2026-0042' } });
export type MoneyInput = AccountIdInput & z.infer<typeof MoneyBody>;

export const WithdrawBody = MoneyBody.extend({
  address: z
    .string()
    .max(64)
    .optional()
    .describe("For a token: the EVM address the tokens are sent to; without it they go to the chain's payout address (docs/chains.md). Refused for an off-chain asset"),
}).meta({ id: 'WithdrawalRequest', example: { amount: '25.50', asset_code: 'USDC', chain: 'polygon', address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', reference: 'Payout 7' } });
export type WithdrawInput = AccountIdInput & z.infer<typeof WithdrawBody>;

export const CreateTransferBody = z
  .strictObject({
    from_account: z.string().min(1).max(100),
    to_account: z.string().min(1).max(100),
    amount,
    asset_code: assetCode,
    chain: chainRef,
    reference,
    workflow_enabled: z.boolean().optional(),
    metadata: metadata.optional(),
    routing: z.string().max(64).optional(),
  })
  .meta({
    id: 'CreateTransferRequest',
    example: { from_account: TRANSFER_EXAMPLE.from_account, to_account: TRANSFER_EXAMPLE.to_account, amount: '100.00', asset_code: 'USD', reference: 'Rent January' },
  });
export type CreateTransferInput = z.infer<typeof CreateTransferBody>;

export const ListAccountTransfersQuery = PageQuery.extend(CursorQuery);
export type ListAccountTransfersInput = AccountIdInput & z.infer<typeof ListAccountTransfersQuery>;

export const CreateAccount = token<Operation<CreateAccountInput, AccountView>>('core-banking.create-account');
export const ListAccounts = token<Operation<PageInput, Page<AccountView>>>('core-banking.list-accounts');
export const GetAccount = token<Operation<AccountIdInput, AccountDetailView>>('core-banking.get-account');
export const GetBalances = token<Operation<AccountIdInput, BalancesView>>('core-banking.get-balances');
export const FreezeAccount = token<Operation<FreezeAccountInput, AccountView>>('core-banking.freeze-account');
export const UnfreezeAccount = token<Operation<AccountIdInput, AccountView>>('core-banking.unfreeze-account');
export const CloseAccount = token<Operation<AccountIdInput, AccountView>>('core-banking.close-account');
export const ListTransactions = token<Operation<ListTransactionsInput, Page<TransactionView> | CursorPage<TransactionView>>>('core-banking.list-transactions');
export const ListAccountTransactions = token<Operation<ListAccountTransactionsInput, Page<TransactionView> | CursorPage<TransactionView>>>(
  'core-banking.list-account-transactions',
);
export const Deposit = token<Operation<MoneyInput, TransactionView>>('core-banking.deposit');
export const Withdraw = token<Operation<WithdrawInput, TransactionView>>('core-banking.withdraw');
export const CreateTransfer = token<Operation<CreateTransferInput, TransferView>>('core-banking.create-transfer');
export const GetTransfer = token<Operation<AccountIdInput, TransferView>>('core-banking.get-transfer');
export const AuditLedger = token<Operation<Record<string, never>, LedgerAuditView>>('core-banking.audit-ledger');
export const ListAccountTransfers = token<Operation<ListAccountTransfersInput, Page<TransferView> | CursorPage<TransferView>>>('core-banking.list-account-transfers');
