import { eventType } from '../../kernel/public.js';
import { endpointView, paymentView } from './operations.js';

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

export const x402Events = [EndpointCreated, EndpointUpdated, EndpointDeleted, PaymentSettled];
