import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { captured, remaining, reversed, spent, type AuthorizationRecord } from './authorization.js';
import { dayStart, declineReason, expiresAfter, expiryFrom, nextStatus, type CardRecord } from './card.js';
import { isLuhnValid, luhnCheckDigit, makePan } from './pan.js';

const T0 = new Date('2026-03-10T12:00:00Z');

test('the Luhn check digit of known card numbers, and a makePan that always passes it', () => {
  assert.is(luhnCheckDigit('424242424242424'), 2);
  assert.is(luhnCheckDigit('7992739871'), 3);
  assert.ok(isLuhnValid('4111111111111111'));
  assert.not.ok(isLuhnValid('4111111111111112'));
  let counter = 0;
  const bytes = (length: number) => Uint8Array.from({ length }, () => (counter = (counter * 37 + 11) % 256));
  for (let round = 0; round < 50; round += 1) {
    const pan = makePan('400010', bytes);
    assert.ok(/^400010\d{10}$/.test(pan), pan);
    assert.ok(isLuhnValid(pan), pan);
  }
  // Bytes of 250 and above are skipped: digits stay uniform.
  assert.is(makePan('400010', (length) => new Uint8Array(length).fill(255).map((v, i) => (i % 2 ? 7 : v))), '400010777777777' + luhnCheckDigit('400010777777777'));
  assert.throws(() => makePan('12ab', bytes), /BIN/);
});

const card = (overrides: Partial<CardRecord> = {}): CardRecord => ({
  id: 'c',
  teamId: 't',
  cardholderId: 'h',
  accountId: 'a',
  currency: 'USD',
  panCiphertext: 'x',
  last4: '4242',
  ...expiryFrom(T0, 36),
  status: 'active',
  perTransactionLimit: 10_000n,
  dailyLimit: 20_000n,
  allowedCategories: ['5411'],
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

test('expiry is the end of the month, months after issuance', () => {
  assert.equal(expiryFrom(T0, 36), { expMonth: 3, expYear: 2029 });
  assert.equal(expiryFrom(new Date('2026-11-30T00:00:00Z'), 2), { expMonth: 1, expYear: 2027 });
  assert.is(expiresAfter({ expMonth: 12, expYear: 2029 }).toISOString(), '2029-12-31T23:59:59.999Z');
  assert.is(dayStart(T0).toISOString(), '2026-03-10T00:00:00.000Z');
});

test('declineReason checks status, expiry, category, then the limits', () => {
  assert.is(declineReason(card(), 10_000n, '5411', 10_000n, T0), null);
  assert.is(declineReason(card({ status: 'frozen' }), 1n, '5999', 0n, T0), 'card_frozen');
  assert.is(declineReason(card({ status: 'cancelled' }), 1n, '5411', 0n, T0), 'card_cancelled');
  assert.is(declineReason(card(), 1n, '5411', 0n, new Date('2029-04-01T00:00:00Z')), 'card_expired');
  assert.is(declineReason(card(), 1n, '5999', 0n, T0), 'category_not_allowed');
  assert.is(declineReason(card({ allowedCategories: null }), 1n, '5999', 0n, T0), null);
  assert.is(declineReason(card(), 10_001n, '5411', 0n, T0), 'over_transaction_limit');
  assert.is(declineReason(card(), 10_000n, '5411', 10_001n, T0), 'over_daily_limit');
  assert.is(declineReason(card({ perTransactionLimit: null, dailyLimit: null }), 10n ** 30n, '5411', 10n ** 30n, T0), null);
});

test('card status changes, and the 409 of a status that refuses one', () => {
  assert.is(nextStatus(card(), 'freeze'), 'frozen');
  assert.is(nextStatus(card({ status: 'frozen' }), 'unfreeze'), 'active');
  assert.is(nextStatus(card({ status: 'frozen' }), 'cancel'), 'cancelled');
  assert.throws(() => nextStatus(card(), 'unfreeze'), /cannot be unfrozen/);
  assert.throws(() => nextStatus(card({ status: 'cancelled' }), 'cancel'), /cannot be cancelled/);
});

const approved: AuthorizationRecord = {
  id: 'a',
  teamId: 't',
  cardId: 'c',
  amount: 1_000n,
  currency: 'USD',
  merchantName: 'm',
  merchantCategory: '5411',
  status: 'approved',
  declineReason: null,
  holdId: 'h',
  capturedAmount: 0n,
  releasedAmount: 0n,
  createdAt: T0,
  updatedAt: T0,
};

test('captures, partial and whole, and reversals keep amount = captured + released + remaining', () => {
  const partly = captured(approved, 400n, T0);
  assert.equal([partly.status, partly.capturedAmount, remaining(partly)], ['partially_captured', 400n, 600n]);
  const whole = captured(partly, 600n, T0);
  assert.equal([whole.status, remaining(whole)], ['captured', 0n]);
  assert.throws(() => captured(whole, 1n, T0), /captured/);
  assert.throws(() => captured(partly, 601n, T0), /larger than/);
  const closed = reversed(partly, T0);
  assert.equal([closed.status, closed.releasedAmount, remaining(closed), spent(closed)], ['captured', 600n, 0n, 400n]);
  const back = reversed(approved, T0);
  assert.equal([back.status, spent(back)], ['reversed', 0n]);
  assert.throws(() => reversed(back, T0), /reversed/);
  assert.is(spent({ ...approved, status: 'declined', holdId: null }), 0n);
});

test.run();
