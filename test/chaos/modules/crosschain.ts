import { refusedOrThrow, type ChaosModule, type Effect, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * Bridge transfers (POST /api/v2/crosschain/bridge) of USDC between the
 * account's holdings on polygon (core-banking's funding) and base (defi's),
 * both ways so neither runs out. Initiation debits the source at once (the
 * tokens are locked at the protocol's contract); the workflow completes it
 * (the destination is credited `receive_amount`, the fee stays with the
 * bridge) or fails it (the source is refunded `amount`): a pending
 * workflow, final within the workflows-final bound. The run's services use
 * a crosschain `time_scale` that makes a transfer take seconds (run.ts).
 * 0.001 USDC is below every protocol's fee: the refusal path.
 */
const ROUTES = [
  { from: 'polygon', to: 'base' },
  { from: 'base', to: 'polygon' },
] as const;
const AMOUNTS = ['0.001', '25', '400.5'];

async function bridge(context: OperationContext): Promise<OperationResult> {
  const route = context.random.pick(ROUTES);
  const account = context.random.pick(context.accounts);
  const body = { source_chain: route.from, destination_chain: route.to, token: 'USDC', amount: context.random.pick(AMOUNTS), account_id: account };
  const answer = await context.client.send('POST', '/api/v2/crosschain/bridge', body, context.idempotencyKey());
  if (answer.status !== 201) return refusedOrThrow(answer);
  const transfer = answer.body.data;
  const debit: Effect = { account, asset: 'USDC', chain: route.from, delta: -units(transfer.amount) };
  const refund: Effect = { ...debit, delta: units(transfer.amount) };
  const credit: Effect = { account, asset: 'USDC', chain: route.to, delta: units(transfer.receive_amount) };
  return {
    outcome: 'acknowledged',
    id: transfer.bridge_tx_id,
    effects: [debit],
    pending: {
      incoming: [credit],
      refunds: [refund],
      async settle(client) {
        const now = await client.send('GET', `/api/v1/crosschain/bridge/${transfer.bridge_tx_id}`);
        if (now.status !== 200) throw new Error(`acknowledged bridge transfer ${transfer.bridge_tx_id} answers ${now.status}`);
        const status: string = now.body.data.status;
        if (status === 'completed') return { final: true, effects: [credit] };
        if (status === 'failed') return { final: true, effects: [refund] };
        return { final: false, effects: [] };
      },
    },
  };
}

export const crosschain: ChaosModule = {
  name: 'crosschain',
  modules: ['crosschain', 'defi'],
  operations: [{ name: 'bridge', weight: 2, run: bridge }],
};
