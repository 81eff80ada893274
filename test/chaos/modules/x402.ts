import { refusedOrThrow, type ChaosModule, type Effect, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * x402 payments between teams: every team monetizes a path of the service
 * of its own (paid to its first account's custody address on base), and
 * pays other teams' paths with POST /x402/pay from either of its accounts.
 * The paid URL is the service's public address (the harness's front door),
 * so the paying process calls whichever process is alive, itself included,
 * and a kill -9 can strike either side of a payment.
 *
 * The answer decides the effects: `paid: true` moved `payment.amount` of
 * USDC on base from the paying account to the seller's account (one
 * cross-team ledger movement and one chain transfer); `paid: false` with a
 * failed payment moved nothing. A lost answer is decided by the service
 * (a 502 "nothing was paid", then the retry under the key answers the
 * failed payment), so the careful client's retries always end in one of
 * the two. One in eight asks for less than the price (over_max_amount).
 */
const CHAIN = 'base';
/** Paths a team may monetize (the operator's default monetizable prefixes), one team each: a team takes the first one free. */
const PATHS = [
  '/api/v2/gcu/composition',
  '/api/v2/gcu/value-history',
  '/api/v2/chains',
  '/api/v2/chains/base',
  '/api/v2/chains/polygon',
  '/api/v2/chains/ethereum',
  '/api/v2/chains/arbitrum',
  '/api/v2/chains/optimism',
  '/api/v2/chains/bsc',
  '/api/v2/chains/base-sepolia',
];
/** The path each selling account is paid for (accounts are uuids, so runs never meet each other's entries). */
const sellers = new Map<string, string>();
/**
 * Acknowledged pays by outcome: settled, failed by reason (authorization_cancelled is a lost answer the service
 * decided), or url_failed:<status> (the paid URL answered a 5xx before asking for a payment; nothing was paid).
 */
let outcomes: Record<string, number> = {};
const count = (outcome: string) => (outcomes[outcome] = (outcomes[outcome] ?? 0) + 1);

async function pay(context: OperationContext): Promise<OperationResult> {
  const seller = context.random.pick(context.peers.filter((peer) => sellers.has(peer.accounts[0]!)));
  if (!seller) throw new Error('no other team monetizes a path');
  const sellerAccount = seller.accounts[0]!;
  const account = context.random.pick(context.accounts);
  const cheap = context.random.int(8) === 0;
  const body = {
    url: `${context.serviceUrl}${sellers.get(sellerAccount)}`,
    max_amount: cheap ? '0.001' : '1.00',
    account_id: account,
    headers: { authorization: `Bearer ${context.client.key}` },
  };
  // At most the dearest price (25 cents) reaches the seller while the request is in flight.
  if (!cheap) context.expect([{ account: sellerAccount, asset: 'USDC', chain: CHAIN, delta: units('0.25') }]);
  const answer = await context.client.send('POST', '/api/v2/x402/pay', body, context.idempotencyKey());
  if (answer.status !== 200) return refusedOrThrow(answer);
  const { paid, payment, response } = answer.body.data as { paid: boolean; payment?: { id: string; status: string; amount: string }; response: { status: number } | null };
  if (!payment) {
    // The paid URL failed before asking for a payment (a 503 while its database restarts): nothing was paid.
    if (!paid && response && response.status >= 500) {
      count(`url_failed:${response.status}`);
      return { outcome: 'acknowledged', effects: [] };
    }
    throw new Error(`a pay of another team's monetized path paid nothing and made no payment: ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  if (paid !== (payment.status === 'settled') || payment.status === 'verified') throw new Error(`pay answered paid ${paid} with a ${payment.status} payment ${payment.id}`);
  if (answer.body.data.response === null) count('answer_lost');
  if (!paid) {
    count(`failed:${(payment as { failure_reason?: string }).failure_reason ?? 'unknown'}`);
    return { outcome: 'acknowledged', id: payment.id, effects: [] };
  }
  count('settled');
  const amount = units(payment.amount);
  const effects: Effect[] = [
    { account, asset: 'USDC', chain: CHAIN, delta: -amount },
    { account: sellerAccount, asset: 'USDC', chain: CHAIN, delta: amount },
  ];
  return { outcome: 'acknowledged', id: payment.id, effects };
}

export const x402: ChaosModule = {
  name: 'x402',
  modules: ['x402'],
  // The service pays URLs of its own public address, which is the harness's front door on 127.0.0.1.
  pluginConfig: { x402: { pay_allowed_origins: ['http://127.0.0.1:*'], pay_timeout_ms: 5_000 } },
  async setup(context) {
    for (const account of context.accounts) {
      const answer = await context.client.send('POST', `/api/v2/accounts/${account}/deposit`, { amount: '20', asset_code: 'USDC', chain: CHAIN }, context.idempotencyKey());
      if (answer.status !== 201 && answer.status !== 200) throw new Error(`funding refused: ${answer.status} ${JSON.stringify(answer.body)}`);
      context.record([{ account, asset: 'USDC', chain: CHAIN, delta: units(answer.body.data.amount) }]);
    }
    const limits = await context.client.send('PUT', '/api/v2/x402/spending-limits', { daily_usd: '10000.00', monthly_usd: '100000.00', per_request_usd: '1.00' });
    if (limits.status !== 200) throw new Error(`spending limits: ${limits.status} ${JSON.stringify(limits.body)}`);
    const price = 1 + (parseInt(context.accounts[0]!.slice(0, 8), 16) % 25);
    for (const path of PATHS) {
      const body = { path, price_usd_cents: price, network: 'eip155:8453', asset: 'USDC', description: 'chaos', account_id: context.accounts[0] };
      const created = await context.client.send('POST', '/api/v2/x402/endpoints', body, context.idempotencyKey());
      if (created.status === 201) {
        sellers.set(context.accounts[0]!, path);
        return;
      }
      if (created.body?.errors?.[0]?.code !== 'path_monetized') throw new Error(`monetizing ${path}: ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
    }
    throw new Error(`every path of the list is monetized: more teams than ${PATHS.length}`);
  },
  operations: [{ name: 'x402-pay', weight: 2, run: pay }],
  figures() {
    const since = outcomes;
    outcomes = {};
    return since;
  },
};
