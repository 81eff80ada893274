import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buyReservation, byPriority, levels, match, quoteFor } from './matching.js';
import type { OrderRecord } from './order.js';

let seq = 0;
function order(side: 'BUY' | 'SELL', price: bigint, amount: bigint, accountId = 'maker'): OrderRecord {
  seq += 1;
  const at = new Date(0);
  return { id: `o${seq}`, teamId: 't', accountId, pair: 'BTC/USD', side, type: 'LIMIT', price, amount, filled: 0n, status: 'open', holdId: 'h', reserved: 0n, seq, createdAt: at, updatedAt: at };
}

test('asks match lowest price first, then earliest; trades at the maker price', () => {
  const late = order('SELL', 100n, 5n);
  const cheap = order('SELL', 99n, 5n);
  const early = order('SELL', 100n, 5n);
  const book = byPriority([late, cheap, early].map((o, i) => ({ ...o, seq: [3, 2, 1][i]! })), 'SELL');
  const fills = match({ side: 'BUY', accountId: 'taker', price: 100n, amount: 8n }, book, 0);
  assert.equal(fills.map((f) => [f.maker.id, f.amount, f.price]), [[cheap.id, 5n, 99n], [early.id, 3n, 100n]]);
});

test('a limit that does not cross matches nothing; a market order takes any price', () => {
  const book = byPriority([order('SELL', 105n, 5n)], 'SELL');
  assert.equal(match({ side: 'BUY', accountId: 'taker', price: 100n, amount: 1n }, book, 0), []);
  assert.is(match({ side: 'BUY', accountId: 'taker', price: null, amount: 9n }, book, 0)[0]!.amount, 5n);
});

test('bids match highest first; the taker’s own orders are skipped', () => {
  const own = order('BUY', 110n, 5n, 'taker');
  const best = order('BUY', 101n, 5n);
  const book = byPriority([order('BUY', 100n, 5n), own, best], 'BUY');
  const fills = match({ side: 'SELL', accountId: 'taker', price: 100n, amount: 6n }, book, 0);
  assert.equal(fills.map((f) => f.maker.price), [101n, 100n]);
});

test('quote amounts round down per fill; a buy reserves rounded up, so fills never exceed it', () => {
  assert.is(quoteFor(50_000_000n, 6_500_000n, 8), 3_250_000n);
  assert.is(quoteFor(1n, 6_500_000n, 8), 0n);
  assert.is(buyReservation(1n, 6_500_000n, 8), 1n);
  assert.is(buyReservation(3n, 333n, 1), 100n);
  assert.ok(quoteFor(1n, 333n, 1) + quoteFor(2n, 333n, 1) <= buyReservation(3n, 333n, 1));
});

test('levels sum open amounts per price, best first', () => {
  const a = order('SELL', 100n, 5n);
  const b = { ...order('SELL', 100n, 5n), filled: 2n };
  assert.equal(levels([order('SELL', 101n, 1n), a, b], 'SELL', 10), [{ price: 100n, amount: 8n }, { price: 101n, amount: 1n }]);
});

test.run();
