import { z } from 'zod';
import { route, type RouteDeclaration } from '../../kernel/contract/route.js';
import * as ops from './operations.js';

/**
 * The GCU plugin's REST routes under /api/v2, as data. Shapes are checked
 * here; amounts, compositions and business rules by the operations. Basket
 * and proposal reads are public governance data but still need a read key
 * (the spec puts an Authorization header on every call).
 */
const baskets = ['Baskets'];
const gcu = ['Global Currency Unit'];
const voting = ['Governance'];
const v2 = ['v2'] as const;

const exchangeBody = z.strictObject({
  basket_code: z.string().min(1).max(20),
  amount: z.string().describe('Decimal string of basket units at the basket precision, e.g. "100.0000"'),
});

const exchangeView = z.object({
  account_uuid: z.string(),
  basket_code: z.string(),
  direction: z.enum(['compose', 'decompose']),
  basket_amount: z.string(),
  components: z.record(z.string(), z.string()).describe('asset code → amount debited (compose) or credited (decompose)'),
  cash_in_lieu_usd: z.string().describe('USD credited (decompose) for what the components were worth below their minor units, rounded down to the cent; "0.00" on compose'),
  basket_version: z.number().int(),
  movement_uuid: z.string(),
  value_usd: z.string().describe('USD value of the basket units at current prices, 8 decimals'),
  rounding_cost_usd: z.string().describe('USD value of what rounding the components to whole minor units took from the customer, 8 decimals'),
  completed_at: z.string(),
});
const hiddenUntilEnd = (text: string) => z.string().nullable().describe(`${text}; null until voting ends (a running total would show each vote's power)`);
const tallies = z.object({
  for: hiddenUntilEnd('GCU of voting power for'),
  against: hiddenUntilEnd('GCU of voting power against'),
  abstain: hiddenUntilEnd('GCU of voting power abstaining'),
  total_votes_cast: hiddenUntilEnd('for + against + abstain'),
  voters: z.number().int().describe('teams that voted (shown live)'),
});
const voteView = z.object({
  proposal_id: z.string(),
  vote: z.enum(['for', 'against', 'abstain']),
  voting_power: z.string().describe("GCU held by the caller's team at the snapshot"),
  snapshot_at: z.string(),
  replaced: z.enum(['for', 'against', 'abstain']).nullable(),
  voted_at: z.string(),
  tallies,
});
const historyView = z.object({
  basket_code: z.string(),
  period: z.string(),
  interval: z.string(),
  start_value: z.number(),
  end_value: z.number(),
  total_change: z.number(),
  total_change_percent: z.number(),
  points: z.array(z.object({ timestamp: z.string(), sampled_at: z.string(), value: z.number(), value_decimal: z.string(), change: z.number() })),
});

export const gcuRoutes: readonly RouteDeclaration[] = [
  route({ method: 'GET', path: '/baskets', prefixes: v2, access: 'read', operation: ops.ListBaskets, summary: 'Baskets with their weights and value', tags: baskets }),
  route({
    method: 'GET',
    path: '/baskets/:basket_code',
    prefixes: v2,
    access: 'read',
    params: z.object({ basket_code: z.string().min(1).max(20) }),
    operation: ops.GetBasket,
    summary: 'Basket detail: composition, value, rebalancing, versions',
    tags: baskets,
  }),
  route({
    method: 'POST',
    path: '/accounts/:id/baskets/compose',
    prefixes: v2,
    access: 'write',
    params: z.object({ id: z.string().min(1).max(100) }),
    body: exchangeBody,
    response: exchangeView,
    operation: ops.Compose,
    summary: 'Exchange component assets for basket units',
    description:
      'Debits ceil(amount × quantity per unit) of every component and credits the units, in one ledger movement. 422 insufficient_funds (nothing moves) when a component is short; 422 rounding_cost_too_high when rounding would cost more than max_rounding_cost of the value (GET /gcu shows the minimum amount that always passes).',
    tags: baskets,
  }),
  route({
    method: 'POST',
    path: '/accounts/:id/baskets/decompose',
    prefixes: v2,
    access: 'write',
    params: z.object({ id: z.string().min(1).max(100) }),
    body: exchangeBody,
    response: exchangeView,
    operation: ops.Decompose,
    summary: 'Exchange basket units back for their components',
    description:
      'Burns the units and credits floor(amount × quantity per unit) of every component from the reserve, plus in USD what the rounded-off remainders are worth at current prices (rounded down to the cent: cash_in_lieu_usd), in one ledger movement. 422 rounding_cost_too_high when what rounding keeps would cost more than max_rounding_cost of the value.',
    tags: baskets,
  }),
  route({ method: 'GET', path: '/gcu', prefixes: v2, access: 'read', operation: ops.GetGcu, summary: 'The GCU: value, weights, rebalancing, changes', tags: gcu }),
  route({ method: 'GET', path: '/gcu/composition', prefixes: v2, access: 'read', operation: ops.GetComposition, summary: 'The GCU composition, every field computed', tags: gcu }),
  route({
    method: 'GET',
    path: '/gcu/value-history',
    prefixes: v2,
    access: 'read',
    query: z.object({ period: z.string().optional().describe('24h, 7d, 30d (default), 90d, 1y, all'), interval: z.string().optional().describe('hourly, daily (default), weekly, monthly') }),
    response: historyView,
    operation: ops.GetValueHistory,
    summary: 'Recorded unit values, one closing value per interval',
    tags: gcu,
  }),
  route({
    method: 'GET',
    path: '/gcu/voting/proposals',
    prefixes: v2,
    access: 'read',
    query: z.object({ status: z.string().optional().describe('active, upcoming or past') }),
    operation: ops.ListProposals,
    summary: 'Governance proposals, newest voting window first',
    tags: voting,
  }),
  route({
    method: 'GET',
    path: '/gcu/voting/proposals/:id',
    prefixes: v2,
    access: 'read',
    params: z.object({ id: z.string().min(1).max(100) }),
    operation: ops.GetProposal,
    summary: 'One proposal with tallies, quorum and outcome',
    tags: voting,
  }),
  route({
    method: 'POST',
    path: '/gcu/voting/proposals/:id/vote',
    prefixes: v2,
    access: 'write',
    params: z.object({ id: z.string().min(1).max(100) }),
    body: z.strictObject({ vote: z.enum(['for', 'against', 'abstain']) }),
    response: voteView,
    operation: ops.CastVote,
    summary: "Vote with the team's GCU balance at the proposal's snapshot",
    description:
      'One vote per team and proposal; voting again (any key of the team) replaces the choice. 422 proposal_not_active outside the voting window, 422 no_voting_power without GCU at the snapshot (as of voting_starts_at); 503 holdings_busy with Retry-After when voting power is being brought up to date elsewhere. Tally amounts are null until voting ends.',
    tags: voting,
  }),
  route({ method: 'GET', path: '/gcu/voting/my-votes', prefixes: v2, access: 'read', operation: ops.MyVotes, summary: "The caller's team's votes, newest first", tags: voting }),
  route({
    method: 'POST',
    path: '/admin/gcu/voting/proposals',
    prefixes: v2,
    access: 'operator',
    body: z.strictObject({
      title: z.string().min(1).max(200),
      description: z.string().max(5000).optional(),
      kind: z.enum(['composition', 'parameter']).optional(),
      proposed_composition: z.record(z.string(), z.string()).optional(),
      parameter: z.strictObject({ name: z.string(), value: z.string() }).optional(),
      voting_starts_at: z.string(),
      voting_ends_at: z.string(),
    }),
    status: 201,
    operation: ops.CreateProposal,
    summary: 'Table a proposal (operator)',
    tags: voting,
  }),
  route({ method: 'POST', path: '/admin/gcu/rebalance', prefixes: v2, access: 'operator', operation: ops.Rebalance, summary: 'Close due proposals and rebalance now (operator)', tags: voting }),
];
