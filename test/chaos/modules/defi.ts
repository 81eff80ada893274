import { refusedOrThrow, type ChaosModule, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * DeFi swaps (v2, POST /api/v2/defi/swap/execute) between USDC and WETH on
 * base, both ways so holdings never run out: the pools decide the output,
 * so the effect is the acknowledged amount_in out and amount_out in.
 */
const CHAIN = 'base';
const TRADES = [
  { from: 'USDC', to: 'WETH', amounts: ['10', '250.5'] },
  { from: 'WETH', to: 'USDC', amounts: ['0.003', '0.05'] },
] as const;

async function swap(context: OperationContext): Promise<OperationResult> {
  const trade = context.random.pick(TRADES);
  const account = context.random.pick(context.accounts);
  const body = { from_token: trade.from, to_token: trade.to, amount: context.random.pick(trade.amounts), slippage_bps: 5000, chain: CHAIN, account_id: account };
  const answer = await context.client.send('POST', '/api/v2/defi/swap/execute', body, context.idempotencyKey());
  if (answer.status !== 201 && answer.status !== 200) return refusedOrThrow(answer);
  const done = answer.body.data;
  return {
    outcome: 'acknowledged',
    id: done.swap_id,
    effects: [
      { account, asset: trade.from, chain: CHAIN, delta: -units(done.amount_in) },
      { account, asset: trade.to, chain: CHAIN, delta: units(done.amount_out) },
    ],
  };
}

/** Each account's deposit address on base, read once (it never changes). */
const addresses = new Map<string, string>();

async function depositAddress(context: OperationContext, account: string): Promise<string> {
  const known = addresses.get(account);
  if (known) return known;
  const answer = await context.client.send('GET', `/api/v2/accounts/${account}/deposit-addresses`);
  const address = (answer.body?.data as { chain: string; address: string }[] | undefined)?.find((entry) => entry.chain === CHAIN)?.address;
  if (answer.status !== 200 || !address) throw new Error(`deposit addresses of ${account}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  addresses.set(account, address);
  return address;
}

/**
 * Swap v1: a quote (POST /api/v1/defi/swap/quote, itself a write under its
 * own key) executed from an account's deposit address. The effect is the
 * acknowledged execution's amount_in and amount_out, as for v2; a quote
 * refused, or an execution refused (the pools moved past the tolerance),
 * changes nothing.
 */
async function swapV1(context: OperationContext): Promise<OperationResult> {
  const trade = context.random.pick(TRADES);
  const account = context.random.pick(context.accounts);
  const quoteBody = { chain: CHAIN, token_in: trade.from, token_out: trade.to, amount_in: context.random.pick(trade.amounts), slippage_tolerance: 0.5 };
  const quote = await context.client.send('POST', '/api/v1/defi/swap/quote', quoteBody, context.idempotencyKey());
  if (quote.status !== 201 && quote.status !== 200) return refusedOrThrow(quote);
  const body = { quote_id: quote.body.data.quote_id, wallet_address: await depositAddress(context, account), max_gas_price_gwei: 1_000_000, deadline_minutes: 1440 };
  const answer = await context.client.send('POST', '/api/v1/defi/swap/execute', body, context.idempotencyKey());
  if (answer.status !== 201 && answer.status !== 200) return refusedOrThrow(answer);
  const done = answer.body.data;
  return {
    outcome: 'acknowledged',
    id: done.swap_id,
    effects: [
      { account, asset: trade.from, chain: CHAIN, delta: -units(done.amount_in) },
      { account, asset: trade.to, chain: CHAIN, delta: units(done.amount_out) },
    ],
  };
}

/**
 * A flash loan on base: borrow USDC, swap it to WETH on one DEX and back on
 * another. It executes only when the pools (moved by the swaps above) leave
 * a profit, which is credited to the account; a revert changes nothing.
 */
async function flashLoan(context: OperationContext): Promise<OperationResult> {
  const account = context.random.pick(context.accounts);
  const [first, second] = context.random.pick([
    ['sushiswap', 'uniswap_v3'],
    ['uniswap_v3', 'sushiswap'],
  ] as const);
  const body = {
    token: 'USDC',
    amount: context.random.pick(['1000', '50000']),
    chain: CHAIN,
    account_id: account,
    operations: [
      { type: 'swap', from: 'USDC', to: 'WETH', dex: first },
      { type: 'swap', from: 'WETH', to: 'USDC', dex: second },
    ],
  };
  const answer = await context.client.send('POST', '/api/v2/defi/flash-loan', body, context.idempotencyKey());
  if (answer.status !== 201 && answer.status !== 200) return refusedOrThrow(answer);
  const loan = answer.body.data;
  const effects = loan.status === 'executed' ? (loan.profit as { token: string; amount: string }[]).map((profit) => ({ account, asset: profit.token, chain: CHAIN, delta: units(profit.amount) })) : [];
  return { outcome: 'acknowledged', id: loan.flash_loan_id ?? undefined, effects };
}

export const defi: ChaosModule = {
  name: 'defi',
  modules: ['chains', 'defi'],
  async setup(context) {
    for (const account of context.accounts) {
      for (const [asset, amount] of [
        ['USDC', '100000'],
        ['WETH', '20'],
      ] as const) {
        const answer = await context.client.send('POST', `/api/v2/accounts/${account}/deposit`, { amount, asset_code: asset, chain: CHAIN }, context.idempotencyKey());
        if (answer.status !== 201 && answer.status !== 200) throw new Error(`funding refused: ${answer.status} ${JSON.stringify(answer.body)}`);
        context.record([{ account, asset, chain: CHAIN, delta: units(answer.body.data.amount) }]);
      }
    }
  },
  operations: [
    { name: 'swap', weight: 2, run: swap },
    { name: 'swap-v1', weight: 1, run: swapV1 },
    { name: 'flash-loan', weight: 1, run: flashLoan },
  ],
};
