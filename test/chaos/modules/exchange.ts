import { Unresolved, type CarefulClient } from '../careful-client.js';
import type { ChaosModule, Effect, OperationContext, OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * Exchange orders (GraphQL only: placeOrder, cancelOrder, order). The
 * book is the team's (docs/graphql.md: money moves only inside a team's
 * ledger), so a client's two accounts trade with each other: LIMIT BUY and
 * SELL orders of BTC/USD, all at one price, so every trade is at that
 * price and an order's money follows from its `filled_amount` alone.
 * Placing holds the order's whole value (a BUY the quote, a SELL the
 * base); until the order is final its fills (as taker or as maker) may
 * credit the other asset and its cancellation give the hold back, so each
 * order is pending, settled after the faults stop by cancelling what
 * still rests. An order crossing its own account's resting one is refused
 * (`self_trade_prevented`), the refusal path.
 *
 * GraphQL answers a field's failure as 200 with errors: an error whose
 * status is 5xx (the store cut off mid-request) is retried under the same
 * Idempotency-Key, as for REST (a keyed mutation that failed saved
 * nothing).
 */
const PAIR = 'BTC/USD';
const PRICE = '65000.00';
const AMOUNTS = ['0.0005', '0.001', '0.0015'];
const ORDER_FIELDS = 'id account_id side amount filled_amount status';

interface GraphqlAnswer {
  readonly data?: any;
  readonly error?: { status: number; code: string };
}

async function graphql(client: CarefulClient, query: string, variables: Record<string, unknown>, key?: string): Promise<GraphqlAnswer> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const answer = await client.send('POST', '/api/graphql', { query, variables }, key);
    const first = answer.body?.errors?.[0];
    const status = Number(first?.extensions?.status ?? (first ? answer.status : 200));
    if (!first) return { data: answer.body.data };
    if (status < 500) return { error: { status, code: String(first.extensions?.code ?? 'unknown') } };
    client.serverErrors += 1;
    client.retries += 1;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Unresolved(`GraphQL ${query.slice(0, 40)}: an internal error after 30 attempts`);
}

/** What an order's fills and its release did, once it is final. */
function finalEffects(account: string, side: string, amount: bigint, filled: bigint, price: bigint): Effect[] {
  const scale = 10n ** 18n;
  const base = (delta: bigint): Effect => ({ account, asset: 'BTC', chain: null, delta });
  const quote = (delta: bigint): Effect => ({ account, asset: 'USD', chain: null, delta });
  return side === 'BUY' ? [base(filled), quote(((amount - filled) * price) / scale)] : [quote((filled * price) / scale), base(amount - filled)];
}

async function place(context: OperationContext): Promise<OperationResult> {
  const account = context.random.pick(context.accounts);
  const side = context.random.pick(['BUY', 'SELL'] as const);
  const input = { pair: PAIR, side, type: 'LIMIT', amount: context.random.pick(AMOUNTS), price: PRICE, account_id: account };
  const placed = await graphql(context.client, `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { ${ORDER_FIELDS} } }`, { input }, context.idempotencyKey());
  if (placed.error) {
    if (placed.error.status >= 400 && placed.error.status < 500) return { outcome: 'refused', status: placed.error.status, code: placed.error.code };
    throw new Error(`placing an order: ${JSON.stringify(placed.error)}`);
  }
  const order = placed.data.placeOrder;
  const amount = units(order.amount);
  const price = units(PRICE);
  const held = side === 'BUY' ? { account, asset: 'USD', chain: null, delta: -((amount * price) / 10n ** 18n) } : { account, asset: 'BTC', chain: null, delta: -amount };
  const most = finalEffects(account, side, amount, amount, price).concat(finalEffects(account, side, amount, 0n, price)).filter((effect) => effect.delta > 0n);
  const cancelKey = context.idempotencyKey();
  return {
    outcome: 'acknowledged',
    id: order.id,
    effects: [held],
    pending: {
      // Fills credit the other asset; a cancellation gives the hold back (both bounded by the whole order).
      incoming: most.filter((effect) => effect.asset !== held.asset),
      refunds: most.filter((effect) => effect.asset === held.asset),
      async settle(client) {
        const now = await graphql(client, `query ($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`, { id: order.id });
        if (now.error || !now.data.order) throw new Error(`acknowledged order ${order.id}: ${JSON.stringify(now)}`);
        let final = now.data.order;
        if (final.status === 'open' || final.status === 'partially_filled') {
          const cancelled = await graphql(client, `mutation ($id: ID!) { cancelOrder(id: $id) { ${ORDER_FIELDS} } }`, { id: order.id }, cancelKey);
          if (cancelled.error) return { final: false, effects: [] };
          final = cancelled.data.cancelOrder;
        }
        return { final: true, effects: finalEffects(account, side, amount, units(final.filled_amount), price) };
      },
    },
  };
}

export const exchange: ChaosModule = {
  name: 'exchange',
  modules: ['exchange'],
  async setup(context) {
    for (const account of context.accounts) {
      const answer = await context.client.send('POST', `/api/v2/accounts/${account}/deposit`, { amount: '0.5', asset_code: 'BTC' }, context.idempotencyKey());
      if (answer.status !== 201 && answer.status !== 200) throw new Error(`funding BTC refused: ${answer.status} ${JSON.stringify(answer.body)}`);
      context.record([{ account, asset: 'BTC', chain: null, delta: units(answer.body.data.amount) }]);
    }
  },
  operations: [{ name: 'exchange-order', weight: 2, run: place }],
};
