import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../kernel/errors/app-error.js';
import { nextStatus, requireActive, requireEmpty } from './account.js';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? `${error.status} ${error.code}` : String(error);
  }
  return 'no error';
}

test('freeze and unfreeze toggle, close is final', () => {
  assert.is(nextStatus('active', 'freeze'), 'frozen');
  assert.is(nextStatus('frozen', 'unfreeze'), 'active');
  assert.is(nextStatus('frozen', 'close'), 'closed');
  assert.is(codeOf(() => nextStatus('frozen', 'freeze')), '409 account_already_frozen');
  assert.is(codeOf(() => nextStatus('active', 'unfreeze')), '409 account_not_frozen');
  assert.is(codeOf(() => nextStatus('closed', 'unfreeze')), '409 account_closed');
});

test('only active accounts move money', () => {
  requireActive('a', 'active');
  assert.is(codeOf(() => requireActive('a', 'frozen')), '422 account_not_active');
  assert.is(codeOf(() => requireActive('a', 'closed')), '422 account_not_active');
});

test('closing needs zero available and zero reserved', () => {
  requireEmpty([{ assetCode: 'USD', available: 0n, reserved: 0n }]);
  assert.is(codeOf(() => requireEmpty([{ assetCode: 'USD', available: 0n, reserved: 1n }])), '422 account_not_empty');
  assert.is(codeOf(() => requireEmpty([{ assetCode: 'EUR', available: 5n, reserved: 0n }])), '422 account_not_empty');
});

test.run();
