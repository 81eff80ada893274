import { refusedOrThrow, type ChaosModule, type Effect, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * Mobile payment intents to an account of the same team
 * (POST /mobile/payments/intents, then …/confirm or …/cancel): creating
 * holds the amount on the paying account at once (its available balance
 * drops); confirming queues the settlement workflow, which credits the
 * recipient (succeeded) or releases the hold (failed); cancelling releases
 * it at once. One logical operation is the create and its confirm or
 * cancel, so no intent is left to expire after the run (intent_ttl_ms is
 * 15 minutes: an abandoned one would stay reserved). The confirmed ones are
 * pending workflows, final within the workflows-final bound.
 */
const AMOUNTS = ['0.01', '3.50', '120.00'];

async function intent(context: OperationContext): Promise<OperationResult> {
  const from = context.random.pick(context.accounts);
  const to = context.accounts.find((account) => account !== from)!;
  const amount = context.random.pick(AMOUNTS);
  const body = { amount, currency: 'USD', recipient: to, description: 'chaos', from_account: from };
  const created = await context.client.send('POST', '/api/v2/mobile/payments/intents', body, context.idempotencyKey());
  if (created.status !== 201 && created.status !== 200) return refusedOrThrow(created);
  const id: string = created.body.data.id;
  const held = units(created.body.data.amount);
  const debit: Effect = { account: from, asset: 'USD', chain: null, delta: -held };
  const release: Effect = { ...debit, delta: held };
  const credit: Effect = { account: to, asset: 'USD', chain: null, delta: held };
  const cancel = context.random.int(4) === 0;
  const answer = await context.client.send('POST', `/api/v2/mobile/payments/intents/${id}/${cancel ? 'cancel' : 'confirm'}`, {}, context.idempotencyKey());
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`${cancel ? 'cancelling' : 'confirming'} intent ${id} of our own: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  if (cancel) return { outcome: 'acknowledged', id, effects: [] };
  return {
    outcome: 'acknowledged',
    id,
    effects: [debit],
    pending: {
      incoming: [credit],
      refunds: [release],
      async settle(client) {
        const now = await client.send('GET', `/api/v2/mobile/payments/intents/${id}`);
        if (now.status !== 200) throw new Error(`acknowledged intent ${id} answers ${now.status}`);
        const status: string = now.body.data.status;
        if (status === 'processing' || status === 'requires_confirmation') return { final: false, effects: [] };
        return { final: true, effects: status === 'succeeded' ? [credit] : [release] };
      },
    },
  };
}

export const mobile: ChaosModule = {
  name: 'mobile',
  modules: ['mobile'],
  operations: [{ name: 'payment-intent', weight: 2, run: intent }],
};
