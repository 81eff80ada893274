import { z } from 'zod';
import { eventType } from '../../kernel/public.js';

/**
 * Core banking's event types. Payloads are snake_case, amounts decimal
 * strings at the asset's precision, times ISO 8601 UTC. Every one is
 * delivered to webhooks; docs/events.md has the table of which operation
 * emits which.
 */
const decimal = z.string().describe('decimal string at the asset precision');

export const accountEventPayload = z.object({
  account_uuid: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.enum(['active', 'frozen', 'closed']),
  previous_status: z.enum(['active', 'frozen', 'closed']).nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /** Why the status changed (freeze reason), when given. */
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AccountEventPayload = z.infer<typeof accountEventPayload>;

/** The chain of a token holding; null for an off-chain asset. */
const chain = z.string().nullable();

export const balanceUpdatedPayload = z.object({
  account_uuid: z.string(),
  asset_code: z.string(),
  chain,
  available_balance: decimal,
  reserved_balance: decimal,
  total_balance: decimal,
  /** deposit, withdrawal, transfer (settlement), hold, release, or another plugin's movement kind. */
  movement_kind: z.string(),
  /** The ledger movement; null for holds and releases, which move nothing between accounts. */
  movement_uuid: z.string().nullable(),
  reference: z.string().nullable(),
});

export const transferEventPayload = z.object({
  transfer_uuid: z.string(),
  from_account: z.string(),
  to_account: z.string(),
  amount: decimal,
  asset_code: z.string(),
  chain,
  transfer_fee: decimal,
  /** amount + transfer_fee: what the sender pays and what is held until settlement. */
  total_debit: decimal,
  status: z.enum(['pending', 'pending_review', 'completed', 'failed', 'expired', 'reversed']),
  reference: z.string().nullable(),
  workflow_id: z.string().nullable(),
  /** Failure or expiry reason; null otherwise. */
  reason: z.string().nullable(),
});
export type TransferEventPayload = z.infer<typeof transferEventPayload>;

/**
 * A deposit or withdrawal as it posted: transaction monitoring (regtech)
 * weighs its amount and, for a token withdrawn to an external address, the
 * address (account.balance_updated names neither the transaction nor the
 * amount moved).
 */
export const movementEventPayload = z.object({
  transaction_uuid: z.string(),
  account_uuid: z.string(),
  amount: decimal,
  asset_code: z.string(),
  chain,
  /** The external address a token was withdrawn to; null for deposits, off-chain assets and withdrawals to custody. */
  address: z.string().nullable(),
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type MovementEventPayload = z.infer<typeof movementEventPayload>;

const account = { version: 1, group: 'Account', payload: accountEventPayload, webhook: true } as const;
const movement = { version: 1, group: 'Account', payload: movementEventPayload, webhook: true } as const;
const transfer = { version: 1, group: 'Transfer', payload: transferEventPayload, webhook: true } as const;

export const coreBankingEvents = [
  eventType({ ...account, name: 'account.created', description: 'An account was opened (status active).', emittedBy: 'POST /accounts, GraphQL createAccount' }),
  eventType({
    ...account,
    name: 'account.updated',
    description: 'An account changed; emitted with every status change, next to the specific event.',
    emittedBy: 'POST /accounts/{id}/freeze, POST /accounts/{id}/unfreeze, DELETE /accounts/{id}',
  }),
  eventType({ ...account, name: 'account.frozen', description: 'The account was frozen: it neither sends nor receives funds.', emittedBy: 'POST /accounts/{id}/freeze' }),
  eventType({ ...account, name: 'account.unfrozen', description: 'The account is active again.', emittedBy: 'POST /accounts/{id}/unfreeze' }),
  eventType({ ...account, name: 'account.closed', description: 'The account was closed with every balance at zero; closing is final.', emittedBy: 'DELETE /accounts/{id}' }),
  eventType({
    name: 'account.balance_updated',
    version: 1,
    group: 'Account',
    payload: balanceUpdatedPayload,
    webhook: true,
    description:
      'A customer balance (available or reserved) changed; one event per account and asset touched, with the balances after the change. A transfer announces each side once, at settlement (or, for the sender, at the release when it fails or expires): the hold placed at its creation appends none.',
    emittedBy: 'the Ledger port on every post, capture and release and on holds other than a transfer\'s: deposit, withdraw (REST or GraphQL), transfer settlement, release on failure or expiry, and other plugins moving money',
  }),
  eventType({ ...movement, name: 'deposit.completed', description: 'Money entered an account from outside the bank (a completed deposit).', emittedBy: 'POST /accounts/{id}/deposit, GraphQL deposit' }),
  eventType({
    ...movement,
    name: 'withdrawal.completed',
    description: 'Money left an account to outside the bank (a completed withdrawal), with the external address a token went to.',
    emittedBy: 'POST /accounts/{id}/withdraw, GraphQL withdraw',
  }),
  eventType({ ...transfer, name: 'transfer.created', description: 'A transfer was recorded (status pending).', emittedBy: 'POST /transfers, GraphQL createTransfer' }),
  eventType({
    ...transfer,
    name: 'transfer.pending',
    description: 'The amount plus fee is reserved on the sender (available fell, reserved rose); settlement follows after settlement_delay_ms. Emitted in the same commit as transfer.created.',
    emittedBy: 'POST /transfers, GraphQL createTransfer',
  }),
  eventType({
    ...transfer,
    name: 'transfer.completed',
    description: 'Settled: the receiver was credited the amount and system:fees the fee.',
    emittedBy: "workflow core-banking.transfer, step 'settle'",
  }),
  eventType({
    ...transfer,
    name: 'transfer.held',
    description:
      'Held at settlement for a compliance review (status pending_review): transaction monitoring flagged it for review. The amount plus fee stays reserved until an operator clears it (transfer.completed) or rejects it (transfer.failed).',
    emittedBy: "workflow core-banking.transfer, step 'settle', when the SettlementGate (regtech) holds it",
  }),
  eventType({
    ...transfer,
    name: 'transfer.failed',
    description: 'A settlement step failed for good (an account frozen or closed meanwhile), or an operator rejected the transfer in review (reason "rejected in compliance review: …"); the reservation was released.',
    emittedBy: 'workflow core-banking.transfer, on failure after compensation; POST /admin/regtech/reviews/{id}/reject for a held transfer',
  }),
  eventType({
    ...transfer,
    name: 'transfer.reversed',
    description: 'A completed transfer was reversed. Declared for subscribers; no operation emits it yet (there is no reversal operation).',
    emittedBy: 'nothing yet',
  }),
  eventType({
    ...transfer,
    name: 'transfer.expired',
    description: 'The transfer passed transfer_timeout_ms before settling; the reservation was released.',
    emittedBy: 'workflow core-banking.transfer, on timeout after compensation',
  }),
];
