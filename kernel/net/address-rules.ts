import { cidrContains, parseCidr, type Cidr } from './cidr.js';
import { ipv6Groups, parseIp } from './ip-address.js';

/*
 * Where an outbound request of the service may go (webhook deliveries, x402
 * payments made for a caller): one set of rules, so every module that
 * fetches a URL a client gave refuses the same addresses.
 */

/**
 * Cloud metadata services, refused even when private targets are allowed:
 * 169.254.169.254 (AWS, GCP, Azure, Oracle), 169.254.170.2 (AWS ECS task
 * credentials), 100.100.100.200 (Alibaba) and fd00:ec2::254 (AWS over IPv6).
 * A request that reaches one hands whoever chose the URL the host's credentials.
 */
const metadata = cidrs(['169.254.169.254/32', '169.254.170.2/32', '100.100.100.200/32', 'fd00:ec2::254/128']);

/**
 * Addresses an outbound request may never reach unless private targets are allowed:
 * unspecified, loopback, RFC 1918 private, carrier-grade NAT, link-local,
 * benchmarking, multicast, reserved and broadcast ranges, and their IPv6
 * counterparts (unique local fc00::/7). IPv6 forms that carry an IPv4
 * address to a router or translator are refused whole: IPv4-compatible
 * ::/96 (deprecated; also :: and ::1), 6to4 2002::/16, Teredo 2001::/32 and
 * NAT64 64:ff9b::/96 and 64:ff9b:1::/48. IPv4-mapped ::ffff:a.b.c.d is
 * judged by its IPv4 address.
 */
const blocked = cidrs([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001::/32',
  '2001:db8::/32',
  '2002::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
]);

export interface AddressPolicy {
  /** Loopback, private and reserved targets pass; metadata addresses never do. */
  readonly allowPrivate: boolean;
}

/** Why an address is refused, or undefined when the policy lets an outbound request reach it. */
export function refusedAddress(address: string, policy: AddressPolicy = { allowPrivate: false }): string | undefined {
  const parsed = parseIp(address);
  if (!parsed) return `'${address}' is not an IP address`;
  const inner = parsed.family === 6 ? embeddedIpv4(address) : undefined;
  const candidates = inner === undefined ? [parsed] : [parsed, parseIp(inner)!];
  const listed = (list: readonly Cidr[]) => candidates.some((candidate) => list.some((cidr) => cidrContains(cidr, candidate)));
  if (listed(metadata)) return `${address} is a cloud metadata address`;
  if (policy.allowPrivate) return undefined;
  if (listed(blocked)) {
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

function cidrs(texts: readonly string[]): Cidr[] {
  return texts.map((text) => parseCidr(text)!);
}

function ipv4(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}
