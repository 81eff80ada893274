import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach unless private targets are allowed:
 * unspecified, loopback, RFC 1918 private, carrier-grade NAT, link-local
 * (169.254.169.254 is the cloud metadata service), benchmarking, multicast,
 * reserved and broadcast ranges, and their IPv6 counterparts (unique local
 * fc00::/7 holds AWS's fd00:ec2::254 metadata address).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** Why an address is refused, or undefined when it is a public unicast address. */
export function refusedAddress(address: string): string | undefined {
  const mapped = MAPPED_V4.exec(address);
  if (mapped) return refusedAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return `'${address}' is not an IP address`;
  if (blocked.check(address, family === 4 ? 'ipv4' : 'ipv6')) {
    return `${address} is a loopback, private, link-local, metadata or reserved address`;
  }
  return undefined;
}
