import { z } from 'zod';
import { route, type RouteDeclaration } from '../../kernel/public.js';
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

export const gcuRoutes: readonly RouteDeclaration[] = [
  route({ method: 'GET', path: '/baskets', prefixes: v2, access: 'read', response: z.array(ops.BasketSummaryView), operation: ops.ListBaskets, summary: 'Baskets with their weights and value', tags: baskets }),
  route({
    method: 'GET',
    path: '/baskets/:basket_code',
    prefixes: v2,
    access: 'read',
    params: z.object({ basket_code: z.string().min(1).max(20) }),
    response: ops.BasketView,
    operation: ops.GetBasket,
    summary: 'Basket detail: composition, value, rebalancing, versions',
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
  route({ method: 'GET', path: '/gcu', prefixes: v2, access: 'read', response: ops.GcuView, operation: ops.GetGcu, summary: 'The GCU: value, weights, rebalancing, changes', tags: gcu }),
  route({
    method: 'GET',
    path: '/gcu/composition',
    prefixes: v2,
    access: 'read',
    response: ops.CompositionView,
    operation: ops.GetComposition,
    summary: 'The GCU composition, every field computed',
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
  route({ method: 'GET', path: '/gcu/voting/my-votes', prefixes: v2, access: 'read', response: z.array(ops.MyVoteView), operation: ops.MyVotes, operationId: 'listMyVotes', summary: "The caller's team's votes, newest first", tags: voting }),
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
    tags: voting,
  }),
  route({ method: 'POST', path: '/admin/gcu/rebalance', prefixes: v2, access: 'operator', response: ops.TickReportView, operation: ops.Rebalance, operationId: 'rebalanceGcu', summary: 'Close due proposals and rebalance now (operator)', tags: voting }),
];
