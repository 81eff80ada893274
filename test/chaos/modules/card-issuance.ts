import { refusedOrThrow, type ChaosModule, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * Card authorisations, captures and reversals (card-issuance): each
 * account has a USD card without limits. One logical operation is an
 * authorisation (a hold: available falls) and what closes it: a capture of
 * all of it, a partial capture then a reversal of the rest, or a reversal
 * of all, so nothing stays held after the run. The captured part is paid
 * to the team's card-settlement account: that is the effect. An
 * authorisation beyond the balance is declined (201 with nothing held),
 * an acknowledged answer with no effect; a capture beyond what the
 * authorisation holds is refused (`capture_exceeds_authorization`).
 */
const AMOUNTS = ['0.01', '19.99', '80.00', '5000.00'];

/** Each account's card, issued at setup. */
const cards = new Map<string, string>();

async function authorize(context: OperationContext): Promise<OperationResult> {
  const account = context.random.pick(context.accounts);
  const card = cards.get(account);
  if (!card) throw new Error(`no card for ${account}`);
  const amount = context.random.pick(AMOUNTS);
  const body = { amount, merchant_name: 'Chaos Grocery', merchant_category: '5411' };
  const answer = await context.client.send('POST', `/api/v2/cards/${card}/authorizations`, body, context.idempotencyKey());
  if (answer.status !== 201) return refusedOrThrow(answer);
  const authorization = answer.body.data;
  if (authorization.status === 'declined') return { outcome: 'acknowledged', id: authorization.id, effects: [] };
  const held = units(authorization.amount);
  const cent = 10n ** 16n;
  // A partial capture needs two cents at least (half of one cent is no amount): a one-cent hold is captured whole instead.
  const drawn = context.random.int(4);
  const close = drawn === 1 && held < 2n * cent ? 0 : drawn;
  if (close === 3) {
    // Over-capture: refused, then the authorisation is reversed whole.
    const over = await context.client.send('POST', `/api/v2/card-authorizations/${authorization.id}/capture`, { amount: decimalCents(held + 10n ** 18n) }, context.idempotencyKey());
    if (over.status !== 422) throw new Error(`capturing more than authorised: ${over.status} ${JSON.stringify(over.body).slice(0, 300)}`);
  }
  const partial = close === 1 ? (held / 2n / cent) * cent : undefined;
  if (close <= 1) {
    const capture = await context.client.send('POST', `/api/v2/card-authorizations/${authorization.id}/capture`, partial === undefined ? {} : { amount: decimalCents(partial) }, context.idempotencyKey());
    if (capture.status !== 200 && capture.status !== 201) throw new Error(`capturing authorisation ${authorization.id}: ${capture.status} ${JSON.stringify(capture.body).slice(0, 300)}`);
  }
  if (close !== 0) {
    const reverse = await context.client.send('POST', `/api/v2/card-authorizations/${authorization.id}/reverse`, {}, context.idempotencyKey());
    if (reverse.status !== 200 && reverse.status !== 201) throw new Error(`reversing authorisation ${authorization.id}: ${reverse.status} ${JSON.stringify(reverse.body).slice(0, 300)}`);
    const closed = reverse.body.data;
    if (units(closed.captured_amount) + units(closed.released_amount) !== held) throw new Error(`authorisation ${authorization.id} closed with captured + released ≠ amount: ${JSON.stringify(closed)}`);
    return { outcome: 'acknowledged', id: authorization.id, effects: [{ account, asset: 'USD', chain: null, delta: -units(closed.captured_amount) }] };
  }
  return { outcome: 'acknowledged', id: authorization.id, effects: [{ account, asset: 'USD', chain: null, delta: -held }] };
}

/** A BigInt of 10^-18 units, whole cents, as a decimal string. */
function decimalCents(value: bigint): string {
  const cents = value / 10n ** 16n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

export const cardIssuance: ChaosModule = {
  name: 'card-issuance',
  modules: ['card-issuance'],
  async setup(context) {
    const holder = await context.client.send('POST', '/api/v2/cardholders', { name: 'Chaos Cardholder' }, context.idempotencyKey());
    if (holder.status !== 201) throw new Error(`creating a cardholder: ${holder.status} ${JSON.stringify(holder.body).slice(0, 300)}`);
    for (const account of context.accounts) {
      const card = await context.client.send('POST', '/api/v2/cards', { cardholder_id: holder.body.data.id, account_id: account, currency: 'USD' }, context.idempotencyKey());
      if (card.status !== 201) throw new Error(`issuing a card: ${card.status} ${JSON.stringify(card.body).slice(0, 300)}`);
      cards.set(account, card.body.data.id);
    }
  },
  operations: [{ name: 'card-authorization', weight: 2, run: authorize }],
};
