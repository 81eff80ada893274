import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InsufficientFundsError } from '../../../kernel/errors/errors.js';
import {
  applyDeltas,
  BalanceBook,
  BalanceLimitError,
  customerDeltas,
  isSystemAccount,
  LedgerRuleError,
  MAX_BALANCE_MINOR,
  sortedKeys,
  sortedRefs,
  validateLegs,
} from './ledger-rules.js';

const isA = (type: Function) => (error: unknown) => error instanceof type;
const leg = (accountId: string, amount: bigint, assetCode = 'USD') => ({ accountId, assetCode, amount });
const row = (accountId: string, available: bigint, reserved = 0n, teamId = 't') => ({ teamId, accountId, assetCode: 'USD', available, reserved });

test('a balanced movement passes; legs must sum to zero per asset', () => {
  validateLegs([leg('system:world', -100n), leg('a', 100n)]);
  validateLegs([leg('a', -5n), leg('b', 5n), leg('a', -7n, 'EUR'), leg('system:fees', 7n, 'EUR')]);
  assert.throws(() => validateLegs([leg('a', -5n), leg('b', 4n)]), isA(LedgerRuleError));
  assert.throws(() => validateLegs([leg('a', -5n, 'USD'), leg('b', 5n, 'EUR')]), isA(LedgerRuleError));
});

test('refuses one-legged movements, zero legs and malformed system names', () => {
  assert.throws(() => validateLegs([leg('a', 0n)]), isA(LedgerRuleError));
  assert.throws(() => validateLegs([leg('a', 0n), leg('b', 0n)]), isA(LedgerRuleError));
  assert.throws(() => validateLegs([leg('system:', -1n), leg('b', 1n)]), isA(LedgerRuleError));
  assert.throws(() => validateLegs([leg('system:Bad Name', -1n), leg('b', 1n)]), isA(LedgerRuleError));
  assert.ok(isSystemAccount('system:fees'));
  assert.not.ok(isSystemAccount('4b1f…'));
});

test('customer deltas net out per (account, asset), skip system accounts and sort', () => {
  const deltas = customerDeltas('t', [leg('b', 3n), leg('system:world', -10n), leg('a', 5n), leg('b', 2n), leg('a', 1n, 'EUR'), leg('system:world', -1n, 'EUR')]);
  assert.equal(
    deltas.map((d) => [d.accountId, d.assetCode, d.available]),
    [
      ['a', 'EUR', 1n],
      ['a', 'USD', 5n],
      ['b', 'USD', 5n],
    ],
  );
  assert.ok(deltas.every((d) => d.teamId === 't'));
  assert.equal(
    sortedKeys([
      { teamId: 't', accountId: 'b', assetCode: 'X' },
      { teamId: 't', accountId: 'a', assetCode: 'Y' },
      { teamId: 't', accountId: 'b', assetCode: 'X' },
    ]),
    [
      { teamId: 't', accountId: 'a', assetCode: 'Y' },
      { teamId: 't', accountId: 'b', assetCode: 'X' },
    ],
  );
});

test('balance arithmetic: missing rows are zero, overdraft is insufficient funds', () => {
  const rows = applyDeltas([row('a', 100n)], [
    { ...row('a', -60n), reserved: 60n },
    row('b', 10n),
  ]);
  assert.equal(rows, [row('a', 40n, 60n), row('b', 10n)]);
  assert.throws(() => applyDeltas(rows, [row('a', -41n)]), isA(InsufficientFundsError));
  assert.throws(() => applyDeltas([], [row('c', -1n)]), isA(InsufficientFundsError));
  assert.throws(() => applyDeltas(rows, [row('a', 0n, -61n)]), isA(LedgerRuleError));
});

test('a credit may fill a balance up to MAX_BALANCE_MINOR and not one minor unit past it', () => {
  assert.equal(applyDeltas([row('a', MAX_BALANCE_MINOR - 10n, 5n)], [row('a', 5n)]), [row('a', MAX_BALANCE_MINOR - 5n, 5n)]);
  assert.throws(() => applyDeltas([row('a', MAX_BALANCE_MINOR - 10n, 5n)], [row('a', 6n)]), (error: unknown) => error instanceof BalanceLimitError && error.code === 'balance_limit_exceeded' && error.status === 422);
  assert.throws(() => applyDeltas([], [row('a', MAX_BALANCE_MINOR + 1n)]), isA(BalanceLimitError));
  // Combined deltas count: two credits that each fit may not pass the limit together.
  assert.throws(() => applyDeltas([], [row('a', MAX_BALANCE_MINOR), row('a', 1n)]), isA(BalanceLimitError));
});

test('a change that does not raise the total (a hold, a debit) is never refused for the limit, even past it', () => {
  const full = row('a', MAX_BALANCE_MINOR + 7n);
  assert.equal(applyDeltas([full], [{ ...row('a', -7n), reserved: 7n }]), [row('a', MAX_BALANCE_MINOR, 7n)]);
  assert.equal(applyDeltas([full], [row('a', -1n)]), [row('a', MAX_BALANCE_MINOR + 6n)]);
});

test('a balance book refuses the item that would pass the limit and keeps the others', () => {
  const book = new BalanceBook([row('a', MAX_BALANCE_MINOR - 1n)]);
  book.apply([row('a', 1n)]);
  assert.throws(() => book.apply([row('a', 1n)]), isA(BalanceLimitError));
  assert.equal(book.changed(), [row('a', MAX_BALANCE_MINOR)]);
});

test('deltas on the same key combine before the check', () => {
  const rows = applyDeltas([row('a', 10n)], [row('a', -15n), row('a', 5n)]);
  assert.equal(rows, [row('a', 0n)]);
});

test('sort order is by account, then asset, whatever the team; refs are unique', () => {
  assert.equal(
    sortedRefs([
      { teamId: 't2', accountId: 'b' },
      { teamId: 't1', accountId: 'a' },
      { teamId: 't2', accountId: 'b' },
      { teamId: 't1', accountId: 'c' },
    ]),
    [
      { teamId: 't1', accountId: 'a' },
      { teamId: 't2', accountId: 'b' },
      { teamId: 't1', accountId: 'c' },
    ],
  );
});

test('a balance book applies items in order; a refused item changes nothing', () => {
  const book = new BalanceBook([row('a', 100n), row('b', 5n)]);
  assert.equal(book.apply([{ ...row('a', -60n), reserved: 60n }]), [row('a', 40n, 60n)]);
  // The second hold of 60 sees what the first left: refused, and the book is unchanged.
  assert.throws(() => book.apply([{ ...row('a', -60n), reserved: 60n }]), isA(InsufficientFundsError));
  assert.equal(book.apply([{ ...row('a', -40n), reserved: 40n }]), [row('a', 0n, 100n)]);
  assert.equal(book.changed(), [row('a', 0n, 100n)]);
  book.apply([row('b', 1n)]);
  assert.equal(book.changed(), [row('a', 0n, 100n), row('b', 6n)]);
});

test('a balance book keeps teams apart: the same account id of another team is another row', () => {
  const book = new BalanceBook([row('a', 100n, 0n, 't1')]);
  assert.throws(() => book.apply([row('a', -1n, 0n, 't2')]), isA(InsufficientFundsError));
  assert.equal(book.apply([row('a', -1n, 0n, 't1')]), [row('a', 99n, 0n, 't1')]);
});

test.run();
