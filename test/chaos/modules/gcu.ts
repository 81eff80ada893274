import { refusedOrThrow, type ChaosModule, type Effect, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * GCU compose and decompose (POST /accounts/{id}/baskets/{direction}): one
 * ledger movement each, settled at once. Compose debits every component the
 * answer lists and credits the basket units; decompose burns the units and
 * credits the components plus `cash_in_lieu_usd` in USD. The prices move
 * with the service's ticks, so the effects are what the answer says, never
 * recomputed here. Amounts below the rounding minimum (≈ 437 GCU to
 * compose) are refused: the small ones exercise the refusal path.
 */
const BASKET = 'GCU';
const FUNDING = { USD: '100000.00', EUR: '100000.00', GBP: '100000.00', CHF: '100000.00', JPY: '10000000', XAU: '100.000' } as const;
const COMPOSE = ['500.0000', '1000.0000', '1.0000'];
const DECOMPOSE = ['2.0000', '100.0000', '450.0000'];

async function exchange(context: OperationContext, direction: 'compose' | 'decompose'): Promise<OperationResult> {
  const account = context.random.pick(context.accounts);
  const amount = context.random.pick(direction === 'compose' ? COMPOSE : DECOMPOSE);
  const answer = await context.client.send('POST', `/api/v2/accounts/${account}/baskets/${direction}`, { basket_code: BASKET, amount }, context.idempotencyKey());
  if (answer.status !== 200) return refusedOrThrow(answer);
  const done = answer.body.data;
  const sign = direction === 'compose' ? -1n : 1n;
  const effects: Effect[] = Object.entries(done.components as Record<string, string>).map(([asset, value]) => ({ account, asset, chain: null, delta: sign * units(value) }));
  if (direction === 'decompose') effects.push({ account, asset: 'USD', chain: null, delta: units(done.cash_in_lieu_usd) });
  effects.push({ account, asset: BASKET, chain: null, delta: -sign * units(done.basket_amount) });
  return { outcome: 'acknowledged', id: done.movement_uuid, effects };
}

export const gcu: ChaosModule = {
  name: 'gcu',
  modules: ['gcu'],
  async setup(context) {
    for (const account of context.accounts) {
      for (const [asset, amount] of Object.entries(FUNDING)) {
        const answer = await context.client.send('POST', `/api/v2/accounts/${account}/deposit`, { amount, asset_code: asset }, context.idempotencyKey());
        if (answer.status !== 201 && answer.status !== 200) throw new Error(`funding refused: ${answer.status} ${JSON.stringify(answer.body)}`);
        context.record([{ account, asset, chain: null, delta: units(answer.body.data.amount) }]);
      }
    }
  },
  operations: [
    { name: 'gcu-compose', weight: 1, run: (context) => exchange(context, 'compose') },
    { name: 'gcu-decompose', weight: 1, run: (context) => exchange(context, 'decompose') },
  ],
};
