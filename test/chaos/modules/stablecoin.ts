import { refusedOrThrow, type ChaosModule, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * The bank's e-money token (docs/stablecoin.md): USDB, minted at par
 * against USD and redeemed at par back. Each is one ledger movement in the
 * team's books, acknowledged with the issuance: a mint takes `amount` of
 * USD from the account (to the team's reserve account) and credits
 * `amount` USDB; a redemption is the reverse. The token is an asset of the
 * harness's own (the default catalogue has none to spare), added with its
 * price. Redemptions beyond what the account holds are refused
 * `insufficient_funds`, beyond what the team has outstanding
 * `exceeds_outstanding_supply` (the account is drawn at random, so both
 * happen). One in ten asks for a billion, beyond any account's USD (the
 * other workloads' funding leaves some 100,000 USD, so 5,000.00 mints):
 * a mint is refused `insufficient_funds`, a redemption
 * `exceeds_outstanding_supply`.
 */
const TOKEN = 'USDB';
const AMOUNTS = ['0.01', '7.77', '45.00', '5000.00'];
const BEYOND = '1000000000.00';

async function issue(context: OperationContext, kind: 'mint' | 'redeem'): Promise<OperationResult> {
  const account = context.random.pick(context.accounts);
  const body = { account_id: account, amount: context.random.int(10) === 0 ? BEYOND : context.random.pick(AMOUNTS) };
  const answer = await context.client.send('POST', `/api/v2/stablecoins/${TOKEN}/${kind}`, body, context.idempotencyKey());
  if (answer.status !== 201) return refusedOrThrow(answer);
  const issuance = answer.body.data;
  if (issuance.account_id !== account) throw new Error(`a ${kind} for ${account} answered another account: ${JSON.stringify(issuance).slice(0, 300)}`);
  // At par, so one amount is both legs; a mint pays fiat for tokens, a redemption tokens for fiat.
  const amount = units(issuance.amount);
  const sign = kind === 'mint' ? 1n : -1n;
  return {
    outcome: 'acknowledged',
    id: issuance.id,
    effects: [
      { account, asset: 'USD', chain: null, delta: -sign * amount },
      { account, asset: TOKEN, chain: null, delta: sign * amount },
    ],
  };
}

export const stablecoin: ChaosModule = {
  name: 'stablecoin',
  modules: ['stablecoin'],
  assets: [{ code: TOKEN, name: 'Bank USD e-money token', type: 'crypto', precision: 2, usdPrice: '1' }],
  pluginConfig: { stablecoin: { tokens: { [TOKEN]: { reference_asset: 'USD' } } } },
  operations: [
    { name: 'stablecoin-mint', weight: 2, run: (context) => issue(context, 'mint') },
    { name: 'stablecoin-redeem', weight: 2, run: (context) => issue(context, 'redeem') },
  ],
};
