import { refusedOrThrow, type ChaosModule, type Effect, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * Deposits, withdrawals and transfers of USD (off-chain) and USDC held on
 * a chain (`chain`, mirrored on the chain simulator and reconciled by the
 * audit). A transfer reserves amount + fee at once and credits the
 * receiver at settlement, so its receiving effect is pending until then.
 */
const HOLDINGS = [
  { asset: 'USD', chain: null, amounts: ['0.01', '1.00', '12.34', '250.00'] },
  { asset: 'USDC', chain: 'polygon', amounts: ['0.000001', '1.5', '99.999999'] },
] as const;

function holding(context: OperationContext) {
  return context.random.pick(HOLDINGS);
}

async function move(context: OperationContext, kind: 'deposit' | 'withdraw'): Promise<OperationResult> {
  const { asset, chain, amounts } = holding(context);
  const account = context.random.pick(context.accounts);
  const amount = context.random.pick(amounts);
  const body = { amount, asset_code: asset, ...(chain ? { chain } : {}) };
  const answer = await context.client.send('POST', `/api/v2/accounts/${account}/${kind}`, body, context.idempotencyKey());
  if (answer.status !== 201 && answer.status !== 200) return refusedOrThrow(answer);
  const delta = units(answer.body.data.amount);
  return { outcome: 'acknowledged', id: answer.body.data.uuid, effects: [{ account, asset, chain, delta: kind === 'deposit' ? delta : -delta }] };
}

async function transfer(context: OperationContext): Promise<OperationResult> {
  const { asset, chain, amounts } = holding(context);
  const from = context.random.pick(context.accounts);
  const to = context.accounts.find((account) => account !== from)!;
  const body = { from_account: from, to_account: to, amount: context.random.pick(amounts), asset_code: asset, ...(chain ? { chain } : {}) };
  const answer = await context.client.send('POST', '/api/v2/transfers', body, context.idempotencyKey());
  if (answer.status !== 201) return refusedOrThrow(answer);
  const created = answer.body.data;
  const amount = units(created.amount);
  const fee = units(created.fees.transfer_fee);
  const debit: Effect = { account: from, asset, chain, delta: -(amount + fee) };
  const credit: Effect = { account: to, asset, chain, delta: amount };
  return {
    outcome: 'acknowledged',
    id: created.uuid,
    effects: [debit],
    pending: {
      incoming: [credit],
      refunds: [{ ...debit, delta: amount + fee }],
      async settle(client) {
        const now = await client.send('GET', `/api/v2/transfers/${created.uuid}`);
        if (now.status !== 200) throw new Error(`acknowledged transfer ${created.uuid} answers ${now.status}`);
        const status: string = now.body.data.status;
        if (status === 'pending') return { final: false, effects: [] };
        // Completed: the receiver gets the amount. Failed or expired: the sender's reservation comes back.
        return { final: true, effects: status === 'completed' ? [credit] : [{ ...debit, delta: amount + fee }] };
      },
    },
  };
}

export const coreBanking: ChaosModule = {
  name: 'core-banking',
  modules: ['core-banking', 'chains'],
  async setup(context) {
    for (const account of context.accounts) {
      for (const { asset, chain } of HOLDINGS) {
        const body = { amount: '1000', asset_code: asset, ...(chain ? { chain } : {}) };
        const answer = await context.client.send('POST', `/api/v2/accounts/${account}/deposit`, body, context.idempotencyKey());
        if (answer.status !== 201 && answer.status !== 200) throw new Error(`funding refused: ${answer.status} ${JSON.stringify(answer.body)}`);
        context.record([{ account, asset, chain, delta: units(answer.body.data.amount) }]);
      }
    }
  },
  operations: [
    { name: 'deposit', weight: 3, run: (context) => move(context, 'deposit') },
    { name: 'withdraw', weight: 2, run: (context) => move(context, 'withdraw') },
    { name: 'transfer', weight: 3, run: transfer },
  ],
};
