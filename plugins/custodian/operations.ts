import { z } from 'zod';
import { decimal, pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * The custodian operations: one token each, shared by REST and GraphQL,
 * and the zod schema of every input and view.
 */
const EXAMPLE_ID = '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34';
const ACCOUNT_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';

export const CustodianAccountView = z
  .strictObject({
    id: z.uuid(),
    account_id: z.uuid().describe('The team’s account whose holdings the custodian keeps.'),
    custodian: z.string(),
    external_id: z.string().describe('The custodian’s id of the account.'),
    status: z.enum(['linked', 'unlinked']),
    last_synced_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({
    id: 'CustodianAccount',
    description: 'An account at an external custodian linked to one of the team’s accounts.',
    example: { id: EXAMPLE_ID, account_id: ACCOUNT_ID, custodian: 'simulator', external_id: `sim-${EXAMPLE_ID}`, status: 'linked', last_synced_at: null, created_at: '2026-11-25T09:30:00.000Z', updated_at: '2026-11-25T09:30:00.000Z' },
  });
export type CustodianAccountView = z.infer<typeof CustodianAccountView>;

export const CustodianBalanceView = z
  .strictObject({
    holding: z.string().describe('The ledger’s holding: an asset code, or `<asset>@<chain>`.'),
    asset_code: z.string(),
    custodian_balance: decimal.describe('What the custodian reported at the sync.'),
    ledger_balance: decimal.describe('What the ledger recorded for the account at the sync (available + reserved).'),
    difference: z.string().describe('custodian − ledger, signed decimal string; "0.00" when they agree.'),
    reconciled: z.boolean(),
    synced_at: timestamp,
  })
  .meta({
    id: 'CustodianBalance',
    description: 'One holding of a linked account at its latest sync: the custodian’s balance against the ledger’s.',
    example: { holding: 'USD', asset_code: 'USD', custodian_balance: '1012.40', ledger_balance: '1000.00', difference: '12.40', reconciled: false, synced_at: '2026-11-25T09:30:00.000Z' },
  });
export type CustodianBalanceView = z.infer<typeof CustodianBalanceView>;

export const CustodianSyncView = z
  .strictObject({ account: CustodianAccountView, balances: z.array(CustodianBalanceView), differences: z.number().int().describe('Holdings whose balances differ.') })
  .meta({
    id: 'CustodianSync',
    description: 'A sync’s outcome: the link and every holding reconciled.',
    example: {
      account: { id: EXAMPLE_ID, account_id: ACCOUNT_ID, custodian: 'simulator', external_id: `sim-${EXAMPLE_ID}`, status: 'linked', last_synced_at: '2026-11-25T09:30:00.000Z', created_at: '2026-11-25T09:00:00.000Z', updated_at: '2026-11-25T09:30:00.000Z' },
      balances: [{ holding: 'USD', asset_code: 'USD', custodian_balance: '1012.40', ledger_balance: '1000.00', difference: '12.40', reconciled: false, synced_at: '2026-11-25T09:30:00.000Z' }],
      differences: 1,
    },
  });
export type CustodianSyncView = z.infer<typeof CustodianSyncView>;

export const LinkInput = z
  .object({ account_id: z.uuid(), custodian: z.string().min(1).max(40).default('simulator').describe('The custodian adapter (default and only built-in: simulator).') })
  .meta({ id: 'LinkCustodianAccountInput', example: { account_id: ACCOUNT_ID, custodian: 'simulator' } });
export type LinkInput = z.infer<typeof LinkInput>;
export const IdInput = z.object({ id: z.uuid() });
export type IdInput = z.infer<typeof IdInput>;
export const ListInput = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export type ListInput = z.infer<typeof ListInput>;

export const LinkAccount = token<Operation<LinkInput, CustodianAccountView>>('custodian.link');
export const UnlinkAccount = token<Operation<IdInput, CustodianAccountView>>('custodian.unlink');
export const SyncAccount = token<Operation<IdInput, CustodianSyncView>>('custodian.sync');
export const GetAccount = token<Operation<IdInput, CustodianAccountView>>('custodian.get');
export const ListAccounts = token<Operation<ListInput, Page<CustodianAccountView>>>('custodian.list');
export const ListBalances = token<Operation<IdInput, CustodianBalanceView[]>>('custodian.balances');
