import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import * as ops from './operations.js';

/**
 * The GCU plugin's REST routes under /api/v2, as data. Shapes are checked
 * here; amounts, compositions and business rules by the operations. Basket
 * and proposal reads are public governance data but still need a read key
 * (the spec puts an Authorization header on every call).
 */
export const gcuRouteTags: readonly RouteTag[] = [
  {
    name: 'Baskets',
    description:
      'Basket currencies: a unit is a fixed bundle of component quantities, fixed again at each rebalancing. Read their composition and value; compose units from an account\'s component assets or decompose them back, in one ledger movement each (docs/gcu.md).',
  },
  {
    name: 'Global Currency Unit',
    description:
      'The bank\'s basket currency GCU (USD, EUR, GBP, CHF, JPY, XAU): its value now and in the past from recorded hourly prices, its computed composition, and the rounding limits of composing and decomposing.',
  },
  {
    name: 'Governance',
    description:
      'Monthly votes on the GCU weights: a team votes with the GCU it held when voting started; tallies stay hidden until voting ends; the operator tables proposals and can rebalance at once.',
  },
];
const [baskets, gcu, voting] = gcuRouteTags.map(({ name }) => [name]) as [string[], string[], string[]];
const v2 = ['v2'] as const;

export const gcuRoutes: readonly RouteDeclaration[] = [
  route({ method: 'GET', path: '/baskets', prefixes: v2, access: 'read', response: z.array(ops.BasketSummaryView), operation: ops.ListBaskets, summary: 'Baskets with their weights and value', description: 'Every basket with its target weights and the current value of one unit.', tags: baskets }),
  route({
    method: 'GET',
    path: '/baskets/:basket_code',
    prefixes: v2,
    access: 'read',
    params: z.object({ basket_code: z.string().min(1).max(20) }),
    response: ops.BasketView,
    operation: ops.GetBasket,
    summary: 'Basket detail: composition, value, rebalancing, versions',
    description: 'Composition with quantities per unit and prices, value and performance, rebalancing dates, and every version with its effective time, unit value and the proposal that produced it. 404 not_found for an unknown basket_code.',
    tags: baskets,
  }),
  route({
    method: 'POST',
    path: '/accounts/:id/baskets/compose',
    prefixes: v2,
    access: 'write',
    params: ops.BasketExchangeParams,
    body: ops.BasketExchangeBody,
    response: ops.BasketExchangeView,
    operation: ops.Compose,
    operationId: 'composeBasket',
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
    params: ops.BasketExchangeParams,
    body: ops.BasketExchangeBody,
    response: ops.BasketExchangeView,
    operation: ops.Decompose,
    operationId: 'decomposeBasket',
    summary: 'Exchange basket units back for their components',
    description:
      'Burns the units and credits floor(amount × quantity per unit) of every component from the reserve, plus in USD what the rounded-off remainders are worth at current prices (rounded down to the cent: cash_in_lieu_usd), in one ledger movement. 422 rounding_cost_too_high when what rounding keeps would cost more than max_rounding_cost of the value.',
    tags: baskets,
  }),
  route({
    method: 'GET',
    path: '/gcu',
    prefixes: v2,
    access: 'read',
    response: ops.GcuView,
    operation: ops.GetGcu,
    summary: 'The GCU: value, weights, rebalancing, changes',
    description:
      'The GCU at a glance: value, version, weights and contributions, rebalancing dates, statistics (total supply, holders, 24h/7d/30d change), governance settings, active proposals, and exchange: max_rounding_cost with the minimum amounts that always compose and decompose at current prices.',
    tags: gcu,
  }),
  route({
    method: 'GET',
    path: '/gcu/composition',
    prefixes: v2,
    access: 'read',
    response: ops.CompositionView,
    operation: ops.GetComposition,
    summary: 'The GCU composition, every field computed',
    description:
      'Per component: target weight, quantity per unit (18 decimals), current price (rounded for display, with its exact twin), value contribution, realised share and 24h/7d price change; the unit value, rebalancing dates and the performance of the unit over 24h, 7d and 30d from recorded prices.',
    tags: gcu,
  }),
  route({
    method: 'GET',
    path: '/gcu/value-history',
    prefixes: v2,
    access: 'read',
    query: ops.ValueHistoryQuery,
    response: ops.ValueHistoryView,
    operation: ops.GetValueHistory,
    summary: 'Recorded unit values, one closing value per interval',
    description:
      'period 24h, 7d, 30d (default), 90d, 1y or all; interval hourly, daily (default), weekly or monthly (anything else is 422 with source.parameter). One point per bucket: its closing recorded value, the live value last, each with the change from the previous bucket; plus start and end values and the total change.',
    tags: gcu,
  }),
  route({
    method: 'GET',
    path: '/gcu/voting/proposals',
    prefixes: v2,
    access: 'read',
    query: ops.ListProposalsQuery,
    response: z.array(ops.ProposalView),
    operation: ops.ListProposals,
    summary: 'Governance proposals, newest voting window first',
    description:
      'Filter by status (upcoming, active, past). While voting is open no figure derived from voting power is shown (tallies, rates, quorum reached, provisional outcome are null); only the number of teams that voted is live. Not paginated.',
    tags: voting,
  }),
  route({
    method: 'GET',
    path: '/gcu/voting/proposals/:id',
    prefixes: v2,
    access: 'read',
    params: ops.ProposalId,
    response: ops.ProposalView,
    operation: ops.GetProposal,
    summary: 'One proposal with tallies, quorum and outcome',
    description: 'The tallies are published whole from voting_ends_at; until then amounts are null. 404 not_found for an unknown id.',
    tags: voting,
  }),
  route({
    method: 'POST',
    path: '/gcu/voting/proposals/:id/vote',
    prefixes: v2,
    access: 'write',
    params: ops.ProposalId,
    body: ops.CastVoteBody,
    response: ops.VoteView,
    operation: ops.CastVote,
    summary: "Vote with the team's GCU balance at the proposal's snapshot",
    description:
      'One vote per team and proposal; voting again (any key of the team) replaces the choice. 422 proposal_not_active outside the voting window, 422 no_voting_power without GCU at the snapshot (as of voting_starts_at); 503 holdings_busy with Retry-After when voting power is being brought up to date elsewhere. Tally amounts are null until voting ends.',
    tags: voting,
  }),
  route({
    method: 'GET',
    path: '/gcu/voting/my-votes',
    prefixes: v2,
    access: 'read',
    response: z.array(ops.MyVoteView),
    operation: ops.MyVotes,
    operationId: 'listMyVotes',
    summary: "The caller's team's votes, newest first",
    description: 'One row per proposal the team voted on: the choice, its voting power, who cast it, how often it changed, and the proposal outcome so far.',
    tags: voting,
  }),
  route({
    method: 'POST',
    path: '/admin/gcu/voting/proposals',
    prefixes: v2,
    access: 'operator',
    body: ops.CreateProposalBody,
    response: ops.ProposalView,
    status: 201,
    operation: ops.CreateProposal,
    summary: 'Table a proposal (operator)',
    description:
      'A composition proposal (weights of known non-basket assets, exact, summing to 1) or a parameter proposal (quorum or approval_threshold). Voting must start now or later and within 366 days and last at most 31 days (422 invalid_window with a pointer). Quorum and threshold are copied in at creation. Send an Idempotency-Key to retry safely.',
    tags: voting,
  }),
  route({
    method: 'POST',
    path: '/admin/gcu/rebalance',
    prefixes: v2,
    access: 'operator',
    response: ops.TickReportView,
    operation: ops.Rebalance,
    operationId: 'rebalanceGcu',
    summary: 'Close due proposals and rebalance now (operator)',
    description:
      'Whatever the calendar says: closes every proposal whose voting ended, applies the winning composition (or re-applies the current weights), fixes new quantities at current prices with the value continuous, and trades every team reserve to them. Answers what the run did; may answer 503 holdings_busy with Retry-After when another process keeps the holdings projection busy.',
    tags: voting,
  }),
];
