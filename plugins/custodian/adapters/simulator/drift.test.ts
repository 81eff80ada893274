import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { drift } from './drift.js';

test('drift is deterministic, moves at most 1 % (at least one unit), never below zero', () => {
  const start = new Map([['USD', 1_000_000n], ['BTC', 0n], ['ETH', 10n ** 30n]]);
  assert.equal(drift('ext-1', 3, start), drift('ext-1', 3, start));
  let moved = 0;
  for (let n = 1; n <= 50; n++) {
    const next = drift('ext-1', n, start);
    for (const [holding, before] of start) {
      const after = next.get(holding)!;
      const delta = after > before ? after - before : before - after;
      assert.ok(after >= 0n, `${holding} went negative`);
      assert.ok(delta <= (before / 100n > 1n ? before / 100n : 1n), `${holding} moved ${delta}`);
      if (delta > 0n) moved += 1;
    }
  }
  assert.ok(moved > 30 && moved < 120, `about half the draws move: ${moved} of 150`);
  assert.not.equal(drift('ext-1', 1, start), drift('ext-2', 1, start));
});

test.run();
