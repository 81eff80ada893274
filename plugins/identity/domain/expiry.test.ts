import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../kernel/errors/errors.js';
import { isExpired, parseExpiry, shouldRecordUse } from './expiry.js';
import { checkEmail, defaultTeamName } from './user.js';

const now = new Date('2026-01-01T00:00:00Z');

test('a key expires at its expires_at instant', () => {
  assert.not.ok(isExpired(null, now));
  assert.not.ok(isExpired(new Date('2026-01-01T00:00:01Z'), now));
  assert.ok(isExpired(now, now));
  assert.ok(isExpired(new Date('2025-12-31T23:59:59Z'), now));
});

test('expires_at must be a future timestamp, with a pointer when not', () => {
  assert.is(parseExpiry(undefined, now), null);
  assert.is(parseExpiry(null, now), null);
  assert.equal(parseExpiry('2026-01-02T00:00:00+01:00', now), new Date('2026-01-01T23:00:00Z'));
  for (const [text, code] of [
    ['2026-01-01T00:00:00Z', 'expires_at_in_past'],
    ['2020-01-01T00:00:00Z', 'expires_at_in_past'],
    ['soon', 'invalid_timestamp'],
    ['9999-12-31T23:00:00-14:00', 'date_out_of_range'],
    ['+010000-01-01T00:00:00Z', 'date_out_of_range'],
  ] as const) {
    try {
      parseExpiry(text, now);
      assert.unreachable(text);
    } catch (error) {
      assert.instance(error, ValidationError);
      assert.is((error as ValidationError).code, code);
      assert.equal((error as ValidationError).source, { pointer: '/expires_at' });
    }
  }
});

test('last use is recorded at most once per interval', () => {
  assert.ok(shouldRecordUse(null, now, 60_000));
  assert.not.ok(shouldRecordUse(new Date(now.getTime() - 59_999), now, 60_000));
  assert.ok(shouldRecordUse(new Date(now.getTime() - 60_000), now, 60_000));
});

test('emails are normalised and checked; team names default to the user', () => {
  assert.is(checkEmail('  Ada@Example.COM '), 'ada@example.com');
  assert.throws(() => checkEmail('not an email'), (error: ValidationError) => error.source?.pointer === '/email');
  assert.is(defaultTeamName('Ada'), "Ada's team");
});

test.run();
