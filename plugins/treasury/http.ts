import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { AllocationView, ListAllocations, ReadRebalance, Rebalance, RebalanceInput, RebalanceView, SetAllocation, SetAllocationBody } from './operations.js';

/** The OpenAPI tags the routes use, each described once. */
export const treasuryRouteTags: readonly RouteTag[] = [
  { name: 'Treasury', description: 'Target allocations of a token across chains, and rebalancing to them with the cheapest bridge transfers ([treasury.md](treasury.md)).' },
];
const tags = treasuryRouteTags.map(({ name }) => name);

/** The plugin's REST routes, as data: the HTTP adapter validates with these schemas and calls the operation. */
export const treasuryRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'PUT',
    path: '/treasury/allocations/:token',
    prefixes: ['v2'],
    access: 'write',
    params: z.object({ token: z.string().min(1).max(20) }),
    body: SetAllocationBody,
    response: AllocationView,
    operation: SetAllocation,
    summary: 'Set the target allocation of a token across chains',
    description:
      'Replaces the team’s allocation of the token: each chain once, a mainnet chain that has the token, percentages with up to two decimals summing to exactly 100. ' +
      '422 with a pointer for an unknown token or chain (unknown_token, unknown_chain), a testnet (testnet_chain), a chain listed twice (duplicate_chain), a bad percentage (invalid_percent) or a sum other than 100 (percent_sum).',
    tags,
  }),
  route({
    method: 'GET',
    path: '/treasury/allocations',
    prefixes: ['v2'],
    access: 'read',
    response: z.array(AllocationView),
    operation: ListAllocations,
    summary: 'List the team’s target allocations, by token',
    description: 'Each allocation with its chains in the order they were set and their percentages with two decimals.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/treasury/rebalances',
    prefixes: ['v2'],
    access: 'write',
    body: RebalanceInput,
    response: RebalanceView,
    status: 201,
    operation: Rebalance,
    summary: 'Rebalance a token across chains to the team’s allocation',
    description:
      'Plans the cheapest bridge transfers that bring every chain within tolerance_bps of its target (targets are shares of what remains after the fees) and starts them; ' +
      'the rebalance completes when every transfer is final (treasury.rebalance.completed or .failed). With nothing out of tolerance nothing moves (status completed); a dry run only plans (status planned). ' +
      '422 no_allocation when the team set none for the token, allocation_unreachable when no plan lands within tolerance, 404 for another team’s account_id, 409 holdings_changed when the holdings moved while planning, rebalance_in_progress while a rebalance of the same account and token is executing.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/treasury/rebalances/:id',
    prefixes: ['v2'],
    access: 'read',
    params: z.object({ id: z.string() }),
    response: RebalanceView,
    operation: ReadRebalance,
    summary: 'Read a rebalance: its plan, its bridge transfers and its result',
    description: '404 for another team’s or an unknown rebalance.',
    tags,
  }),
];
