import { BlockList, isIP } from 'node:net';
import { ipv6Groups, parseIp } from '../../../../kernel/public.js';

/**
 * Cloud metadata services, refused even when private targets are allowed:
 * 169.254.169.254 (AWS, GCP, Azure, Oracle), 169.254.170.2 (AWS ECS task
 * credentials), 100.100.100.200 (Alibaba) and fd00:ec2::254 (AWS over IPv6).
 * A webhook that reaches one hands the endpoint's owner the host's credentials.
 */
const metadata = new BlockList();
for (const address of ['169.254.169.254', '169.254.170.2', '100.100.100.200']) metadata.addAddress(address, 'ipv4');
metadata.addAddress('fd00:ec2::254', 'ipv6');

/**
 * Addresses a webhook may never reach unless private targets are allowed:
 * unspecified, loopback, RFC 1918 private, carrier-grade NAT, link-local,
 * benchmarking, multicast, reserved and broadcast ranges, and their IPv6
 * counterparts (unique local fc00::/7). IPv6 forms that carry an IPv4
 * address to a router or translator are refused whole: IPv4-compatible
 * ::/96 (deprecated; also :: and ::1), 6to4 2002::/16, Teredo 2001::/32 and
 * NAT64 64:ff9b::/96 and 64:ff9b:1::/48. IPv4-mapped ::ffff:a.b.c.d is
 * judged by its IPv4 address.
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
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

export interface AddressPolicy {
  /** allow_private: loopback, private and reserved targets pass; metadata addresses never do. */
  readonly allowPrivate: boolean;
}

/** Why an address is refused, or undefined when the policy lets a webhook reach it. */
export function refusedAddress(address: string, policy: AddressPolicy = { allowPrivate: false }): string | undefined {
  const family = isIP(address);
  if (family === 0) return `'${address}' is not an IP address`;
  const inner = family === 6 ? embeddedIpv4(address) : undefined;
  if (metadata.check(address, family === 4 ? 'ipv4' : 'ipv6') || (inner !== undefined && metadata.check(inner, 'ipv4'))) {
    return `${address} is a cloud metadata address`;
  }
  if (policy.allowPrivate) return undefined;
  if (blocked.check(address, family === 4 ? 'ipv4' : 'ipv6') || (inner !== undefined && blocked.check(inner, 'ipv4'))) {
    return `${address} is a loopback, private, link-local, metadata, reserved or IPv4-embedding address`;
  }
  return undefined;
}

/**
 * The IPv4 address an IPv6 address carries, if it is of a form that does:
 * mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), 6to4 (2002:AABB:CCDD::),
 * NAT64 (64:ff9b::a.b.c.d) or Teredo (2001:0:…, client address inverted).
 */
export function embeddedIpv4(address: string): string | undefined {
  const parsed = parseIp(address);
  if (parsed?.family !== 6) return undefined;
  const h = ipv6Groups(parsed);
  const zeros = (from: number, to: number) => h.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (h[5] === 0xffff || h[5] === 0)) return ipv4(h[6]!, h[7]!);
  if (h[0] === 0x2002) return ipv4(h[1]!, h[2]!);
  if (h[0] === 0x64 && h[1] === 0xff9b && zeros(2, 6)) return ipv4(h[6]!, h[7]!);
  if (h[0] === 0x2001 && h[1] === 0) return ipv4(h[6]! ^ 0xffff, h[7]! ^ 0xffff);
  return undefined;
}

function ipv4(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}
