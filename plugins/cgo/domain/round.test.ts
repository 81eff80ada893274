import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allocate, settlementLegs, termProblems, type InvestmentRecord } from './round.js';

test('within the cap everyone gets what they asked for', () => {
  assert.equal(allocate([10, 20, 30], 60), [10, 20, 30]);
  assert.equal(allocate([10, 20], 100), [10, 20]);
  assert.equal(allocate([], 100), []);
});

test('oversubscribed: pro-rata, rounded down, the rest to the largest remainders, earlier first on a tie', () => {
  // 100 asked of 50: exactly half each.
  assert.equal(allocate([40, 60], 50), [20, 30]);
  // 3 × 1 asked of 2: 2/3 each, floors 0, the two units left go to the earliest two (equal remainders).
  assert.equal(allocate([1, 1, 1], 2), [1, 1, 0]);
  // 7 and 3 of 5: 3.5 and 1.5 → 3 and 1, the one left to the first (tie on remainder 5).
  assert.equal(allocate([7, 3], 5), [4, 1]);
  // Remainders decide: 10×7/13 = 5.38, 2×7/13 = 1.07, 1×7/13 = 0.53 → 5, 1, 1.
  assert.equal(allocate([10, 2, 1], 7), [5, 1, 1]);
});

test('allocations always sum to the cap, never exceed a request, exact at large figures', () => {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  for (let round = 0; round < 200; round += 1) {
    const requested = Array.from({ length: 1 + (next() % 12) }, () => 1 + (next() % 1000));
    const total = requested.reduce((a, b) => a + b, 0);
    const cap = 1 + (next() % total);
    const allocated = allocate(requested, cap);
    assert.is(allocated.reduce((a, b) => a + b, 0), Math.min(cap, total));
    allocated.forEach((units, index) => assert.ok(units >= 0 && units <= requested[index]!));
  }
  const big = allocate([2_147_483_647, 2_147_483_647, 1], 2_147_483_647);
  assert.is(big.reduce((a, b) => a + b, 0), 2_147_483_647);
});

test('terms: max ≥ min, cap ≥ max, closing in the future', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  assert.equal(termProblems({ minUnits: 1, maxUnits: 10, hardCapUnits: 100, closesAt: new Date('2026-02-01T00:00:00Z') }, now), []);
  assert.equal(
    termProblems({ minUnits: 5, maxUnits: 4, hardCapUnits: 3, closesAt: now }, now).map(([field]) => field),
    ['max_units_per_investor', 'hard_cap_units', 'closes_at'],
  );
});

test('settlement legs balance: escrow pays the proceeds and the refund, or keeps a refund it cannot pay', () => {
  const investment = { paid: 1000n, assetCode: 'USD' } as InvestmentRecord;
  const sum = (legs: { amount: bigint }[]) => legs.reduce((a, leg) => a + leg.amount, 0n);
  const partial = settlementLegs(investment, 600n, 'acc');
  assert.equal(partial.map((leg) => [leg.accountId, leg.amount]), [['system:cgo-escrow', -1000n], ['system:cgo-proceeds', 600n], ['acc', 400n]]);
  assert.is(sum(partial), 0n);
  assert.equal(settlementLegs(investment, 0n, 'acc').map((leg) => leg.amount), [-1000n, 1000n]);
  assert.equal(settlementLegs(investment, 1000n, 'acc').map((leg) => leg.amount), [-1000n, 1000n]);
  const held = settlementLegs(investment, 600n, null);
  assert.equal(held.map((leg) => leg.amount), [-600n, 600n]);
  assert.equal(settlementLegs(investment, 0n, null), [], 'no movement');
});

test.run();
