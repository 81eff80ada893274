import { z } from 'zod';
import { decimal, pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';
import { MAX_UNITS } from './domain/round.js';

/**
 * The cgo plugin's operations and the zod schema of every input and view:
 * the one source of the TS types, the OpenAPI components and the GraphQL
 * types (derived with graphqlObjectType / graphqlInputType).
 */
const units = z.number().int().min(1).max(MAX_UNITS);
const ROUND_ID = '5d1c9a7e-2b4f-4c8d-9e3a-7f6b5c4d3e2a';

export const RoundView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    asset_code: z.string().describe('The asset investments are paid in.'),
    price_per_unit: decimal.describe('Price of one unit in the asset.'),
    min_units_per_investor: z.number().int(),
    max_units_per_investor: z.number().int(),
    hard_cap_units: z.number().int().describe('Units on offer; allocations are pro-rata when teams ask for more.'),
    status: z.enum(['open', 'closed']).describe('open until closed at closes_at (or earlier by the operator); closed once every investment is allocated.'),
    closes_at: timestamp,
    created_at: timestamp,
    closed_at: timestamp.nullable(),
  })
  .strict()
  .meta({
    id: 'CgoRound',
    example: { id: ROUND_ID, name: 'Seed 2026', asset_code: 'USD', price_per_unit: '2.50', min_units_per_investor: 10, max_units_per_investor: 1000, hard_cap_units: 100000, status: 'open', closes_at: '2026-03-01T00:00:00.000Z', created_at: '2026-01-15T10:00:00.000Z', closed_at: null },
  });
export type RoundView = z.infer<typeof RoundView>;

export const RoundReportView = z
  .object({
    round: RoundView,
    investors: z.number().int().describe('Investments in the round.'),
    subscribed_units: z.string().describe('Units the investments asked for, an integer string (it may pass a 32-bit integer).'),
    allocated_units: z.number().int().describe('Units allocated: subscribed_units, or hard_cap_units when oversubscribed.'),
    raised: decimal.describe('allocated_units × price_per_unit, moved from escrow to the proceeds.'),
    refunded: decimal.describe('What escrow paid back to investors.'),
  })
  .strict()
  .meta({
    id: 'CgoRoundReport',
    example: {
      round: { id: ROUND_ID, name: 'Seed 2026', asset_code: 'USD', price_per_unit: '2.50', min_units_per_investor: 10, max_units_per_investor: 1000, hard_cap_units: 100000, status: 'closed', closes_at: '2026-03-01T00:00:00.000Z', created_at: '2026-01-15T10:00:00.000Z', closed_at: '2026-03-01T00:00:00.000Z' },
      investors: 120,
      subscribed_units: '150000',
      allocated_units: 100000,
      raised: '250000.00',
      refunded: '125000.00',
    },
  });
export type RoundReportView = z.infer<typeof RoundReportView>;

export const InvestmentView = z
  .object({
    id: z.uuid(),
    round_id: z.uuid(),
    account_id: z.string().describe('The team’s account that paid, and receives any refund.'),
    asset_code: z.string(),
    requested_units: z.number().int(),
    paid: decimal.describe('requested_units × price_per_unit, held in escrow until close.'),
    status: z.enum(['escrowed', 'allocated']),
    allocated_units: z.number().int().nullable().describe('Set at close.'),
    cost: decimal.nullable().describe('allocated_units × price_per_unit.'),
    refund: decimal.nullable().describe('paid − cost.'),
    refund_status: z
      .enum(['pending', 'none', 'refunded', 'held'])
      .describe('pending until close; none when all was allocated; refunded to account_id; held in escrow when account_id was no longer active and the team had no other active account.'),
    payment_movement_id: z.string(),
    settlement_movement_id: z.string().nullable(),
    created_at: timestamp,
    allocated_at: timestamp.nullable(),
  })
  .strict()
  .meta({
    id: 'CgoInvestment',
    example: { id: '8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d', round_id: ROUND_ID, account_id: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35', asset_code: 'USD', requested_units: 300, paid: '750.00', status: 'allocated', allocated_units: 200, cost: '500.00', refund: '250.00', refund_status: 'refunded', payment_movement_id: '0b6f1f1e-6a4e-4b8e-9d3a-2f7c1b5e8a90', settlement_movement_id: '1c7a2e3f-7b5f-4c9e-8e4b-3a8d2c6f9b01', created_at: '2026-01-20T10:00:00.000Z', allocated_at: '2026-03-01T00:00:00.000Z' },
  });
export type InvestmentView = z.infer<typeof InvestmentView>;

export const OpenRoundInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    asset_code: z.string().min(1).max(20),
    price_per_unit: z.string().describe('Decimal string at the asset’s precision, more than 0.'),
    min_units_per_investor: units,
    max_units_per_investor: units,
    hard_cap_units: units,
    closes_at: timestamp.describe('When the round closes and allocates, by the service’s clock; in the future.'),
  })
  .strict()
  .meta({
    id: 'OpenCgoRoundInput',
    example: { name: 'Seed 2026', asset_code: 'USD', price_per_unit: '2.50', min_units_per_investor: 10, max_units_per_investor: 1000, hard_cap_units: 100000, closes_at: '2026-03-01T00:00:00.000Z' },
  });
export type OpenRoundInput = z.infer<typeof OpenRoundInput>;

export const IdParams = z.object({ id: z.string().min(1).max(100) });
export type IdInput = z.infer<typeof IdParams>;

export const InvestBody = z
  .object({
    account_id: z.string().min(1).max(100).describe('The team’s account that pays units × price into escrow.'),
    units: units.describe('Between the round’s min and max units per investor.'),
  })
  .strict()
  .meta({ id: 'CgoInvestInput', example: { account_id: '3f2a7c1e-5b8d-4e9f-a6c2-1d4b7e9f0a35', units: 300 } });
export const InvestInput = IdParams.extend(InvestBody.shape);
export type InvestInput = z.infer<typeof InvestInput>;

export const PageQuery = z.object({
  page: pageNumber().optional().describe('Page number, default 1'),
  per_page: pageSize().optional().describe('Page size, default 20, at most 100'),
});
export type PageInput = z.infer<typeof PageQuery>;
export const InvestmentsQuery = PageQuery.extend({ round_id: z.string().min(1).max(100).optional().describe('Only the investments in this round.') });
export type InvestmentsInput = z.infer<typeof InvestmentsQuery>;

export const OpenRound = token<Operation<OpenRoundInput, RoundView>>('cgo.open-round');
export const CloseRound = token<Operation<IdInput, RoundReportView>>('cgo.close-round');
export const GetRound = token<Operation<IdInput, RoundView>>('cgo.get-round');
export const ListRounds = token<Operation<PageInput, Page<RoundView>>>('cgo.list-rounds');
export const Invest = token<Operation<InvestInput, InvestmentView>>('cgo.invest');
export const GetInvestment = token<Operation<IdInput, InvestmentView>>('cgo.get-investment');
export const ListInvestments = token<Operation<InvestmentsInput, Page<InvestmentView>>>('cgo.list-investments');
