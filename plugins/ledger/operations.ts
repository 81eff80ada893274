import { z } from 'zod';
import { pageNumber, pageSize, signedDecimal, timestamp, token, decimal, type Operation, type Page } from '../../kernel/public.js';

/**
 * The ledger module's operations (reads only: every movement is written by
 * the module that makes it, through the Ledger port) and the zod schema of
 * every input and view: the one source of the TS types, the OpenAPI
 * components and the GraphQL types (test/e2e/graphql-views.test.ts pairs them).
 */
const holding = {
  asset_code: z.string().describe('The asset.'),
  chain: z.string().nullable().describe('The chain of an on-chain holding; null for the asset’s default holding.'),
};

export const TrialBalanceLineView = z
  .object({
    account: z.string().nullable().describe('A system account (system:fees, system:world …), or null for the team’s customer accounts summed in one line.'),
    accounts: z.number().int().describe('How many accounts the line sums (1 for a system account).'),
    debits: decimal.describe('Σ of the debit entries.'),
    credits: decimal.describe('Σ of the credit entries.'),
    balance: signedDecimal.describe('credits − debits: what the line holds (negative for money that left, as system:world).'),
  })
  .strict()
  .meta({ id: 'TrialBalanceLine' });

export const TrialBalanceHoldingView = z
  .object({
    ...holding,
    debits: decimal,
    credits: decimal,
    balanced: z.boolean().describe('debits = credits: true unless the ledger is broken.'),
    lines: z.array(TrialBalanceLineView),
  })
  .strict()
  .meta({ id: 'TrialBalanceHolding' });

export const TrialBalanceView = z
  .object({
    as_of: timestamp,
    balanced: z.boolean().describe('Every holding balanced.'),
    holdings: z.array(TrialBalanceHoldingView).describe('One per holding the team’s ledger has entries in, by holding code.'),
  })
  .strict()
  .meta({
    id: 'TrialBalance',
    description: 'The team’s trial balance: per asset and chain, the debits and credits of its accounts, which are equal.',
    example: {
      as_of: '2026-01-15T10:00:00.000Z',
      balanced: true,
      holdings: [
        {
          asset_code: 'USD',
          chain: null,
          debits: '1350.00',
          credits: '1350.00',
          balanced: true,
          lines: [
            { account: null, accounts: 2, debits: '200.00', credits: '1549.90', balance: '1349.90' },
            { account: 'system:fees', accounts: 1, debits: '0.00', credits: '0.10', balance: '0.10' },
            { account: 'system:world', accounts: 1, debits: '1350.00', credits: '0.00', balance: '-1350.00' },
          ],
        },
      ],
    },
  });
export type TrialBalanceView = z.infer<typeof TrialBalanceView>;

export const PostingView = z
  .object({
    movement_id: z.string(),
    seq: z.number().int().describe('The posting’s position in its movement.'),
    account_id: z.string().describe('A customer account id or a system account name.'),
    ...holding,
    amount: signedDecimal.describe('Positive credits the account, negative debits it.'),
    kind: z.string().describe('What kind of movement: deposit, withdrawal, transfer, basket.compose …'),
    reference: z.string().nullable(),
    created_at: timestamp,
  })
  .strict()
  .meta({
    id: 'LedgerPosting',
    example: { movement_id: '0b6f1f1e-6a4e-4b8e-9d3a-2f7c1b5e8a90', seq: 1, account_id: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35', asset_code: 'USD', chain: null, amount: '100.00', kind: 'deposit', reference: null, created_at: '2026-01-15T10:00:00.000Z' },
  });
export type PostingView = z.infer<typeof PostingView>;

export const MovementView = z
  .object({
    id: z.string(),
    kind: z.string(),
    reference: z.string().nullable(),
    created_at: timestamp,
    postings: z.array(PostingView).describe('In the order written; they sum to zero per asset and chain.'),
  })
  .strict()
  .meta({
    id: 'LedgerMovement',
    description: 'One balanced movement of the ledger with its postings.',
    example: {
      id: '0b6f1f1e-6a4e-4b8e-9d3a-2f7c1b5e8a90',
      kind: 'deposit',
      reference: null,
      created_at: '2026-01-15T10:00:00.000Z',
      postings: [
        { movement_id: '0b6f1f1e-6a4e-4b8e-9d3a-2f7c1b5e8a90', seq: 0, account_id: 'system:world', asset_code: 'USD', chain: null, amount: '-100.00', kind: 'deposit', reference: null, created_at: '2026-01-15T10:00:00.000Z' },
        { movement_id: '0b6f1f1e-6a4e-4b8e-9d3a-2f7c1b5e8a90', seq: 1, account_id: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35', asset_code: 'USD', chain: null, amount: '100.00', kind: 'deposit', reference: null, created_at: '2026-01-15T10:00:00.000Z' },
      ],
    },
  });
export type MovementView = z.infer<typeof MovementView>;

export const MovementParams = z.object({ id: z.string().min(1).max(100) });
export type MovementInput = z.infer<typeof MovementParams>;

export const AccountPostingsParams = z.object({
  id: z.string().min(1).max(100).describe('A customer account id of the team, or a system account name such as system:fees.'),
});
export const AccountPostingsQuery = z.object({
  page: pageNumber().optional().describe('Page number, default 1'),
  per_page: pageSize().optional().describe('Page size, default 20, at most 100'),
});
export const AccountPostingsInput = AccountPostingsParams.extend(AccountPostingsQuery.shape);
export type AccountPostingsInput = z.infer<typeof AccountPostingsInput>;

export const GetTrialBalance = token<Operation<Record<string, never>, TrialBalanceView>>('ledger.trial-balance');
export const GetMovement = token<Operation<MovementInput, MovementView>>('ledger.get-movement');
export const ListAccountPostings = token<Operation<AccountPostingsInput, Page<PostingView>>>('ledger.list-account-postings');
