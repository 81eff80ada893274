import { refusedOrThrow, type ChaosModule, type OperationContext, type OperationResult } from '../registry.js';
import { units } from '../units.js';

/**
 * DeFi liquidity on base (POST /defi/liquidity, POST /defi/liquidity/{id}/remove),
 * funded by the defi module's USDC and WETH on base. Adding pays the
 * acknowledged `deposited` amounts into the pool; removing an open position
 * of the team pays back its `current_value` (what it paid, once closed).
 * The swaps of the defi module move the same pools meanwhile, so the
 * amounts are the answer's, never recomputed.
 */
const CHAIN = 'base';
const POOLS = ['base:uniswap_v3:USDC-WETH:500', 'base:sushiswap:USDC-WETH:3000'];

function amounts(list: readonly { token: string; amount: string }[], account: string, sign: bigint) {
  return list.map((entry) => ({ account, asset: entry.token, chain: CHAIN, delta: sign * units(entry.amount) }));
}

async function add(context: OperationContext): Promise<OperationResult> {
  const account = context.random.pick(context.accounts);
  const body = { pool_id: context.random.pick(POOLS), token: 'USDC', amount: context.random.pick(['50', '500.25']), account_id: account };
  const answer = await context.client.send('POST', '/api/v2/defi/liquidity', body, context.idempotencyKey());
  if (answer.status !== 201 && answer.status !== 200) return refusedOrThrow(answer);
  const position = answer.body.data;
  return { outcome: 'acknowledged', id: position.position_id, effects: amounts(position.deposited, account, -1n) };
}

async function remove(context: OperationContext): Promise<OperationResult> {
  // The team's open positions (a read); without one, the remove of an unknown id is the refusal path.
  const listed = await context.client.send('GET', '/api/v2/defi/liquidity');
  if (listed.status !== 200) throw new Error(`listing liquidity: ${listed.status}`);
  const open = (listed.body.data as any[]).filter((position) => position.status === 'open' && context.accounts.includes(position.account_id));
  const id = open.length ? context.random.pick(open).position_id : '00000000-0000-4000-8000-000000000000';
  const answer = await context.client.send('POST', `/api/v2/defi/liquidity/${id}/remove`, {}, context.idempotencyKey());
  if (answer.status !== 200 && answer.status !== 201) return refusedOrThrow(answer);
  const position = answer.body.data;
  return { outcome: 'acknowledged', id: position.position_id, effects: amounts(position.current_value, position.account_id, 1n) };
}

export const liquidity: ChaosModule = {
  name: 'liquidity',
  modules: ['chains', 'defi'],
  operations: [
    { name: 'liquidity-add', weight: 1, run: add },
    { name: 'liquidity-remove', weight: 1, run: remove },
  ],
};
