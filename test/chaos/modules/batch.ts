import { refusedOrThrow, type ChaosModule, type Effect, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * Batches (POST /batches): a payout batch (money leaves, like withdrawals)
 * or a transfer batch between the team's two accounts, of 1–4 USD items,
 * each applied on its own by the batch workflow after the 201. The model
 * takes every item's debit at acknowledgement (what it will be once
 * processed; a read before shows more, within the item's refund), credits
 * transfers at settlement, and gives failed items' debits back. The batch
 * is a pending workflow, final within the workflows-final bound.
 */
const AMOUNTS = ['0.01', '2.00', '40.00', '5000.00'];

async function submit(context: OperationContext): Promise<OperationResult> {
  const type = context.random.pick(['payout', 'transfer'] as const);
  const count = 1 + context.random.int(4);
  const items = Array.from({ length: count }, () => {
    const from = context.random.pick(context.accounts);
    const to = context.accounts.find((account) => account !== from)!;
    return { from_account: from, amount: context.random.pick(AMOUNTS), asset_code: 'USD', ...(type === 'transfer' ? { to_account: to } : {}) } as { from_account: string; amount: string; asset_code: string; to_account?: string };
  });
  const answer = await context.client.send('POST', '/api/v2/batches', { type, items }, context.idempotencyKey());
  if (answer.status !== 201) return refusedOrThrow(answer);
  const id: string = answer.body.data.id;
  const debits: Effect[] = items.map((item) => ({ account: item.from_account, asset: 'USD', chain: null, delta: -units(item.amount) }));
  const credits: Effect[] = items.flatMap((item) => (item.to_account ? [{ account: item.to_account, asset: 'USD', chain: null, delta: units(item.amount) }] : []));
  return {
    outcome: 'acknowledged',
    id,
    effects: debits,
    pending: {
      incoming: credits,
      refunds: debits.map((debit) => ({ ...debit, delta: -debit.delta })),
      async settle(client) {
        const batch = await client.send('GET', `/api/v2/batches/${id}`);
        if (batch.status !== 200) throw new Error(`acknowledged batch ${id} answers ${batch.status}`);
        if (batch.body.data.status !== 'completed') return { final: false, effects: [] };
        const listed = await client.send('GET', `/api/v2/batches/${id}/items?per_page=100`);
        if (listed.status !== 200) throw new Error(`items of batch ${id} answer ${listed.status}`);
        const effects: Effect[] = [];
        for (const item of listed.body.data as any[]) {
          const amount = units(item.amount);
          if (item.status === 'completed') {
            if (item.to_account) effects.push({ account: item.to_account, asset: 'USD', chain: null, delta: amount });
          } else if (item.status === 'failed') {
            effects.push({ account: item.from_account, asset: 'USD', chain: null, delta: amount });
          } else throw new Error(`batch ${id} completed with item ${item.index} ${item.status}`);
        }
        return { final: true, effects };
      },
    },
  };
}

export const batch: ChaosModule = {
  name: 'batch',
  modules: ['batch'],
  operations: [{ name: 'batch', weight: 1, run: submit }],
};
