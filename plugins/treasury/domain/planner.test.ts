import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bpsToPercent, percentToBps } from './allocation.js';
import { planRebalance, shares, within, type PairQuote, type Plan, type PlanInput } from './planner.js';

/** The planner on made-up quotes: exact targets after fees, cheapest pairs first, unsupported pairs skipped, tolerance respected. */
const test = suite('treasury planner');

const USDC = 1_000_000n;
const ALLOCATION = [
  { chain: 'base', bps: 5000 },
  { chain: 'polygon', bps: 3000 },
  { chain: 'ethereum', bps: 2000 },
];

/** Quotes from a table "source>destination" → [protocol, fee]; a missing pair is one no protocol carries. */
function quotes(table: Record<string, [string, bigint]>): PlanInput['cheapest'] {
  return (source, destination): PairQuote | undefined => {
    const entry = table[`${source}>${destination}`];
    return entry && { protocol: entry[0], feeAmount: entry[1] };
  };
}

const everywhere = quotes({
  'ethereum>base': ['wormhole', 2_201n],
  'ethereum>polygon': ['layerzero', 3_000n],
  'base>polygon': ['wormhole', 1_000n],
  'polygon>base': ['wormhole', 1_000n],
  'base>ethereum': ['axelar', 900_000n],
  'polygon>ethereum': ['axelar', 900_000n],
});

/** What leaves the chains = what arrives + the fees, and the expected holdings add up to total − fees. */
function assertConserved(plan: Plan): void {
  const sent = plan.moves.reduce((sum, move) => sum + move.amount, 0n);
  const arrived = plan.moves.reduce((sum, move) => sum + move.receiveAmount, 0n);
  assert.is(sent, arrived + plan.feeTotal, 'sent = arrived + fees');
  for (const move of plan.moves) assert.is(move.receiveAmount, move.amount - move.feeAmount);
  assert.is(plan.chains.reduce((sum, chain) => sum + chain.expected, 0n), plan.total - plan.feeTotal, 'expected holdings = total − fees');
}

test('percentages are exact basis points; anything else is refused', () => {
  assert.equal(['50', '33.33', '0.5', '100', '100.00', '0'].map(percentToBps), [5000, 3333, 50, 10_000, 10_000, 0]);
  for (const bad of ['-1', '100.01', '101', '1e2', '33.333', ' 5', '', '.5', 50]) assert.is(percentToBps(bad), undefined, String(bad));
  assert.equal([5000, 3333, 50, 1].map(bpsToPercent), ['50.00', '33.33', '0.50', '0.01']);
});

test('shares: floors, then the remainder one base unit each to the largest shares', () => {
  const bps = new Map([['a', 3333], ['b', 3333], ['c', 3334]]);
  const split = shares(100n, ['a', 'b', 'c'], bps);
  assert.equal([...split.values()], [33n, 33n, 34n]);
  const odd = shares(7n, ['a', 'b', 'c'], bps);
  assert.is([...odd.values()].reduce((sum, amount) => sum + amount, 0n), 7n);
});

test('from one chain: the cheapest protocol per pair, targets after fees, landing exactly on target', () => {
  const plan = planRebalance({ balances: new Map([['ethereum', 1000n * USDC]]), targets: ALLOCATION, toleranceBps: 0, cheapest: everywhere });
  assert.is(plan.withinToleranceBefore, false);
  assert.is(plan.reachable, true);
  assert.equal(plan.moves.map((move) => [move.sourceChain, move.destinationChain, move.protocol, move.feeAmount]), [
    ['ethereum', 'base', 'wormhole', 2_201n],
    ['ethereum', 'polygon', 'layerzero', 3_000n],
  ]);
  assert.is(plan.feeTotal, 5_201n);
  // Every chain ends exactly at its share of what remains after the fees.
  for (const chain of plan.chains) assert.is(chain.expected, chain.target, chain.chain);
  // 999,994,799 split 50/30/20: floors 499,997,399 + 299,998,439 + 199,998,959, the 2 left over to the two largest shares.
  assert.equal(plan.chains.map((chain) => chain.target), [499_997_400n, 299_998_440n, 199_998_959n]);
  assertConserved(plan);
});

test('within tolerance: nothing moves', () => {
  const balances = new Map([['base', 502n * USDC], ['polygon', 298n * USDC], ['ethereum', 200n * USDC]]);
  const plan = planRebalance({ balances, targets: ALLOCATION, toleranceBps: 50, cheapest: everywhere });
  assert.is(plan.withinToleranceBefore, true);
  assert.equal(plan.moves, []);
  assert.is(plan.feeTotal, 0n);
  assert.equal(plan.chains.map((chain) => chain.expected), [502n * USDC, 298n * USDC, 200n * USDC]);
  // The same holdings with no tolerance do move.
  assert.ok(planRebalance({ balances, targets: ALLOCATION, toleranceBps: 0, cheapest: everywhere }).moves.length > 0);
});

test('an unsupported pair is skipped: each deficit is filled from a chain that reaches it', () => {
  // Four chains at 25 %: ethereum and arbitrum have 150 too many, base and polygon 150 too few.
  // Nothing carries ethereum → base, and arbitrum → polygon is the cheapest pair: taking it first would leave base unreachable.
  const cheapest = quotes({ 'ethereum>polygon': ['layerzero', 3_000n], 'arbitrum>base': ['wormhole', 1_000n], 'arbitrum>polygon': ['wormhole', 500n] });
  const targets = ['base', 'polygon', 'ethereum', 'arbitrum'].map((chain) => ({ chain, bps: 2500 }));
  const balances = new Map([['ethereum', 400n * USDC], ['arbitrum', 400n * USDC], ['base', 100n * USDC], ['polygon', 100n * USDC]]);
  const plan = planRebalance({ balances, targets, toleranceBps: 1, cheapest });
  assert.is(plan.reachable, true);
  assert.equal(plan.moves.map((move) => `${move.sourceChain}>${move.destinationChain}`).sort(), ['arbitrum>base', 'ethereum>polygon']);
  assert.is(plan.feeTotal, 4_000n);
  for (const chain of plan.chains) assert.ok(within(chain.expected, chain.target, plan.total - plan.feeTotal, 1), chain.chain);
  assertConserved(plan);
});

test('a chain nobody reaches: the plan is not reachable', () => {
  const cheapest = quotes({ 'ethereum>base': ['wormhole', 2_000n] });
  const plan = planRebalance({ balances: new Map([['ethereum', 1000n * USDC]]), targets: ALLOCATION, toleranceBps: 100, cheapest });
  assert.is(plan.reachable, false);
  assert.equal(plan.moves.map((move) => move.destinationChain), ['base']);
});

test('fees are accounted: large fees still land within tolerance, and the cheapest source pays', () => {
  // 10 USDC fees on 100 USDC: targets are shares of 100 − fees, not of 100.
  const cheapest = quotes({ 'ethereum>base': ['axelar', 10n * USDC], 'polygon>base': ['wormhole', 1n * USDC] });
  const balances = new Map([['ethereum', 50n * USDC], ['polygon', 50n * USDC]]);
  const targets = [{ chain: 'base', bps: 5000 }, { chain: 'polygon', bps: 2500 }, { chain: 'ethereum', bps: 2500 }];
  const plan = planRebalance({ balances, targets, toleranceBps: 1, cheapest });
  assert.is(plan.reachable, true);
  assert.equal(plan.moves[0]!.sourceChain, 'polygon', 'the cheaper pair moves first');
  for (const chain of plan.chains) assert.ok(within(chain.expected, chain.target, plan.total - plan.feeTotal, 1), `${chain.chain}: ${chain.expected} vs ${chain.target}`);
  assertConserved(plan);
});

test('a chain outside the allocation is emptied into it; a surplus too small for the fee does not move', () => {
  const cheapest = quotes({ 'arbitrum>base': ['wormhole', 1_000n], 'ethereum>base': ['wormhole', 1_000n] });
  const plan = planRebalance({ balances: new Map([['ethereum', 500n * USDC], ['arbitrum', 500n * USDC]]), targets: [{ chain: 'base', bps: 5000 }, { chain: 'ethereum', bps: 5000 }], toleranceBps: 0, cheapest });
  assert.equal(plan.chains.map((chain) => [chain.chain, chain.bps]), [['base', 5000], ['ethereum', 5000], ['arbitrum', 0]]);
  assert.is(plan.chains.find((chain) => chain.chain === 'arbitrum')!.expected, 0n);
  assertConserved(plan);
  const tiny = planRebalance({ balances: new Map([['ethereum', 1_500n]]), targets: [{ chain: 'base', bps: 5000 }, { chain: 'ethereum', bps: 5000 }], toleranceBps: 0, cheapest });
  assert.equal(tiny.moves, []);
  assert.is(tiny.reachable, false);
});

test('nothing held: nothing to do', () => {
  const plan = planRebalance({ balances: new Map(), targets: ALLOCATION, toleranceBps: 0, cheapest: everywhere });
  assert.equal([plan.total, plan.moves.length, plan.withinToleranceBefore, plan.reachable], [0n, 0, true, true]);
});

test.run();
