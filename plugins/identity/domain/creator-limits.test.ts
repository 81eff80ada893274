import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AppError } from '../../../kernel/errors/app-error.js';
import { capAllowlist, capExpiry } from './creator-limits.js';
import { cidrWithin, parseCidr } from './ip-allowlist.js';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const within = (inner: string, outer: string) => cidrWithin(parseCidr(inner)!, parseCidr(outer)!);

test('a block is within another when every address of it is', () => {
  assert.ok(within('10.1.0.0/16', '10.0.0.0/8'));
  assert.ok(within('10.0.0.0/8', '10.0.0.0/8'));
  assert.ok(within('10.1.2.3', '10.0.0.0/8'));
  assert.not.ok(within('10.0.0.0/7', '10.0.0.0/8'));
  assert.not.ok(within('11.0.0.1', '10.0.0.0/8'));
  assert.ok(within('2001:db8:1::/48', '2001:db8::/32'));
  assert.not.ok(within('2001:db9::/48', '2001:db8::/32'));
  // IPv4 and IPv4-mapped IPv6 are the same addresses, as when matching clients.
  assert.ok(within('10.1.2.3', '::ffff:10.0.0.0/104'));
  assert.ok(within('::ffff:10.1.2.3', '10.0.0.0/8'));
  assert.ok(within('10.0.0.0/8', '::/0'));
  assert.not.ok(within('::1', '0.0.0.0/0'));
  assert.not.ok(within('::/0', '0.0.0.0/0'));
});

test('a creator without an allow-list caps nothing', () => {
  assert.equal(capAllowlist([], []), []);
  assert.equal(capAllowlist([], ['203.0.113.0/24']), ['203.0.113.0/24']);
});

test("no allow-list requested inherits the creator's; entries inside it are kept", () => {
  assert.equal(capAllowlist(['10.0.0.0/8', '::1'], []), ['10.0.0.0/8', '::1']);
  assert.equal(capAllowlist(['10.0.0.0/8', '::1'], ['10.2.0.0/16', '::1']), ['10.2.0.0/16', '::1']);
});

test('an entry outside the creator’s allow-list is 403 ip_allowlist_escalation naming it', () => {
  const error = refusal(() => capAllowlist(['10.0.0.0/8'], ['10.1.0.0/16', '0.0.0.0/0', '192.0.2.1']));
  assert.equal([error.status, error.code], [403, 'ip_allowlist_escalation']);
  assert.match(error.message, /0\.0\.0\.0\/0, 192\.0\.2\.1 is outside 10\.0\.0\.0\/8/);
});

test("a creator that never expires caps nothing; otherwise none requested inherits the creator's expiry", () => {
  const at = new Date('2026-06-01T00:00:00Z');
  assert.is(capExpiry(null, null), null);
  assert.equal(capExpiry(null, at), at);
  assert.equal(capExpiry(at, null), at);
  assert.equal(capExpiry(at, new Date('2026-05-01T00:00:00Z')), new Date('2026-05-01T00:00:00Z'));
  assert.equal(capExpiry(at, new Date(at.getTime())), at);
});

test('an expiry after the creator’s is 403 expiry_escalation', () => {
  const error = refusal(() => capExpiry(new Date('2026-06-01T00:00:00Z'), new Date('2026-06-01T00:00:00.001Z')));
  assert.equal([error.status, error.code], [403, 'expiry_escalation']);
  assert.match(error.message, /2026-06-01T00:00:00\.000Z/);
});

test.run();
