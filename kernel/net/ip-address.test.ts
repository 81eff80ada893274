import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ipv6Groups, parseIp } from './ip-address.js';

test('parses IPv4 and refuses malformed addresses', () => {
  assert.equal(parseIp('10.1.2.3'), { family: 4, value: 0x0a010203n });
  assert.equal(parseIp('0.0.0.0'), { family: 4, value: 0n });
  for (const bad of ['10.1.2', '10.1.2.3.4', '256.0.0.1', '01.2.3.4', '1.2.3.-4', 'a.b.c.d', '', ' ']) {
    assert.is(parseIp(bad), undefined, bad);
  }
});

test('parses IPv6 with compression, embedded IPv4 and zone ids', () => {
  assert.equal(parseIp('::'), { family: 6, value: 0n });
  assert.equal(parseIp('::1'), { family: 6, value: 1n });
  assert.equal(parseIp('2001:db8::1'), { family: 6, value: (0x20010db8n << 96n) | 1n });
  assert.equal(parseIp('2001:DB8:0:0:0:0:0:1'), parseIp('2001:db8::1'));
  assert.equal(parseIp('::ffff:10.0.0.1'), { family: 6, value: (0xffffn << 32n) | 0x0a000001n });
  assert.equal(parseIp('fe80::1%eth0'), parseIp('fe80::1'));
  for (const bad of ['1:::2', '1::2::3', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '12345::', 'g::1', ':1', '1:', '1.2.3.4::', '::1.2.3']) {
    assert.is(parseIp(bad), undefined, bad);
  }
});

test('splits an IPv6 address into its eight groups', () => {
  assert.equal(ipv6Groups(parseIp('2001:db8::ffff:10.0.0.1')!), [0x2001, 0xdb8, 0, 0, 0, 0xffff, 0x0a00, 0x0001]);
  assert.equal(ipv6Groups(parseIp('::')!), [0, 0, 0, 0, 0, 0, 0, 0]);
});

test.run();
