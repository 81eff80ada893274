import { z } from 'zod';
import { eventType } from '../../kernel/public.js';

/**
 * The GCU plugin's events. The spec's webhook table has no basket or
 * governance group, so these add two groups. Bank-wide events (a proposal, a
 * rebalancing) carry an empty team id; team events (compose, decompose, a
 * vote, a reserve rebalancing) carry the team's id. Amounts are decimal
 * strings, weights decimal fractions, times ISO 8601 UTC.
 */
const composition = z.record(z.string(), z.string()).describe('asset code → weight (decimal fraction)');
const amounts = z.record(z.string(), z.string()).describe('asset code → decimal amount');

const basketMovement = z.object({
  account_uuid: z.string(),
  basket_code: z.string(),
  basket_amount: z.string(),
  components: amounts,
  cash_in_lieu_usd: z.string().describe('USD paid (decompose) for the components\' remainders below their minor units; "0.00" on compose'),
  basket_version: z.number(),
  movement_uuid: z.string(),
});

const proposalPayload = z.object({
  proposal_id: z.string(),
  basket_code: z.string(),
  kind: z.enum(['composition', 'parameter']),
  title: z.string(),
  proposed_composition: composition.nullable(),
  voting_starts_at: z.string(),
  voting_ends_at: z.string(),
});

const tallyPayload = z.object({
  votes_for: z.string(),
  votes_against: z.string(),
  votes_abstain: z.string(),
  total_votes_cast: z.string(),
  eligible_supply: z.string(),
});

const basket = { version: 1, group: 'Basket', webhook: true } as const;
const governance = { version: 1, group: 'Governance', webhook: true } as const;

export const gcuEvents = [
  eventType({
    ...basket,
    name: 'basket.created',
    payload: z.object({ basket_code: z.string(), composition, unit_value_usd: z.string() }),
    description: 'A basket was defined (the GCU on first start).',
    emittedBy: 'plugin start',
  }),
  eventType({
    ...basket,
    name: 'basket.composed',
    payload: basketMovement,
    description: 'Component assets were exchanged for basket units on an account.',
    emittedBy: 'POST /accounts/{id}/baskets/compose, GraphQL composeBasket',
  }),
  eventType({
    ...basket,
    name: 'basket.decomposed',
    payload: basketMovement,
    description: 'Basket units were exchanged back for their component assets.',
    emittedBy: 'POST /accounts/{id}/baskets/decompose, GraphQL decomposeBasket',
  }),
  eventType({
    ...basket,
    name: 'basket.rebalanced',
    payload: z.object({
      basket_code: z.string(),
      version: z.number(),
      previous_composition: composition,
      composition,
      unit_value_usd: z.string(),
      proposal_id: z.string().nullable(),
      next_rebalance: z.string(),
    }),
    description: 'The basket took new target weights (the winning proposal, or the same weights to undo drift); quantities per unit were reset at current prices.',
    emittedBy: 'the monthly rebalancing: scheduler tick, CLI gcu tick / gcu rebalance, POST /admin/gcu/rebalance',
  }),
  eventType({
    ...basket,
    name: 'basket.reserve_rebalanced',
    payload: z.object({ basket_code: z.string(), version: z.number(), outstanding_units: z.string(), trades: amounts, movement_uuid: z.string().nullable() }),
    description: "A team's basket reserve was traded to the new quantities after a rebalancing (against system:basket-rebalance).",
    emittedBy: 'the rebalancing, or the first compose/decompose after it',
  }),
  eventType({
    ...governance,
    name: 'governance.proposal_created',
    payload: proposalPayload.extend({ created_by: z.string() }),
    description: 'A proposal was created (the automatic monthly one, or by an operator).',
    emittedBy: 'scheduler tick, CLI gcu tick, POST /admin/gcu/voting/proposals, CLI gcu proposals create',
  }),
  eventType({
    ...governance,
    name: 'governance.vote_cast',
    payload: z.object({ proposal_id: z.string(), vote: z.enum(['for', 'against', 'abstain']), voting_power: z.string(), replaced: z.string().nullable(), user_id: z.string() }),
    description: "A team's vote was recorded (replaced says which earlier choice it replaced).",
    emittedBy: 'POST /gcu/voting/proposals/{id}/vote, GraphQL castGcuVote',
  }),
  eventType({
    ...governance,
    name: 'governance.snapshot_taken',
    payload: z.object({ proposal_id: z.string(), snapshot_at: z.string(), eligible_supply: z.string(), holders: z.number() }),
    description: "Voting opened: every team's GCU as of voting_starts_at (snapshot_at) was recorded as its voting power for this proposal.",
    emittedBy: 'the first scheduler tick or vote at or after voting_starts_at',
  }),
  eventType({
    ...governance,
    name: 'governance.proposal_closed',
    payload: proposalPayload.extend({ outcome: z.enum(['passed', 'rejected', 'no_quorum']), tally: tallyPayload }),
    description: 'Voting ended; the tally is frozen and the outcome recorded.',
    emittedBy: 'scheduler tick after voting_ends_at, CLI gcu tick / gcu rebalance, POST /admin/gcu/rebalance',
  }),
  eventType({
    ...governance,
    name: 'governance.parameter_changed',
    payload: z.object({ proposal_id: z.string(), parameter: z.string(), previous_value: z.string(), value: z.string() }),
    description: 'A passed parameter proposal changed a governance setting.',
    emittedBy: 'when a parameter proposal closes as passed (same commit as governance.proposal_closed)',
  }),
];
