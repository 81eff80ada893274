import { z } from 'zod';
import { decimal, pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * The stablecoin operations: one token each, shared by REST and GraphQL,
 * and the zod schema of every input and view (the one source of the TS
 * types, the OpenAPI components and the GraphQL types).
 */
const EXAMPLE_ID = '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34';
const code = z.string().min(1).max(12).describe('The token’s asset code.');

export const StablecoinReserveView = z
  .strictObject({
    code: z.string().describe('The token’s asset code.'),
    reference_asset: z.string().describe('The fiat asset each token is redeemable for at par.'),
    outstanding_supply: decimal.describe('Tokens the team minted and has not redeemed.'),
    reserve_assets: decimal.describe('The reference asset held in the team’s reserve account for them.'),
    coverage_ratio: z.string().nullable().describe('reserve_assets ÷ outstanding_supply to 6 decimal places, rounded down; null while nothing is outstanding.'),
    fully_reserved: z.boolean().describe('Whether the reserve covers every outstanding token at par.'),
    computed_at: timestamp,
  })
  .meta({
    id: 'StablecoinReserve',
    description: 'A token’s outstanding supply and the reserve behind it, read from the ledger now.',
    example: { code: 'USDB', reference_asset: 'USD', outstanding_supply: '1500.00', reserve_assets: '1500.00', coverage_ratio: '1.000000', fully_reserved: true, computed_at: '2026-11-25T09:30:00.000Z' },
  });
export type StablecoinReserveView = z.infer<typeof StablecoinReserveView>;

export const StablecoinIssuanceView = z
  .strictObject({
    id: z.uuid(),
    kind: z.enum(['mint', 'redeem']),
    code: z.string(),
    reference_asset: z.string(),
    account_id: z.uuid(),
    amount: decimal.describe('Tokens minted or redeemed; the same amount of the reference asset moved into or out of the reserve.'),
    movement_id: z.string().describe('The ledger movement that moved both.'),
    created_at: timestamp,
  })
  .meta({
    id: 'StablecoinIssuance',
    description: 'One mint or redemption.',
    example: {
      id: EXAMPLE_ID,
      kind: 'mint',
      code: 'USDB',
      reference_asset: 'USD',
      account_id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d',
      amount: '250.00',
      movement_id: '0b4e7d5c-1f2a-4c3b-8d9e-6a7b8c9d0e1f',
      created_at: '2026-11-25T09:30:00.000Z',
    },
  });
export type StablecoinIssuanceView = z.infer<typeof StablecoinIssuanceView>;

export const IssueBody = z
  .object({
    account_id: z.uuid().describe('The team’s account the reference asset comes from and the tokens go to (or the reverse, to redeem).'),
    amount: z.string().describe('A decimal string: tokens to mint or redeem, at par.'),
  })
  .meta({ id: 'StablecoinIssueInput', example: { account_id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d', amount: '250.00' } });
export const CodeInput = z.object({ code });
export type CodeInput = z.infer<typeof CodeInput>;
export const IssueInput = CodeInput.extend(IssueBody.shape);
export type IssueInput = z.infer<typeof IssueInput>;

export const ListIssuancesQuery = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export const ListIssuancesInput = CodeInput.extend(ListIssuancesQuery.shape);
export type ListIssuancesInput = z.infer<typeof ListIssuancesInput>;

export const ListReserves = token<Operation<Record<string, never>, StablecoinReserveView[]>>('stablecoin.list-reserves');
export const GetReserve = token<Operation<CodeInput, StablecoinReserveView>>('stablecoin.get-reserve');
export const Mint = token<Operation<IssueInput, StablecoinIssuanceView>>('stablecoin.mint-stablecoin');
export const Redeem = token<Operation<IssueInput, StablecoinIssuanceView>>('stablecoin.redeem-stablecoin');
export const ListIssuances = token<Operation<ListIssuancesInput, Page<StablecoinIssuanceView>>>('stablecoin.list-issuances');
