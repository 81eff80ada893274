import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../kernel/errors/errors.js';
import { parseIp } from '../../../kernel/net/ip-address.js';
import { checkAllowlist, cidrContains, ipAllowed, parseCidr } from './ip-allowlist.js';

test('parses CIDR blocks, masking host bits; a bare address is one host', () => {
  assert.equal(parseCidr('10.0.0.0/8'), { family: 4, network: 0x0a000000n, prefix: 8 });
  assert.equal(parseCidr('10.9.9.9/8'), { family: 4, network: 0x0a000000n, prefix: 8 });
  assert.equal(parseCidr('192.168.1.7'), { family: 4, network: 0xc0a80107n, prefix: 32 });
  assert.equal(parseCidr('2001:db8::/32')?.prefix, 32);
  assert.equal(parseCidr('0.0.0.0/0'), { family: 4, network: 0n, prefix: 0 });
  for (const bad of ['10.0.0.0/33', '::/129', '10.0.0.0/', '10.0.0.0/08', '10.0.0.0/8/1', 'fe80::1%eth0/64', 'example.com', '10.0.0.0/-1']) {
    assert.is(parseCidr(bad), undefined, bad);
  }
});

test('matches addresses inside the block only', () => {
  const block = parseCidr('203.0.113.0/24')!;
  assert.ok(cidrContains(block, parseIp('203.0.113.0')!));
  assert.ok(cidrContains(block, parseIp('203.0.113.255')!));
  assert.not.ok(cidrContains(block, parseIp('203.0.114.0')!));
  const v6 = parseCidr('2001:db8::/32')!;
  assert.ok(cidrContains(v6, parseIp('2001:db8:ffff::1')!));
  assert.not.ok(cidrContains(v6, parseIp('2001:db9::1')!));
  assert.not.ok(cidrContains(v6, parseIp('32.1.13.184')!));
});

test('IPv4-mapped IPv6 clients match IPv4 rules, and IPv4 clients match mapped rules', () => {
  assert.ok(ipAllowed(['127.0.0.0/8'], '::ffff:127.0.0.1'));
  assert.ok(ipAllowed(['::ffff:0:0/96'], '10.1.1.1'));
  assert.not.ok(ipAllowed(['127.0.0.1'], '::1'));
});

test('an empty list allows all; an unparseable client address matches nothing', () => {
  assert.ok(ipAllowed([], 'whatever'));
  assert.not.ok(ipAllowed(['0.0.0.0/0'], 'not-an-ip'));
  assert.ok(ipAllowed(['0.0.0.0/0'], '8.8.8.8'));
  assert.ok(ipAllowed(['10.0.0.0/8', '::1'], '::1'));
});

test('checkAllowlist points at every bad entry', () => {
  assert.equal(checkAllowlist([' 10.0.0.0/8 ', '::1']), ['10.0.0.0/8', '::1']);
  try {
    checkAllowlist(['10.0.0.0/8', 'nope', '1.2.3.4/40']);
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ValidationError);
    const issues = (error as ValidationError).issues;
    assert.equal(issues.map((issue) => issue.pointer), ['/ip_allowlist/1', '/ip_allowlist/2']);
    assert.is(issues[0]!.code, 'invalid_cidr');
  }
  assert.throws(() => checkAllowlist(Array(101).fill('::1')), /at most 100/);
});

test.run();
