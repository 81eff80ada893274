import { WHOLE_BPS, type AllocationTarget } from './allocation.js';

/** The cheapest protocol for one ordered pair of chains, and its fee in base units of the token. */
export interface PairQuote {
  readonly protocol: string;
  readonly feeAmount: bigint;
}

export interface PlanInput {
  /** The account's holding of the token per chain, base units (chains not listed hold nothing). */
  readonly balances: ReadonlyMap<string, bigint>;
  /** The allocation; bps sum to 10,000. A chain holding the token but not in it has a target of 0. */
  readonly targets: readonly AllocationTarget[];
  /** How far (basis points of the total) a chain may be from its target and still count as on target. */
  readonly toleranceBps: number;
  /** The cheapest protocol carrying the token from `source` to `destination`; undefined when none does. */
  cheapest(source: string, destination: string): PairQuote | undefined;
}

/** One bridge transfer of the plan: `amount` leaves the source, `feeAmount` stays with the bridge, the rest arrives. */
export interface PlannedMove {
  readonly sourceChain: string;
  readonly destinationChain: string;
  readonly protocol: string;
  readonly amount: bigint;
  readonly feeAmount: bigint;
  readonly receiveAmount: bigint;
}

export interface ChainPlan {
  readonly chain: string;
  readonly bps: number;
  readonly before: bigint;
  /** Its share of what the chains will hold after the plan's fees. */
  readonly target: bigint;
  /** What it holds once every move arrived. */
  readonly expected: bigint;
}

export interface Plan {
  readonly total: bigint;
  readonly chains: readonly ChainPlan[];
  readonly moves: readonly PlannedMove[];
  readonly feeTotal: bigint;
  /** Every chain was already within tolerance: nothing to move. */
  readonly withinToleranceBefore: boolean;
  /** Every chain is within tolerance once the moves arrived. */
  readonly reachable: boolean;
}

/** Fee sets tried at most; a plan's fees decide its targets and its targets its fees, and this settles in one or two rounds. */
const ROUNDS = 8;

/**
 * Plans the bridge transfers that bring the holdings to the allocation,
 * in exact integer arithmetic (docs/treasury.md, "Planning"):
 *
 * - Targets are shares of what the chains will hold **after** the fees:
 *   `⌊(total − fees) × bps / 10,000⌋`, the remainder's base units one each
 *   to the largest shares. With those targets the surpluses sum to the
 *   deficits plus the fees exactly, so a source pays each fee on top of
 *   what its destination needs.
 * - Nothing moves when every chain is already within tolerance.
 * - Greedy by fee: of the pairs (surplus chain, deficit chain) some protocol
 *   carries, the one with the cheapest fee moves first, as much as closes the
 *   deficit or empties the surplus; then the next cheapest. A pair nobody
 *   carries is skipped (the deficit is filled from another chain, or stays).
 *   A second pass serves the deficit chains fewest sources reach first (so
 *   a cheap pair does not use up the only source of another chain); the
 *   plan kept is the reachable one, then the one with the lower fees.
 *   A deficit already within tolerance is not topped up, nor does a source
 *   send a second transfer of a leftover within tolerance (a whole fee to
 *   move less than the tolerance); a source whose surplus does not exceed
 *   the fee sends nothing.
 * - Fees depend on which pairs move and targets on the fees: the plan is
 *   redone with the new fee total until it no longer changes (at most 8
 *   rounds; the last one is taken).
 *
 * Greedy is not always the cheapest set (the fixed fee per transfer makes
 * this a fixed-charge transportation problem, NP-hard in general), but each
 * pass closes a deficit or empties a surplus with every transfer, so it
 * uses fewer transfers than there are chains, each over its pair's
 * cheapest protocol. No transfer is relayed through a third chain.
 * `reachable` says whether the result lands within tolerance.
 */
export function planRebalance(input: PlanInput): Plan {
  const chains = chainOrder(input);
  const total = chains.reduce((sum, chain) => sum + (input.balances.get(chain) ?? 0n), 0n);
  const bps = new Map(input.targets.map((target) => [target.chain, target.bps]));
  const before = new Map(chains.map((chain) => [chain, input.balances.get(chain) ?? 0n]));
  const beforeTargets = shares(total, chains, bps);
  const withinToleranceBefore = chains.every((chain) => within(before.get(chain)!, beforeTargets.get(chain)!, total, input.toleranceBps));
  if (withinToleranceBefore) {
    return { total, chains: chains.map((chain) => ({ chain, bps: bps.get(chain) ?? 0, before: before.get(chain)!, target: beforeTargets.get(chain)!, expected: before.get(chain)! })), moves: [], feeTotal: 0n, withinToleranceBefore, reachable: true };
  }
  const plans = ORDERS.map((order) => planInOrder(input, chains, bps, before, total, order));
  // Reachable first, then the lower fee total, then fewer transfers; ties go to the cheapest-first order.
  plans.sort((a, b) => Number(b.reachable) - Number(a.reachable) || (a.feeTotal < b.feeTotal ? -1 : a.feeTotal > b.feeTotal ? 1 : a.moves.length - b.moves.length));
  return plans[0]!;
}

/** The two orders the greedy pass tries: cheapest pair first, or the least reachable deficit chain first (then cheapest). */
const ORDERS = ['cheapest', 'constrained'] as const;
type Order = (typeof ORDERS)[number];

function planInOrder(input: PlanInput, chains: readonly string[], bps: ReadonlyMap<string, number>, before: ReadonlyMap<string, bigint>, total: bigint, order: Order): Plan {
  let fees = 0n;
  let moves: PlannedMove[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    moves = greedy(chains, before, shares(total - fees, chains, bps), total - fees, input, order);
    const spent = moves.reduce((sum, move) => sum + move.feeAmount, 0n);
    if (spent === fees) break;
    fees = spent;
  }
  const feeTotal = moves.reduce((sum, move) => sum + move.feeAmount, 0n);
  const goal = shares(total - feeTotal, chains, bps);
  const expected = new Map(before);
  for (const move of moves) {
    expected.set(move.sourceChain, expected.get(move.sourceChain)! - move.amount);
    expected.set(move.destinationChain, expected.get(move.destinationChain)! + move.receiveAmount);
  }
  const reachable = chains.every((chain) => within(expected.get(chain)!, goal.get(chain)!, total - feeTotal, input.toleranceBps));
  return {
    total,
    chains: chains.map((chain) => ({ chain, bps: bps.get(chain) ?? 0, before: before.get(chain)!, target: goal.get(chain)!, expected: expected.get(chain)! })),
    moves,
    feeTotal,
    withinToleranceBefore: false,
    reachable,
  };
}

/** Whether `held` is within `toleranceBps` of `total` from `target`. */
export function within(held: bigint, target: bigint, total: bigint, toleranceBps: number): boolean {
  const gap = held > target ? held - target : target - held;
  return gap * BigInt(WHOLE_BPS) <= BigInt(toleranceBps) * total;
}

/** The allocation's chains in its order, then chains holding the token outside it, by name. */
function chainOrder(input: PlanInput): string[] {
  const listed = input.targets.map((target) => target.chain);
  const others = [...input.balances.entries()].filter(([chain, amount]) => amount > 0n && !listed.includes(chain)).map(([chain]) => chain).sort();
  return [...listed, ...others];
}

/** Each chain's share of `total` by its bps, floors first, then the remainder one base unit each to the largest shares (ties: listed order). */
export function shares(total: bigint, chains: readonly string[], bps: ReadonlyMap<string, number>): Map<string, bigint> {
  const whole = BigInt(WHOLE_BPS);
  const result = new Map(chains.map((chain) => [chain, (total * BigInt(bps.get(chain) ?? 0)) / whole]));
  let remainder = total - [...result.values()].reduce((sum, amount) => sum + amount, 0n);
  const byShare = chains.filter((chain) => (bps.get(chain) ?? 0) > 0).sort((a, b) => (bps.get(b) ?? 0) - (bps.get(a) ?? 0));
  for (let index = 0; remainder > 0n && byShare.length > 0; index = (index + 1) % byShare.length, remainder -= 1n) {
    result.set(byShare[index]!, result.get(byShare[index]!)! + 1n);
  }
  return result;
}

function greedy(chains: readonly string[], before: ReadonlyMap<string, bigint>, goal: ReadonlyMap<string, bigint>, goalTotal: bigint, input: PlanInput, order: Order): PlannedMove[] {
  const surplus = new Map<string, bigint>();
  const deficit = new Map<string, bigint>();
  for (const chain of chains) {
    const gap = before.get(chain)! - goal.get(chain)!;
    if (gap > 0n) surplus.set(chain, gap);
    if (gap < 0n) deficit.set(chain, -gap);
  }
  const pairs: Array<{ source: string; destination: string; quote: PairQuote }> = [];
  for (const source of surplus.keys()) {
    for (const destination of deficit.keys()) {
      const quote = input.cheapest(source, destination);
      if (quote) pairs.push({ source, destination, quote });
    }
  }
  // Cheapest first (after the least reachable destination first, in that order); equal fees in the chains' order, so the plan is the same every time.
  const rank = (chain: string) => chains.indexOf(chain);
  const sources = new Map<string, number>();
  for (const pair of pairs) sources.set(pair.destination, (sources.get(pair.destination) ?? 0) + 1);
  const reach = (destination: string) => (order === 'constrained' ? sources.get(destination)! : 0);
  pairs.sort(
    (a, b) =>
      reach(a.destination) - reach(b.destination) ||
      (a.quote.feeAmount < b.quote.feeAmount ? -1 : a.quote.feeAmount > b.quote.feeAmount ? 1 : rank(a.source) - rank(b.source) || rank(a.destination) - rank(b.destination)),
  );
  const moves: PlannedMove[] = [];
  const sent = new Set<string>();
  for (const { source, destination, quote } of pairs) {
    const available = surplus.get(source)!;
    const needed = deficit.get(destination)!;
    if (needed <= 0n || available <= quote.feeAmount) continue;
    if (input.toleranceBps > 0 && within(goal.get(destination)! - needed, goal.get(destination)!, goalTotal, input.toleranceBps)) continue;
    if (input.toleranceBps > 0 && sent.has(source) && within(goal.get(source)! + available, goal.get(source)!, goalTotal, input.toleranceBps)) continue;
    const amount = available < needed + quote.feeAmount ? available : needed + quote.feeAmount;
    const receiveAmount = amount - quote.feeAmount;
    surplus.set(source, available - amount);
    deficit.set(destination, needed - receiveAmount);
    sent.add(source);
    moves.push({ sourceChain: source, destinationChain: destination, protocol: quote.protocol, amount, feeAmount: quote.feeAmount, receiveAmount });
  }
  return moves;
}
