import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { InsufficientFundsError } from '../../../kernel/errors/errors.js';
import { applyDeltas, customerDeltas, isSystemAccount, LedgerRuleError, sortedKeys, validateLegs } from './ledger-rules.js';

const isA = (type: Function) => (error: unknown) => error instanceof type;
const leg = (accountId: string, amount: bigint, assetCode = 'USD') => ({ accountId, assetCode, amount });

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
  const deltas = customerDeltas([leg('b', 3n), leg('system:world', -10n), leg('a', 5n), leg('b', 2n), leg('a', 1n, 'EUR'), leg('system:world', -1n, 'EUR')]);
  assert.equal(
    deltas.map((d) => [d.accountId, d.assetCode, d.available]),
    [
      ['a', 'EUR', 1n],
      ['a', 'USD', 5n],
      ['b', 'USD', 5n],
    ],
  );
  assert.equal(sortedKeys([{ accountId: 'b', assetCode: 'X' }, { accountId: 'a', assetCode: 'Y' }, { accountId: 'b', assetCode: 'X' }]), [
    { accountId: 'a', assetCode: 'Y' },
    { accountId: 'b', assetCode: 'X' },
  ]);
});

test('balance arithmetic: missing rows are zero, overdraft is insufficient funds', () => {
  const rows = applyDeltas([{ accountId: 'a', assetCode: 'USD', available: 100n, reserved: 0n }], [
    { accountId: 'a', assetCode: 'USD', available: -60n, reserved: 60n },
    { accountId: 'b', assetCode: 'USD', available: 10n, reserved: 0n },
  ]);
  assert.equal(rows, [
    { accountId: 'a', assetCode: 'USD', available: 40n, reserved: 60n },
    { accountId: 'b', assetCode: 'USD', available: 10n, reserved: 0n },
  ]);
  assert.throws(() => applyDeltas(rows, [{ accountId: 'a', assetCode: 'USD', available: -41n, reserved: 0n }]), isA(InsufficientFundsError));
  assert.throws(() => applyDeltas([], [{ accountId: 'c', assetCode: 'USD', available: -1n, reserved: 0n }]), isA(InsufficientFundsError));
  assert.throws(() => applyDeltas(rows, [{ accountId: 'a', assetCode: 'USD', available: 0n, reserved: -61n }]), isA(LedgerRuleError));
});

test('deltas on the same key combine before the check', () => {
  const rows = applyDeltas([{ accountId: 'a', assetCode: 'USD', available: 10n, reserved: 0n }], [
    { accountId: 'a', assetCode: 'USD', available: -15n, reserved: 0n },
    { accountId: 'a', assetCode: 'USD', available: 5n, reserved: 0n },
  ]);
  assert.equal(rows, [{ accountId: 'a', assetCode: 'USD', available: 0n, reserved: 0n }]);
});

test.run();
