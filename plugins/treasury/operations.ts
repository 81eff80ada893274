import { z } from 'zod';
import { decimal, timestamp, token, type Operation } from '../../kernel/public.js';
import { REBALANCE_STATUSES } from './domain/rebalance.js';

/**
 * The treasury module's operations and the zod schema of every input and
 * view (the one source of the TS types, the OpenAPI components and the
 * GraphQL types). Amounts are decimal strings at the token's decimals,
 * shares percentages with up to two decimals.
 */
const tokenCode = z.string().min(1).max(20);
const percent = z.string().describe('A percentage from 0 to 100 with at most two decimals, e.g. "33.33"');
const bps = z.number().int().min(0).max(10_000);

export const AllocationTargetInput = z.object({
  chain: z.string().min(1).max(40).describe('Our chain name (`base`) or its CAIP-2 id (`eip155:8453`)'),
  percent,
});

export const SetAllocationInput = z
  .object({
    token: tokenCode.describe('The token allocated, e.g. USDC'),
    targets: z.array(AllocationTargetInput).min(1).max(10).describe('Each chain once; the percentages sum to 100'),
  })
  .meta({ id: 'SetTreasuryAllocationInput', example: { token: 'USDC', targets: [{ chain: 'base', percent: '50' }, { chain: 'polygon', percent: '30' }, { chain: 'ethereum', percent: '20' }] } });
export type SetAllocationInput = z.infer<typeof SetAllocationInput>;
/** The body of PUT /treasury/allocations/{token}: the token is the path's. */
export const SetAllocationBody = SetAllocationInput.omit({ token: true }).meta({ id: 'SetTreasuryAllocationBody', example: { targets: [{ chain: 'base', percent: '50' }, { chain: 'polygon', percent: '30' }, { chain: 'ethereum', percent: '20' }] } });

export const AllocationView = z
  .strictObject({
    token: z.string(),
    targets: z.array(z.strictObject({ chain: z.string(), percent: z.string().describe('Two decimals, e.g. "50.00"') })),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({
    id: 'TreasuryAllocation',
    example: {
      token: 'USDC',
      targets: [{ chain: 'base', percent: '50.00' }, { chain: 'polygon', percent: '30.00' }, { chain: 'ethereum', percent: '20.00' }],
      created_at: '2026-03-01T09:30:00.000Z',
      updated_at: '2026-03-01T09:30:00.000Z',
    },
  });
export type AllocationView = z.infer<typeof AllocationView>;

export const RebalanceInput = z
  .object({
    token: tokenCode.describe('The token to rebalance; the team must have set its allocation'),
    account_id: z.uuid().optional().describe('Whose holdings move; the team\'s oldest active account when left out'),
    tolerance_bps: bps.optional().describe('How far a chain may stay from its target, in basis points of the total (100 = 1 %); the configured default when left out'),
    dry_run: z.boolean().optional().describe('Plan only: nothing moves (status planned)'),
  })
  .meta({ id: 'TreasuryRebalanceInput', example: { token: 'USDC', tolerance_bps: 50 } });
export type RebalanceInput = z.infer<typeof RebalanceInput>;

export const RebalanceChainView = z.strictObject({
  chain: z.string(),
  target_percent: z.string(),
  before: decimal.describe('What the account held there when planned'),
  target: decimal.describe('Its share of what the chains hold after the fees'),
  expected: decimal.describe('What it holds once every transfer arrived'),
  after: decimal.nullable().describe('What it held when the last transfer settled; null before'),
});

export const RebalanceTransferView = z.strictObject({
  source_chain: z.string(),
  destination_chain: z.string(),
  protocol: z.string().describe('The cheapest protocol carrying the pair when planned'),
  amount: decimal.describe('What leaves the source chain'),
  fee_amount: decimal,
  receive_amount: decimal.describe('amount − fee_amount: what arrives'),
  bridge_tx_id: z.uuid().nullable().describe('The bridge transfer (GET /v1/crosschain/bridge/{id}); null for a dry run'),
  status: z.string().describe('planned (dry run), or the bridge transfer\'s: pending, source_confirmed, attested, completed, failed'),
});

export const RebalanceView = z
  .strictObject({
    id: z.uuid(),
    token: z.string(),
    account_id: z.uuid(),
    status: z.enum(REBALANCE_STATUSES).describe('planned (dry run), executing, completed or failed (a transfer failed and was refunded)'),
    dry_run: z.boolean(),
    tolerance_bps: bps,
    within_tolerance_before: z.boolean().describe('Every chain was within tolerance: nothing moved'),
    within_tolerance_after: z.boolean().describe('The plan lands every chain within tolerance (always true once executing; a dry run may say false: no plan reaches the allocation)'),
    total: decimal.describe('The token across the chains when planned'),
    fee_total: decimal.describe('The bridges\' fees of the plan'),
    chains: z.array(RebalanceChainView),
    transfers: z.array(RebalanceTransferView),
    failure_reason: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({
    id: 'TreasuryRebalance',
    example: {
      id: '2b7f3a4c-9d1e-4f6a-8b2c-3d4e5f6a7b8c',
      token: 'USDC',
      account_id: '0f4e2d1c-3b5a-4c6d-8e7f-9a0b1c2d3e4f',
      status: 'executing',
      dry_run: false,
      tolerance_bps: 50,
      within_tolerance_before: false,
      within_tolerance_after: true,
      total: '1000.000000',
      fee_total: '0.004402',
      chains: [
        { chain: 'base', target_percent: '50.00', before: '0.000000', target: '499.997799', expected: '499.997799', after: null },
        { chain: 'polygon', target_percent: '30.00', before: '0.000000', target: '299.998679', expected: '299.998679', after: null },
        { chain: 'ethereum', target_percent: '20.00', before: '1000.000000', target: '199.999120', expected: '199.999120', after: null },
      ],
      transfers: [
        { source_chain: 'ethereum', destination_chain: 'base', protocol: 'wormhole', amount: '500.000000', fee_amount: '0.002201', receive_amount: '499.997799', bridge_tx_id: '7c1e2d3f-4a5b-4c6d-9e8f-0a1b2c3d4e5f', status: 'pending' },
        { source_chain: 'ethereum', destination_chain: 'polygon', protocol: 'wormhole', amount: '300.000880', fee_amount: '0.002201', receive_amount: '299.998679', bridge_tx_id: '8d2f3e4a-5b6c-4d7e-8f9a-1b2c3d4e5f6a', status: 'pending' },
      ],
      failure_reason: null,
      created_at: '2026-03-01T09:30:00.000Z',
      updated_at: '2026-03-01T09:30:00.000Z',
    },
  });
export type RebalanceView = z.infer<typeof RebalanceView>;

export const ReadRebalanceInput = z.object({ id: z.string() });
export type ReadRebalanceInput = z.infer<typeof ReadRebalanceInput>;

export const SetAllocation = token<Operation<SetAllocationInput, AllocationView>>('treasury.set-allocation');
export const ListAllocations = token<Operation<Record<string, never>, AllocationView[]>>('treasury.list-allocations');
export const Rebalance = token<Operation<RebalanceInput, RebalanceView>>('treasury.rebalance');
export const ReadRebalance = token<Operation<ReadRebalanceInput, RebalanceView>>('treasury.read-rebalance');
