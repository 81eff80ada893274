import { eventType } from '../../kernel/public.js';
import { agentView, endpointView, paymentView, teamLimitsView } from './operations.js';

/** Every state change of the x402 module commits with one of these. */
export const EndpointCreated = eventType({
  name: 'x402.endpoint.created',
  version: 1,
  group: 'Micropayments (x402)',
  description: 'A team monetized a path: calls to it now pay the price.',
  emittedBy: 'POST /x402/endpoints',
  payload: endpointView,
  webhook: true,
});

export const EndpointUpdated = eventType({
  name: 'x402.endpoint.updated',
  version: 1,
  group: 'Micropayments (x402)',
  description: 'A monetized path’s price, network, asset or description changed.',
  emittedBy: 'PATCH /x402/endpoints/{id}',
  payload: endpointView,
  webhook: true,
});

export const EndpointDeleted = eventType({
  name: 'x402.endpoint.deleted',
  version: 1,
  group: 'Micropayments (x402)',
  description: 'A path is no longer monetized: calls to it are free again.',
  emittedBy: 'DELETE /x402/endpoints/{id}',
  payload: endpointView,
  webhook: true,
});

export const PaymentSettled = eventType({
  name: 'x402.payment.settled',
  version: 1,
  group: 'Micropayments (x402)',
  description: 'A payment was settled: the payer’s tokens moved to the receiving account’s custody address and the account was credited.',
  emittedBy: 'a paid call of a monetized path, POST /x402/facilitator/settle',
  payload: paymentView,
  webhook: true,
});

export const PaymentMade = eventType({
  name: 'x402.payment.made',
  version: 1,
  group: 'Micropayments (x402)',
  description: 'A payment the team made with POST /x402/pay was settled (its custody tokens paid the URL’s receiver) or failed (its spending was given back).',
  emittedBy: 'POST /x402/pay, the recovery of payments left verified',
  payload: paymentView,
  webhook: true,
});

export const SpendingLimitsSet = eventType({
  name: 'x402.spending_limits.set',
  version: 1,
  group: 'Micropayments (x402)',
  description: 'The team’s spending limits for paying x402 URLs changed.',
  emittedBy: 'PUT /x402/spending-limits',
  payload: teamLimitsView,
  webhook: true,
});

export const AgentUpdated = eventType({
  name: 'x402.agent.updated',
  version: 1,
  group: 'Micropayments (x402)',
  description: 'An API key or session was marked as an agent, or its name or limits changed.',
  emittedBy: 'PUT /x402/agents/{api_key_id}',
  payload: agentView,
  webhook: true,
});

export const AgentRemoved = eventType({
  name: 'x402.agent.removed',
  version: 1,
  group: 'Micropayments (x402)',
  description: 'A key is no agent any more: its payments count against the team’s limits only.',
  emittedBy: 'DELETE /x402/agents/{api_key_id}',
  payload: agentView,
  webhook: true,
});

export const x402Events = [EndpointCreated, EndpointUpdated, EndpointDeleted, PaymentSettled, PaymentMade, SpendingLimitsSet, AgentUpdated, AgentRemoved];
