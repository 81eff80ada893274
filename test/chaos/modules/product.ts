import { refusedOrThrow, type ChaosModule, type OperationContext, type OperationResult } from '../registry.js';

/**
 * Banking products (docs/product.md): `product-activation` defines a USD
 * product with a rate and a monthly fee and activates it on either of the
 * team's accounts; an account holds one product, so a second activation
 * is refused (409 product_already_active), the refusal path.
 *
 * Activating moves nothing, and neither does the accrual task within a
 * run, which the services run every second here
 * (`accrual_interval_ms: 1000`, so it claims and settles activations under
 * every fault): interest is paid for whole UTC days from the midnight after
 * activation (`accrued_through`), so the first payment falls due at the
 * second UTC midnight after it, more than 24 hours later, and the first
 * fee 30 days later (`next_fee_at`). Every scenario starts on a fresh
 * database and lasts seconds to minutes (clock jumps add a minute or two),
 * so every acknowledged activation's effect is none, and the exact checks
 * catch a task that pays or charges early (or twice). The operation checks
 * both instants from the answer, so the claim rests on what the service
 * says, not on this comment. Following a payment exactly is not possible
 * (reliability.md, "Operations").
 */
const DAY_MS = 86_400_000;
const RATES_BPS = [0, 250, 1_000, 100_000];
const FEES = ['0.01', '1.00', '25.00'];

async function activate(context: OperationContext): Promise<OperationResult> {
  const body = { name: 'Chaos saver', account_type: 'savings', asset_code: 'USD', interest_rate_bps: context.random.pick(RATES_BPS), monthly_fee: context.random.pick(FEES) };
  const product = await context.client.send('POST', '/api/v2/products', body, context.idempotencyKey());
  if (product.status !== 201) throw new Error(`defining a product: ${product.status} ${JSON.stringify(product.body).slice(0, 300)}`);
  const account = context.random.pick(context.accounts);
  const answer = await context.client.send('POST', `/api/v2/products/${product.body.data.id}/activations`, { account_id: account }, context.idempotencyKey());
  if (answer.status !== 201) return refusedOrThrow(answer);
  const activation = answer.body.data as { id: string; activated_at: string; accrued_through: string; next_fee_at: string | null; interest_paid: string; fees_charged: string };
  const activatedAt = Date.parse(activation.activated_at);
  // The first interest is paid once the day from accrued_through has ended; the first fee at next_fee_at.
  const firstInterest = Date.parse(activation.accrued_through) + DAY_MS;
  const firstFee = activation.next_fee_at === null ? Infinity : Date.parse(activation.next_fee_at);
  if (firstInterest - activatedAt <= DAY_MS || firstFee - activatedAt < 30 * DAY_MS || Number(activation.interest_paid) !== 0 || Number(activation.fees_charged) !== 0) {
    throw new Error(`activation ${activation.id} may move money within a run: ${JSON.stringify(activation)}`);
  }
  return { outcome: 'acknowledged', id: activation.id, effects: [] };
}

export const product: ChaosModule = {
  name: 'product',
  modules: ['product'],
  // The accrual task runs every second in both processes (1 h by default), so it works under every fault.
  pluginConfig: { product: { accrual_interval_ms: 1_000 } },
  operations: [{ name: 'product-activation', weight: 1, run: activate }],
};
