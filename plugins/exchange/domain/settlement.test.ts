import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { byPriority } from './book.js';
import { match, quoteFor } from './matching.js';
import type { OrderRecord } from './order.js';
import { settle, takerReservation, type Settlement } from './settlement.js';

/** BTC/USD: 8 base decimals, prices in cents per bitcoin. */
const BTC = 8;
const AT = new Date(0);
let seq = 0;

function resting(side: 'BUY' | 'SELL', price: bigint, amount: bigint, accountId: string): OrderRecord {
  seq += 1;
  const reserved = side === 'BUY' ? quoteFor(amount, price, BTC, 'BUY') : amount;
  return { id: `m${seq}`, teamId: 't', accountId, pair: 'BTC/USD', side, type: 'LIMIT', price, amount, filled: 0n, status: 'open', holdId: `hold-m${seq}`, reserved, seq, createdAt: AT, updatedAt: AT };
}

function place(side: 'BUY' | 'SELL', type: 'LIMIT' | 'MARKET', price: bigint | null, amount: bigint, book: OrderRecord[]): Settlement {
  const fills = match({ side, accountId: 'taker', price, amount }, byPriority(book, side === 'BUY' ? 'SELL' : 'BUY'), BTC).fills;
  const draft = { side, type, price, amount } as const;
  const taker: OrderRecord = {
    ...draft, id: 'taker', teamId: 't', accountId: 'taker', pair: 'BTC/USD', filled: 0n, status: 'open', holdId: 'hold-taker',
    reserved: takerReservation(draft, fills, BTC), seq: 99, createdAt: AT, updatedAt: AT,
  };
  let n = 0;
  return settle(taker, fills, BTC, () => `trade${++n}`, AT);
}

/** Per asset: what each hold pays out equals what the counterparties receive, and no hold pays more than it reserved. */
function assertConserved(result: Settlement, holds: Map<string, bigint>): void {
  const paid = new Map<string, bigint>();
  for (const payment of result.payments) {
    assert.ok(payment.amount > 0n, 'no payment is worth nothing');
    paid.set(payment.holdId, (paid.get(payment.holdId) ?? 0n) + payment.amount);
  }
  for (const [holdId, amount] of paid) assert.ok(amount <= holds.get(holdId)!, `${holdId} pays ${amount} of ${holds.get(holdId)}`);
  for (const trade of result.trades) assert.ok(trade.quoteAmount > 0n);
}

test('at the minimum order value (16 satoshi at 65000.00) the buying taker pays the rounded-up cent to the resting seller', () => {
  const book = [resting('SELL', 6_500_000n, 100_000_000n, 'seller')];
  const result = place('BUY', 'LIMIT', 6_500_000n, 16n, book);
  // 16 satoshi are worth 1.04 cents: the taker pays 2, the resting seller gets 2.
  assert.equal(result.trades.map((t) => [t.amount, t.quoteAmount]), [[16n, 2n]]);
  assert.equal(result.payments, [
    { holdId: 'hold-m' + seq, amount: 16n, toAccountId: 'taker', asset: 'base' },
    { holdId: 'hold-taker', amount: 2n, toAccountId: 'seller', asset: 'quote' },
  ]);
  assert.equal([result.taker.status, result.taker.reserved], ['filled', 0n]);
});

test('a BUY taker reserves exactly its fills plus its resting remainder; the maker sells at its price and keeps resting', () => {
  const maker = resting('SELL', 6_000_001n, 50_000_000n, 'seller');
  const result = place('BUY', 'LIMIT', 6_500_000n, 100_000_000n, [maker]);
  // 0.5 at 60000.01 is 30000.005, rounded up to 30000.01; the 0.5 left rests at 65000.00: 32500.00 stays reserved.
  assert.equal(result.trades.map((t) => t.quoteAmount), [3_000_001n]);
  assert.equal([result.taker.status, result.taker.reserved, result.taker.filled], ['partially_filled', 3_250_000n, 50_000_000n]);
  assert.equal(result.closing.map((o) => [o.id, o.status, o.reserved]), [[maker.id, 'filled', 0n]]);
  assertConserved(result, new Map([[maker.holdId, maker.reserved], ['hold-taker', 6_250_001n]]));
});

test('a SELL taker receives the rounded-down quote; a filled BUY maker keeps the rest of its reservation to release', () => {
  const maker = resting('BUY', 6_500_000n, 155n, 'buyer'); // reserved 10.075 → 11 cents
  const result = place('SELL', 'LIMIT', 6_000_000n, 155n, [maker]);
  assert.equal(result.trades.map((t) => t.quoteAmount), [10n]);
  assert.equal(result.closing.map((o) => [o.status, o.reserved]), [['filled', 1n]]);
  assert.equal([result.taker.status, result.taker.reserved], ['filled', 0n]);
  assertConserved(result, new Map([[maker.holdId, 11n], ['hold-taker', 155n]]));
});

test('a maker left with a remainder worth less than a cent leaves the book: cancelled, its rest to release', () => {
  const maker = resting('SELL', 6_500_000n, 1_000_000_001n, 'seller');
  const result = place('BUY', 'LIMIT', 6_500_000n, 1_000_000_000n, [maker]);
  assert.equal(result.closing.map((o) => [o.status, o.filled, o.reserved]), [['cancelled', 1_000_000_000n, 1n]]);
  assert.equal(result.makersAfterFill.map((o) => o.status), ['partially_filled']);
});

test('a taker’s dust remainder does not rest: cancelled, and its hold reserved nothing for it', () => {
  const book = [resting('SELL', 6_500_000n, 100n, 'seller')];
  const result = place('BUY', 'LIMIT', 6_500_000n, 101n, book);
  // 100 filled; 1 satoshi at 65000 is 0.00065 USD: below the minimum, so it is cancelled rather than resting.
  assert.equal([result.taker.status, result.taker.filled, result.taker.reserved], ['cancelled', 100n, 0n]);
  assert.is(takerReservation({ side: 'BUY', type: 'LIMIT', price: 6_500_000n, amount: 101n }, match({ side: 'BUY', accountId: 'taker', price: 6_500_000n, amount: 101n }, book, BTC).fills, BTC), 7n);
});

test('a MARKET remainder is cancelled; the per-fill states of the taker end in its final state', () => {
  const book = [resting('SELL', 100_000n, 50_000_000n, 'a'), resting('SELL', 110_000n, 50_000_000n, 'b')];
  const result = place('BUY', 'MARKET', null, 200_000_000n, book);
  assert.equal(result.takerAfterFill.map((o) => [o.filled, o.status]), [[50_000_000n, 'partially_filled'], [100_000_000n, 'partially_filled']]);
  assert.equal([result.taker.status, result.taker.reserved], ['cancelled', 0n]);
  assert.equal(result.trades.map((t) => t.quoteAmount), [50_000n, 55_000n]);
});

test.run();
