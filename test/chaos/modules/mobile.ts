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

/**
 * A p2p transfer to another client's user (POST /mobile/transfers/p2p,
 * `to_user` their email): it settles at once into the recipient's wallet
 * (their first account), across teams through each team's clearing
 * account, so the recipient's credit is expected while it is in flight.
 * One in ten is sent to an email no user has, the refusal path.
 */
async function p2p(context: OperationContext): Promise<OperationResult> {
  const from = context.random.pick(context.accounts);
  const amount = context.random.pick(AMOUNTS);
  const peer = context.peers.length > 0 && context.random.int(10) > 0 ? context.random.pick(context.peers) : undefined;
  const wallet = peer?.accounts[0];
  if (peer && wallet) context.expect([{ account: wallet, asset: 'USD', chain: null, delta: units(amount) }]);
  const body = { to_user: peer?.email ?? 'nobody-here@example.test', amount, currency: 'USD', note: 'chaos', from_account: from };
  const answer = await context.client.send('POST', '/api/v2/mobile/transfers/p2p', body, context.idempotencyKey());
  if (answer.status !== 201 && answer.status !== 200) return refusedOrThrow(answer);
  if (!wallet) throw new Error(`a p2p transfer to an unknown user was acknowledged: ${JSON.stringify(answer.body).slice(0, 300)}`);
  const sent = units(answer.body.data.amount);
  return {
    outcome: 'acknowledged',
    id: answer.body.data.id,
    effects: [
      { account: from, asset: 'USD', chain: null, delta: -sent },
      { account: wallet, asset: 'USD', chain: null, delta: sent },
    ],
  };
}

export const mobile: ChaosModule = {
  name: 'mobile',
  modules: ['mobile'],
  async setup(context) {
    // The p2p recipient's wallet: the team's first account.
    const answer = await context.client.send('PUT', '/api/v2/mobile/wallet', { account_id: context.accounts[0] }, context.idempotencyKey());
    if (answer.status !== 200 && answer.status !== 201) throw new Error(`setting the wallet: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  },
  operations: [
    { name: 'payment-intent', weight: 2, run: intent },
    { name: 'p2p', weight: 2, run: p2p },
  ],
};
