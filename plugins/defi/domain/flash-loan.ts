import type { Dex } from './pool-catalog.js';
import { quoteHop, type PoolView } from './route-search.js';

/** One operation of a flash loan: swap the whole balance of `from` into `to` on `dex`. */
export interface FlashOperation {
  readonly from: string;
  readonly to: string;
  readonly dex: Dex;
}

export interface FlashStep extends FlashOperation {
  readonly poolId: string;
  readonly amountIn: bigint;
  readonly out: bigint;
}

export type FlashOutcome =
  | { readonly ok: true; readonly steps: readonly FlashStep[]; readonly pools: ReadonlyMap<string, PoolView>; readonly balances: ReadonlyMap<string, bigint> }
  | { readonly ok: false; readonly steps: readonly FlashStep[]; readonly reason: string };

/**
 * A flash loan run against pools as they trade now, exactly and without
 * side effects: borrow `amount` of `token`, run each operation on the best
 * pool of its DEX for the pair (the pools move as they are traded, so one
 * used twice gives a worse price the second time), then owe amount +
 * premium. Left over balances, the borrowed token's above what is owed
 * included, are the borrower's profit. Reverts (ok: false) with the reason
 * when an operation has nothing to swap or the loan cannot be repaid.
 */
export function runFlashLoan(pools: readonly PoolView[], token: string, amount: bigint, premium: bigint, operations: readonly FlashOperation[]): FlashOutcome {
  const state = new Map(pools.map((pool) => [pool.spec.id, pool]));
  const balances = new Map<string, bigint>([[token, amount]]);
  const steps: FlashStep[] = [];
  for (const [index, operation] of operations.entries()) {
    const amountIn = balances.get(operation.from) ?? 0n;
    if (amountIn === 0n) return { ok: false, steps, reason: `operation ${index} has no ${operation.from} to swap` };
    const best = bestPool([...state.values()], operation, amountIn);
    if (!best || best.out === 0n) return { ok: false, steps, reason: `operation ${index}: ${operation.dex} pays nothing for ${amountIn} base units of ${operation.from}` };
    const { pool, out } = best;
    const reserves = [...pool.reserves];
    reserves[pool.spec.tokens.indexOf(operation.from)]! += amountIn;
    reserves[pool.spec.tokens.indexOf(operation.to)]! -= out;
    state.set(pool.spec.id, { ...pool, reserves });
    balances.set(operation.from, 0n);
    balances.set(operation.to, (balances.get(operation.to) ?? 0n) + out);
    steps.push({ ...operation, poolId: pool.spec.id, amountIn, out });
  }
  const owed = amount + premium;
  const held = balances.get(token) ?? 0n;
  if (held < owed) return { ok: false, steps, reason: `cannot repay: holds ${held} base units of ${token} after the operations, owes ${owed} (amount + premium)` };
  balances.set(token, held - owed);
  const traded = new Map(steps.map((step) => [step.poolId, state.get(step.poolId)!]));
  return { ok: true, steps, pools: traded, balances: new Map([...balances].filter(([, left]) => left > 0n)) };
}

/** The pools of `dex` holding both tokens. */
export function poolsFor(pools: readonly PoolView[], operation: FlashOperation): PoolView[] {
  return pools.filter((pool) => pool.spec.dex === operation.dex && pool.spec.tokens.includes(operation.from) && pool.spec.tokens.includes(operation.to));
}

function bestPool(pools: readonly PoolView[], operation: FlashOperation, amountIn: bigint): { pool: PoolView; out: bigint } | undefined {
  let best: { pool: PoolView; out: bigint } | undefined;
  for (const pool of poolsFor(pools, operation)) {
    const out = quoteHop(pool, operation.from, operation.to, amountIn).out;
    if (!best || out > best.out) best = { pool, out };
  }
  return best;
}
