import { z } from 'zod';
import { decimal, timestamp, token, type Operation } from '../../kernel/public.js';

/**
 * The GCU plugin's operations, shared by REST, the CLI and GraphQL, and the
 * zod schema of every input and view: the one source of the TS types
 * (`z.infer`), the OpenAPI components and the GraphQL types' fields.
 * Numbers are for display, rounded from exact fractions; each has an exact
 * decimal-string twin (`*_decimal`) where money or weights are concerned.
 */
const GCU = 'GCU';
const weight = z.string().describe('Weight as an exact decimal fraction, e.g. "0.4"');
const weights = z.record(z.string(), weight).describe('asset code → weight as an exact decimal fraction');
const VOTE = z.enum(['for', 'against', 'abstain']);
const OUTCOME = z.enum(['pending', 'passed', 'rejected', 'no_quorum']);
const PROPOSAL_STATUS = z.enum(['upcoming', 'active', 'past']);

const REBALANCING_EXAMPLE = { frequency: 'monthly', last_rebalanced: '2026-01-01T00:00:00.000Z', next_rebalance: '2026-02-01T00:00:00.000Z', automatic: true } as const;
export const RebalancingView = z
  .strictObject({ frequency: z.literal('monthly'), last_rebalanced: timestamp.nullable(), next_rebalance: timestamp, automatic: z.boolean() })
  .meta({ id: 'BasketRebalancing', example: REBALANCING_EXAMPLE });

const COMPONENT_EXAMPLE = {
  asset_code: 'USD',
  asset_name: 'US Dollar',
  asset_type: 'fiat',
  weight: 0.4,
  weight_decimal: '0.4',
  quantity_per_unit: '0.440000000000000000',
  current_price_usd: 1,
  current_price_usd_decimal: '1.00',
  value_contribution_usd: 0.44,
  percentage_of_basket: 40,
  '24h_change': 0,
  '7d_change': 0,
} as const;
const PERFORMANCE_EXAMPLE = {
  '24h_change_usd': 0.0012,
  '24h_change_percent': 0.11,
  '7d_change_usd': -0.0031,
  '7d_change_percent': -0.28,
  '30d_change_usd': 0.0105,
  '30d_change_percent': 0.96,
} as const;

export const CompositionView = z
  .strictObject({
    basket_code: z.string(),
    last_updated: timestamp,
    total_value_usd: z.number(),
    total_value_usd_decimal: decimal,
    composition: z.array(
      z.strictObject({
        asset_code: z.string(),
        asset_name: z.string(),
        asset_type: z.string(),
        weight: z.number().describe('Target weight as a fraction'),
        weight_decimal: weight,
        quantity_per_unit: decimal.describe('Quantity of the asset in one unit, 18 decimals'),
        current_price_usd: z.number().describe('Rounded to 6 decimals for display; current_price_usd_decimal is exact'),
        current_price_usd_decimal: decimal,
        value_contribution_usd: z.number(),
        percentage_of_basket: z.number(),
        '24h_change': z.number().describe('Percent'),
        '7d_change': z.number().describe('Percent'),
      }),
    ),
    rebalancing: RebalancingView,
    performance: z.strictObject({
      '24h_change_usd': z.number(),
      '24h_change_percent': z.number(),
      '7d_change_usd': z.number(),
      '7d_change_percent': z.number(),
      '30d_change_usd': z.number(),
      '30d_change_percent': z.number(),
    }),
  })
  .meta({
    id: 'BasketComposition',
    description: 'A basket’s composition with every field computed.',
    example: {
      basket_code: GCU,
      last_updated: '2026-01-15T09:30:00.000Z',
      total_value_usd: 1.1,
      total_value_usd_decimal: '1.10000000',
      composition: [COMPONENT_EXAMPLE],
      rebalancing: REBALANCING_EXAMPLE,
      performance: PERFORMANCE_EXAMPLE,
    },
  });
export type CompositionView = z.infer<typeof CompositionView>;

const BASKET_HEAD = { code: GCU, name: 'Global Currency Unit', symbol: 'Ǥ', description: 'A basket of currencies and gold, rebalanced monthly by its holders.' } as const;
const basketHead = {
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  description: z.string(),
  type: z.literal('dynamic'),
  is_active: z.boolean(),
  version: z.number().int(),
  value_usd: z.number(),
  value_usd_decimal: decimal,
};

export const BasketSummaryView = z
  .strictObject({
    ...basketHead,
    components: z.array(z.strictObject({ asset_code: z.string(), asset_name: z.string(), weight: z.number(), weight_decimal: weight })),
    rebalancing: RebalancingView,
  })
  .meta({
    id: 'BasketSummary',
    description: 'A basket with its weights and value.',
    example: {
      ...BASKET_HEAD,
      type: 'dynamic',
      is_active: true,
      version: 3,
      value_usd: 1.1,
      value_usd_decimal: '1.10000000',
      components: [{ asset_code: 'USD', asset_name: 'US Dollar', weight: 0.4, weight_decimal: '0.4' }],
      rebalancing: REBALANCING_EXAMPLE,
    },
  });
export type BasketSummaryView = z.infer<typeof BasketSummaryView>;

export const BasketView = z
  .strictObject({
    ...basketHead,
    created_at: timestamp,
    last_updated: timestamp,
    composition: CompositionView.shape.composition,
    rebalancing: RebalancingView,
    performance: CompositionView.shape.performance,
    versions: z.array(
      z.strictObject({ version: z.number().int(), effective_at: timestamp, unit_value_usd: decimal, proposal_id: z.string().nullable() }),
    ),
  })
  .meta({
    id: 'Basket',
    description: 'Basket detail: composition, value, rebalancing, versions.',
    example: {
      ...BASKET_HEAD,
      type: 'dynamic',
      is_active: true,
      version: 3,
      created_at: '2025-11-01T00:00:00.000Z',
      last_updated: '2026-01-15T09:30:00.000Z',
      value_usd: 1.1,
      value_usd_decimal: '1.10000000',
      composition: [COMPONENT_EXAMPLE],
      rebalancing: REBALANCING_EXAMPLE,
      performance: PERFORMANCE_EXAMPLE,
      versions: [{ version: 3, effective_at: '2026-01-01T00:00:00.000Z', unit_value_usd: '1.09876543', proposal_id: '7c1e3a5b-9d2f-4b6a-8e0c-2a4b6c8d0e1f' }],
    },
  });
export type BasketView = z.infer<typeof BasketView>;

export const GcuView = z
  .strictObject({
    code: z.string(),
    name: z.string(),
    symbol: z.string(),
    current_value: z.number(),
    current_value_decimal: decimal,
    value_currency: z.literal('USD'),
    version: z.number().int(),
    last_rebalanced: timestamp.nullable(),
    next_rebalance: timestamp,
    composition: z.array(z.strictObject({ asset_code: z.string(), asset_name: z.string(), weight: z.number(), value_contribution: z.number() })),
    statistics: z.strictObject({
      total_supply: decimal.describe('Units outstanding across all teams, exact from the reserve records'),
      holders_count: z.number().int().describe('Teams holding GCU per the holdings projection'),
      '24h_change': z.number(),
      '7d_change': z.number(),
      '30d_change': z.number(),
    }),
    governance: z.strictObject({ quorum: z.number(), approval_threshold: z.number(), active_proposals: z.array(z.string()) }),
    exchange: z
      .strictObject({ max_rounding_cost: weight, minimum_compose: decimal, minimum_decompose: decimal })
      .describe('The rounding limits of compose and decompose at current prices'),
  })
  .meta({
    id: 'Gcu',
    description: 'The GCU at a glance; GET /gcu/composition has the full breakdown.',
    example: {
      code: GCU,
      name: BASKET_HEAD.name,
      symbol: BASKET_HEAD.symbol,
      current_value: 1.1,
      current_value_decimal: '1.10000000',
      value_currency: 'USD',
      version: 3,
      last_rebalanced: REBALANCING_EXAMPLE.last_rebalanced,
      next_rebalance: REBALANCING_EXAMPLE.next_rebalance,
      composition: [{ asset_code: 'USD', asset_name: 'US Dollar', weight: 0.4, value_contribution: 0.44 }],
      statistics: { total_supply: '125000.0000', holders_count: 42, '24h_change': 0.11, '7d_change': -0.28, '30d_change': 0.96 },
      governance: { quorum: 0.1, approval_threshold: 0.5, active_proposals: [] },
      exchange: { max_rounding_cost: '0.01', minimum_compose: '0.0100', minimum_decompose: '1.8182' },
    },
  });
export type GcuView = z.infer<typeof GcuView>;

export const ValueHistoryQuery = z.object({
  period: z.string().optional().describe('24h, 7d, 30d (default), 90d, 1y, all'),
  interval: z.string().optional().describe('hourly, daily (default), weekly, monthly'),
});
export type ValueHistoryInput = z.infer<typeof ValueHistoryQuery>;

export const ValueHistoryView = z
  .strictObject({
    basket_code: z.string(),
    period: z.string(),
    interval: z.string(),
    start_value: z.number(),
    end_value: z.number(),
    total_change: z.number(),
    total_change_percent: z.number(),
    points: z.array(
      z.strictObject({ timestamp, sampled_at: timestamp, value: z.number(), value_decimal: decimal, change: z.number().describe('Percent change from the previous point') }),
    ),
  })
  .meta({
    id: 'ValueHistory',
    description: 'Recorded unit values, one closing value per interval, ending with the live value.',
    example: {
      basket_code: GCU,
      period: '30d',
      interval: 'daily',
      start_value: 1.0895,
      end_value: 1.1,
      total_change: 0.0105,
      total_change_percent: 0.96,
      points: [{ timestamp: '2026-01-15T00:00:00.000Z', sampled_at: '2026-01-15T09:30:00.000Z', value: 1.1, value_decimal: '1.10000000', change: 0.11 }],
    },
  });
export type ValueHistoryView = z.infer<typeof ValueHistoryView>;

export const BasketExchangeParams = z.object({ id: z.string().min(1).max(100) });
export const BasketExchangeBody = z
  .strictObject({
    basket_code: z.string().min(1).max(20),
    amount: z.string().describe('Decimal string of basket units at the basket precision, e.g. "100.0000"'),
  })
  .meta({ id: 'BasketExchangeRequest', example: { basket_code: GCU, amount: '100.0000' } });
export type BasketExchangeInput = z.infer<typeof BasketExchangeParams> & z.infer<typeof BasketExchangeBody>;

export const BasketExchangeView = z
  .strictObject({
    account_uuid: z.string(),
    basket_code: z.string(),
    direction: z.enum(['compose', 'decompose']),
    basket_amount: decimal,
    components: z.record(z.string(), decimal).describe('asset code → amount debited (compose) or credited (decompose)'),
    cash_in_lieu_usd: decimal.describe('USD credited (decompose) for what the components were worth below their minor units, rounded down to the cent; "0.00" on compose'),
    basket_version: z.number().int(),
    movement_uuid: z.string(),
    value_usd: decimal.describe('USD value of the basket units at current prices, 8 decimals'),
    rounding_cost_usd: decimal.describe('USD value of what rounding the components to whole minor units took from the customer, 8 decimals'),
    completed_at: timestamp,
  })
  .meta({
    id: 'BasketExchange',
    description: 'A compose or decompose, one ledger movement.',
    example: {
      account_uuid: '6f1c2a9e-4b7d-4c3e-9a51-2d8e7f0b1c34',
      basket_code: GCU,
      direction: 'compose',
      basket_amount: '100.0000',
      components: { USD: '44.00', EUR: '30.44', XAU: '0.012' },
      cash_in_lieu_usd: '0.00',
      basket_version: 3,
      movement_uuid: '2e4a6c8e-0b1d-4f3a-9c5e-7a9b1d3f5e7a',
      value_usd: '110.00000000',
      rounding_cost_usd: '0.00412000',
      completed_at: '2026-01-15T09:33:00.000Z',
    },
  });
export type BasketExchangeView = z.infer<typeof BasketExchangeView>;

const hiddenUntilEnd = (text: string) => decimal.nullable().describe(`${text}; null until voting ends (a running total would show each vote's power)`);
const TalliesView = z.strictObject({
  for: hiddenUntilEnd('GCU of voting power for'),
  against: hiddenUntilEnd('GCU of voting power against'),
  abstain: hiddenUntilEnd('GCU of voting power abstaining'),
  total_votes_cast: hiddenUntilEnd('for + against + abstain'),
  voters: z.number().int().describe('teams that voted (shown live)'),
});
const TALLIES_EXAMPLE = { for: null, against: null, abstain: null, total_votes_cast: null, voters: 7 } as const;
const PROPOSAL_ID = '7c1e3a5b-9d2f-4b6a-8e0c-2a4b6c8d0e1f';

export const ProposalView = z
  .strictObject({
    id: z.string(),
    basket_code: z.string(),
    kind: z.enum(['composition', 'parameter']),
    title: z.string(),
    description: z.string(),
    period: z.string().nullable(),
    proposed_composition: weights.nullable(),
    current_composition: weights.nullable(),
    parameter: z.strictObject({ name: z.string(), value: z.string() }).nullable(),
    status: PROPOSAL_STATUS,
    is_voting_active: z.boolean(),
    voting_starts_at: timestamp,
    voting_ends_at: timestamp,
    snapshot_at: timestamp,
    snapshot_taken: z.boolean(),
    tallies_published: z.boolean(),
    tallies: TalliesView,
    quorum: z.strictObject({
      required_fraction: weight,
      eligible_supply: decimal.nullable(),
      required_votes: decimal,
      reached: z.boolean().nullable(),
    }),
    approval_threshold: weight,
    participation_rate: z.number().nullable(),
    approval_rate: z.number().nullable(),
    outcome: OUTCOME,
    provisional_outcome: OUTCOME.nullable(),
    approved_so_far: z.boolean().nullable(),
    closed_at: timestamp.nullable(),
    applied_at: timestamp.nullable(),
    created_by: z.string(),
    created_at: timestamp,
  })
  .meta({
    id: 'Proposal',
    description: 'A governance proposal; figures derived from voting power are null until voting ends (docs/gcu.md).',
    example: {
      id: PROPOSAL_ID,
      basket_code: GCU,
      kind: 'composition',
      title: 'GCU weights for February 2026',
      description: 'Monthly rebalancing vote.',
      period: '2026-02',
      proposed_composition: { USD: '0.4', EUR: '0.3', GBP: '0.1', CHF: '0.1', XAU: '0.1' },
      current_composition: { USD: '0.4', EUR: '0.3', GBP: '0.15', CHF: '0.05', XAU: '0.1' },
      parameter: null,
      status: 'active',
      is_voting_active: true,
      voting_starts_at: '2026-01-20T00:00:00.000Z',
      voting_ends_at: '2026-01-27T00:00:00.000Z',
      snapshot_at: '2026-01-20T00:00:00.000Z',
      snapshot_taken: true,
      tallies_published: false,
      tallies: TALLIES_EXAMPLE,
      quorum: { required_fraction: '0.1', eligible_supply: '125000.0000', required_votes: '12500.0000', reached: null },
      approval_threshold: '0.5',
      participation_rate: null,
      approval_rate: null,
      outcome: 'pending',
      provisional_outcome: null,
      approved_so_far: null,
      closed_at: null,
      applied_at: null,
      created_by: 'system',
      created_at: '2026-01-13T00:00:00.000Z',
    },
  });
export type ProposalView = z.infer<typeof ProposalView>;

export const ListProposalsQuery = z.object({ status: z.string().optional().describe('active, upcoming or past') });
export type ListProposalsInput = z.infer<typeof ListProposalsQuery>;

export const ProposalId = z.object({ id: z.string().min(1).max(100) });
export type ProposalIdInput = z.infer<typeof ProposalId>;

export const CastVoteBody = z.strictObject({ vote: VOTE }).meta({ id: 'CastVoteRequest', example: { vote: 'for' } });
export type CastVoteInput = ProposalIdInput & z.infer<typeof CastVoteBody>;

export const VoteView = z
  .strictObject({
    proposal_id: z.string(),
    vote: VOTE,
    voting_power: decimal.describe("GCU held by the caller's team at the snapshot"),
    snapshot_at: timestamp,
    replaced: VOTE.nullable(),
    voted_at: timestamp,
    tallies: TalliesView,
  })
  .meta({
    id: 'Vote',
    description: 'A vote cast (or replaced) with the proposal’s tallies as published.',
    example: {
      proposal_id: PROPOSAL_ID,
      vote: 'for',
      voting_power: '1250.0000',
      snapshot_at: '2026-01-20T00:00:00.000Z',
      replaced: null,
      voted_at: '2026-01-21T10:00:00.000Z',
      tallies: TALLIES_EXAMPLE,
    },
  });
export type VoteView = z.infer<typeof VoteView>;

export const MyVoteView = z
  .strictObject({
    proposal_id: z.string(),
    proposal_title: z.string(),
    proposal_status: PROPOSAL_STATUS,
    vote: VOTE,
    voting_power: decimal,
    voted_at: timestamp,
    voted_by: z.string(),
    changes: z.number().int().describe('Times the team changed its vote'),
    outcome: OUTCOME,
  })
  .meta({
    id: 'MyVote',
    description: 'One of the caller’s team’s votes, with the outcome as the proposal shows it.',
    example: {
      proposal_id: PROPOSAL_ID,
      proposal_title: 'GCU weights for February 2026',
      proposal_status: 'active',
      vote: 'for',
      voting_power: '1250.0000',
      voted_at: '2026-01-21T10:00:00.000Z',
      voted_by: '1b3d5f7a-9c2e-4a6b-8d0f-2e4a6c8e0b1d',
      changes: 0,
      outcome: 'pending',
    },
  });
export type MyVoteView = z.infer<typeof MyVoteView>;

export const CreateProposalBody = z
  .strictObject({
    title: z.string().min(1).max(200),
    description: z.string().max(5000).optional(),
    kind: z.enum(['composition', 'parameter']).optional(),
    proposed_composition: z.record(z.string(), z.string()).optional(),
    parameter: z.strictObject({ name: z.string(), value: z.string() }).optional(),
    voting_starts_at: z.string(),
    voting_ends_at: z.string(),
  })
  .meta({
    id: 'CreateProposalRequest',
    example: {
      title: 'Add more gold',
      kind: 'composition',
      proposed_composition: { USD: '0.35', EUR: '0.3', GBP: '0.1', CHF: '0.1', XAU: '0.15' },
      voting_starts_at: '2026-01-20T00:00:00Z',
      voting_ends_at: '2026-01-27T00:00:00Z',
    },
  });
export type CreateProposalInput = z.infer<typeof CreateProposalBody>;

export const TickReportView = z
  .strictObject({
    at: timestamp,
    prices_recorded: z.number().int(),
    proposal_created: z.string().nullable(),
    rebalanced_to_version: z.number().int().nullable(),
    reserves_synced: z.number().int(),
  })
  .meta({
    id: 'GovernanceTick',
    description: 'What one run of the governance tick did.',
    example: { at: '2026-02-01T00:00:00.000Z', prices_recorded: 5, proposal_created: null, rebalanced_to_version: 4, reserves_synced: 5 },
  });
export type TickReport = z.infer<typeof TickReportView>;

type NoInput = Record<string, never>;

export const ListBaskets = token<Operation<NoInput, BasketSummaryView[]>>('gcu.list-baskets');
export const GetBasket = token<Operation<{ basket_code: string }, BasketView>>('gcu.get-basket');
export const GetGcu = token<Operation<NoInput, GcuView>>('gcu.get-gcu');
export const GetComposition = token<Operation<NoInput, CompositionView>>('gcu.get-composition');
export const GetValueHistory = token<Operation<ValueHistoryInput, ValueHistoryView>>('gcu.get-value-history');
export const Compose = token<Operation<BasketExchangeInput, BasketExchangeView>>('gcu.compose');
export const Decompose = token<Operation<BasketExchangeInput, BasketExchangeView>>('gcu.decompose');
export const ListProposals = token<Operation<ListProposalsInput, ProposalView[]>>('gcu.list-proposals');
export const GetProposal = token<Operation<ProposalIdInput, ProposalView>>('gcu.get-proposal');
export const CastVote = token<Operation<CastVoteInput, VoteView>>('gcu.cast-vote');
export const MyVotes = token<Operation<NoInput, MyVoteView[]>>('gcu.my-votes');
export const CreateProposal = token<Operation<CreateProposalInput, ProposalView>>('gcu.create-proposal');
export const RunTick = token<Operation<{ startOnly?: boolean }, TickReport>>('gcu.run-tick');
export const Rebalance = token<Operation<NoInput, TickReport>>('gcu.rebalance');
