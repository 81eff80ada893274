import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { byPriority, levels } from './book.js';
import { buyReservation, match, quoteFor, worthAMinorUnit } from './matching.js';
import type { OrderRecord } from './order.js';

let seq = 0;
function order(side: 'BUY' | 'SELL', price: bigint, amount: bigint, accountId = 'maker'): OrderRecord {
  seq += 1;
  const at = new Date(0);
  return { id: `o${seq}`, teamId: 't', accountId, pair: 'BTC/USD', side, type: 'LIMIT', price, amount, filled: 0n, status: 'open', holdId: 'h', reserved: 0n, seq, createdAt: at, updatedAt: at };
}

/** BTC/USD: 8 base decimals; 65000.00 is 6_500_000 cents per bitcoin. */
const BTC = 8;
const PRICE = 6_500_000n;

test('asks match lowest price first, then earliest; trades at the maker price', () => {
  const late = order('SELL', 100n, 5n);
  const cheap = order('SELL', 99n, 5n);
  const early = order('SELL', 100n, 5n);
  const book = byPriority([late, cheap, early].map((o, i) => ({ ...o, seq: [3, 2, 1][i]! })), 'SELL');
  const { fills } = match({ side: 'BUY', accountId: 'taker', price: 100n, amount: 8n }, book, 0);
  assert.equal(fills.map((f) => [f.maker.id, f.amount, f.price]), [[cheap.id, 5n, 99n], [early.id, 3n, 100n]]);
});

test('a limit that does not cross matches nothing; a market order takes any price', () => {
  const book = byPriority([order('SELL', 105n, 5n)], 'SELL');
  assert.equal(match({ side: 'BUY', accountId: 'taker', price: 100n, amount: 1n }, book, 0).fills, []);
  const market = match({ side: 'BUY', accountId: 'taker', price: null, amount: 9n }, book, 0);
  assert.equal([market.fills[0]!.amount, market.remaining], [5n, 4n]);
});

test('bids match highest first; makers the caller skips (inactive accounts) are passed over and stay', () => {
  const frozen = order('BUY', 110n, 5n, 'frozen');
  const best = order('BUY', 101n, 5n);
  const book = byPriority([order('BUY', 100n, 5n), frozen, best], 'BUY');
  const { fills } = match({ side: 'SELL', accountId: 'taker', price: 100n, amount: 6n }, book, 0, (maker) => maker.accountId === 'frozen');
  assert.equal(fills.map((f) => f.maker.price), [101n, 100n]);
});

test('self-trade prevention: reaching a resting order of the same account refuses the order', () => {
  const own = order('SELL', 100n, 5n, 'me');
  const other = order('SELL', 90n, 5n, 'other');
  const book = byPriority([own, other], 'SELL');
  // Filled before it reaches its own order: no self-trade.
  assert.is(match({ side: 'BUY', accountId: 'me', price: 200n, amount: 5n }, book, 0).remaining, 0n);
  try {
    match({ side: 'BUY', accountId: 'me', price: 200n, amount: 6n }, book, 0);
    assert.unreachable('a crossing order of the same account must be refused');
  } catch (error) {
    assert.equal([(error as { status: number }).status, (error as { code: string }).code], [422, 'self_trade_prevented']);
  }
  // Not crossing its own order: nothing to prevent.
  assert.equal(match({ side: 'BUY', accountId: 'me', price: 95n, amount: 6n }, book, 0).fills.map((f) => f.amount), [5n]);
});

test('rounding favours the resting order: a buying taker pays the quote rounded up, a selling taker receives it rounded down', () => {
  assert.is(quoteFor(50_000_000n, PRICE, BTC, 'BUY'), 3_250_000n);
  assert.is(quoteFor(50_000_000n, PRICE, BTC, 'SELL'), 3_250_000n);
  // 0.00000001 BTC at 65000.00 is 0.00065 USD: the buyer pays 0.01, the seller would get 0.00.
  assert.is(quoteFor(1n, PRICE, BTC, 'BUY'), 1n);
  assert.is(quoteFor(1n, PRICE, BTC, 'SELL'), 0n);
  // 0.00000155 BTC is 0.10075 USD.
  assert.is(quoteFor(155n, PRICE, BTC, 'BUY'), 11n);
  assert.is(quoteFor(155n, PRICE, BTC, 'SELL'), 10n);
});

test('the minimum order value is one minor unit of the quote asset at the price', () => {
  // 0.01 USD / 65000 = 0.000000153… BTC: 15 satoshi are worth 0.00975 USD, 16 are worth 0.0104 USD.
  assert.not.ok(worthAMinorUnit(15n, PRICE, BTC));
  assert.ok(worthAMinorUnit(16n, PRICE, BTC));
  assert.ok(worthAMinorUnit(1n, 1n, 0));
});

test('a selling taker stops where its remainder would be paid nothing; a buying taker never gets a fill for nothing', () => {
  const bids = byPriority([order('BUY', PRICE, 100n), order('BUY', PRICE, 100n)], 'BUY');
  const sell = match({ side: 'SELL', accountId: 'taker', price: PRICE, amount: 101n }, bids, BTC);
  assert.equal([sell.fills.map((f) => [f.amount, f.quoteAmount]), sell.remaining, sell.stoppedOnDust], [[[100n, 6n]], 1n, true]);
  const asks = byPriority([order('SELL', PRICE, 100n), order('SELL', PRICE, 100n)], 'SELL');
  const buy = match({ side: 'BUY', accountId: 'taker', price: PRICE, amount: 101n }, asks, BTC);
  assert.equal([buy.fills.map((f) => [f.amount, f.quoteAmount]), buy.remaining, buy.stoppedOnDust], [[[100n, 7n], [1n, 1n]], 0n, false]);
  for (const fill of [...sell.fills, ...buy.fills]) assert.ok(fill.quoteAmount > 0n);
});

test('a BUY reserves its rounded-up fills plus its resting remainder at the limit, rounded up; maker fills of that remainder stay within it', () => {
  const asks = byPriority([order('SELL', 333n, 1n), order('SELL', 333n, 1n)], 'SELL');
  const { fills } = match({ side: 'BUY', accountId: 'taker', price: 333n, amount: 5n }, asks, 1);
  // One base decimal at 3.33 a unit: each fill of 0.1 costs 0.333, rounded up to 0.34; the 0.3 left rests at
  // 0.999, rounded up to 1.00.
  assert.equal(fills.map((f) => f.quoteAmount), [34n, 34n]);
  assert.is(buyReservation(fills, 3n, 333n, 1), 168n);
  assert.is(buyReservation(fills, 0n, 333n, 1), 68n);
  // As a maker its remainder is paid rounded down, in any split: never more than reserved for it.
  for (const split of [[3n], [1n, 2n], [1n, 1n, 1n]]) {
    const paid = split.reduce((sum, amount) => sum + quoteFor(amount, 333n, 1, 'SELL'), 0n);
    assert.ok(paid <= 100n, `${split} paid ${paid}`);
  }
});

test('levels sum open amounts per price, best first', () => {
  const a = order('SELL', 100n, 5n);
  const b = { ...order('SELL', 100n, 5n), filled: 2n };
  assert.equal(levels([order('SELL', 101n, 1n), a, b], 'SELL', 10), [{ price: 100n, amount: 8n }, { price: 101n, amount: 1n }]);
  assert.equal(levels([order('BUY', 99n, 1n), order('BUY', 98n, 1n), order('BUY', 97n, 1n)], 'BUY', 2).map((l) => l.price), [99n, 98n]);
});

test.run();
