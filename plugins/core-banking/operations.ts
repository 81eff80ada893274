import type { Page } from '../../kernel/contract/page.js';
import type { Operation } from '../../kernel/contract/route.js';
import { token } from '../../kernel/contract/token.js';

/**
 * Core banking's operations: one token each, shared by REST, the CLI and
 * GraphQL. Inputs are the flat objects the adapters build (path params +
 * query + body); money fields arrive as the client sent them and are
 * validated by the operation (decimal strings at the asset's precision).
 * Outputs use the spec's snake_case fields, decimal strings and ISO 8601.
 */
export interface AccountView {
  readonly uuid: string;
  readonly name: string;
  readonly type: string;
  readonly status: 'active' | 'frozen' | 'closed';
  readonly metadata: Record<string, unknown>;
  readonly created_at: string;
}

export interface BalanceView {
  readonly asset_code: string;
  readonly available_balance: string;
  readonly reserved_balance: string;
  readonly total_balance: string;
}

export interface AccountDetailView extends AccountView {
  readonly balances: readonly BalanceView[];
}

export interface BalancesView {
  readonly account_uuid: string;
  readonly balances: readonly BalanceView[];
  readonly summary: { readonly total_assets: number; readonly total_usd_equivalent: string };
}

export interface TransactionView {
  readonly uuid: string;
  readonly account_uuid: string;
  readonly type: 'deposit' | 'withdrawal' | 'transfer';
  readonly amount: string;
  readonly asset_code: string;
  readonly status: 'pending' | 'completed' | 'failed';
  readonly reference: string | null;
  readonly created_at: string;
  readonly completed_at: string | null;
  /** Available balance of the account in this asset right after the transaction posted; null until then. */
  readonly balance_after: string | null;
}

export interface TransferView {
  readonly uuid: string;
  readonly from_account: string;
  readonly to_account: string;
  readonly amount: string;
  readonly asset_code: string;
  readonly status: 'pending' | 'completed' | 'failed' | 'expired' | 'reversed';
  readonly reference: string | null;
  /** Only for transfers created with workflow_enabled. */
  readonly workflow_id?: string;
  readonly created_at: string;
  readonly estimated_completion: string;
  readonly metadata: Record<string, unknown>;
  readonly fees: { readonly transfer_fee: string; readonly currency: string };
}

export interface CreateAccountInput {
  readonly name: string;
  readonly type: string;
  readonly metadata?: Record<string, unknown>;
}

export interface PageInput {
  readonly page?: number;
  readonly per_page?: number;
}

export interface AccountIdInput {
  readonly id: string;
}

export interface ListTransactionsInput extends PageInput {
  readonly asset_code?: string;
  readonly status?: string;
}

export interface ListAccountTransactionsInput extends AccountIdInput {
  /** Page size (default 20, at most 100). */
  readonly limit?: number;
  readonly page?: number;
  readonly type?: string;
  readonly status?: string;
  readonly start_date?: string;
  readonly end_date?: string;
  readonly sort?: string;
}

export interface MoneyInput extends AccountIdInput {
  readonly amount: unknown;
  readonly asset_code: unknown;
  readonly reference?: string;
}

export interface CreateTransferInput {
  readonly from_account: string;
  readonly to_account: string;
  readonly amount: unknown;
  readonly asset_code: unknown;
  readonly reference?: string;
  readonly workflow_enabled?: boolean;
  readonly metadata?: Record<string, unknown>;
  readonly routing?: string;
}

export interface ListAccountTransfersInput extends AccountIdInput, PageInput {}

export interface FreezeAccountInput extends AccountIdInput {
  readonly reason?: string;
}

/** The ledger audit (operator): invariants over every team, figures as decimal strings at each asset's precision. */
export interface LedgerAuditView {
  readonly ok: boolean;
  readonly problems: string[];
  readonly checked_at: string;
  readonly totals: Array<{
    readonly team_id: string;
    readonly asset_code: string;
    readonly customer_balances: string;
    readonly deposits_minus_withdrawals: string;
    /** Entries of each system account (system:world is −(deposits − withdrawals)). */
    readonly system_accounts: Record<string, string>;
  }>;
}

export const CreateAccount = token<Operation<CreateAccountInput, AccountView>>('core-banking.create-account');
export const ListAccounts = token<Operation<PageInput, Page<AccountView>>>('core-banking.list-accounts');
export const GetAccount = token<Operation<AccountIdInput, AccountDetailView>>('core-banking.get-account');
export const GetBalances = token<Operation<AccountIdInput, BalancesView>>('core-banking.get-balances');
export const FreezeAccount = token<Operation<FreezeAccountInput, AccountView>>('core-banking.freeze-account');
export const UnfreezeAccount = token<Operation<AccountIdInput, AccountView>>('core-banking.unfreeze-account');
export const CloseAccount = token<Operation<AccountIdInput, AccountView>>('core-banking.close-account');
export const ListTransactions = token<Operation<ListTransactionsInput, Page<TransactionView>>>('core-banking.list-transactions');
export const ListAccountTransactions = token<Operation<ListAccountTransactionsInput, Page<TransactionView>>>(
  'core-banking.list-account-transactions',
);
export const Deposit = token<Operation<MoneyInput, TransactionView>>('core-banking.deposit');
export const Withdraw = token<Operation<MoneyInput, TransactionView>>('core-banking.withdraw');
export const CreateTransfer = token<Operation<CreateTransferInput, TransferView>>('core-banking.create-transfer');
export const GetTransfer = token<Operation<AccountIdInput, TransferView>>('core-banking.get-transfer');
export const AuditLedger = token<Operation<Record<string, never>, LedgerAuditView>>('core-banking.audit-ledger');
export const ListAccountTransfers = token<Operation<ListAccountTransfersInput, Page<TransferView>>>('core-banking.list-account-transfers');
