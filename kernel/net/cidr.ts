import { ValidationError } from '../errors/index.js';
import { parseIp, type IpAddress } from './ip-address.js';

/**
 * CIDR allow-lists for IPv4 and IPv6 over the address parser beside this file
 * (BigInts, no node:net). An entry without '/n' means one address. Client
 * addresses in IPv4-mapped IPv6 form (::ffff:10.0.0.1, as Node reports them
 * on dual-stack sockets) match IPv4 entries.
 */
export interface Cidr {
  readonly family: 4 | 6;
  readonly network: bigint;
  readonly prefix: number;
}

export const MAX_ALLOWLIST_ENTRIES = 100;

const BITS = { 4: 32, 6: 128 } as const;
const MAPPED_PREFIX = 0xffffn << 32n;

function mask(family: 4 | 6, prefix: number): bigint {
  const bits = BigInt(BITS[family]);
  const all = (1n << bits) - 1n;
  return all ^ ((1n << (bits - BigInt(prefix))) - 1n);
}

/** Parses '10.0.0.0/8', '2001:db8::/32' or a single address; host bits are masked off. */
export function parseCidr(text: string): Cidr | undefined {
  const [addressText, prefixText, extra] = text.trim().split('/');
  if (extra !== undefined || addressText === undefined || addressText.includes('%')) return undefined;
  const address = parseIp(addressText);
  if (!address) return undefined;
  const bits = BITS[address.family];
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  return { family: address.family, network: address.value & mask(address.family, prefix), prefix };
}

/** IPv4-mapped IPv6 addresses become plain IPv4. */
function unmap(address: IpAddress): IpAddress {
  if (address.family === 6 && address.value >> 32n === 0xffffn) {
    return { family: 4, value: address.value & 0xffffffffn };
  }
  return address;
}

export function cidrContains(cidr: Cidr, address: IpAddress): boolean {
  const plain = unmap(address);
  if (cidr.family === plain.family) return (plain.value & mask(cidr.family, cidr.prefix)) === cidr.network;
  if (cidr.family === 6 && plain.family === 4) return ((MAPPED_PREFIX | plain.value) & mask(6, cidr.prefix)) === cidr.network;
  return false;
}

/**
 * Whether every address of `inner` is in `outer`. Compared in IPv6 space with
 * IPv4 as IPv4-mapped (::ffff:a.b.c.d), which is how `cidrContains` matches
 * clients, so "within" here means "allows no address `outer` refuses".
 */
export function cidrWithin(inner: Cidr, outer: Cidr): boolean {
  const [a, b] = [asIpv6(inner), asIpv6(outer)];
  return a.prefix >= b.prefix && (a.network & mask(6, b.prefix)) === b.network;
}

function asIpv6(cidr: Cidr): Cidr {
  return cidr.family === 6 ? cidr : { family: 6, network: MAPPED_PREFIX | cidr.network, prefix: cidr.prefix + 96 };
}

/** Indexes of entries that are not valid CIDR blocks or addresses. */
export function invalidAllowlistEntries(entries: readonly string[]): number[] {
  return entries.flatMap((entry, index) => (parseCidr(entry) ? [] : [index]));
}

/** An empty allow-list allows every address; an unparseable client address matches nothing. */
export function ipAllowed(allowlist: readonly string[], ip: string): boolean {
  if (allowlist.length === 0) return true;
  const address = parseIp(ip);
  if (!address) return false;
  return allowlist.some((entry) => {
    const cidr = parseCidr(entry);
    return cidr !== undefined && cidrContains(cidr, address);
  });
}

/** Validates a requested allow-list: trimmed entries, or a 422 pointing at each bad one. */
export function checkAllowlist(entries: readonly string[], pointer = '/ip_allowlist'): string[] {
  if (entries.length > MAX_ALLOWLIST_ENTRIES) {
    throw ValidationError.field(pointer, `ip_allowlist holds at most ${MAX_ALLOWLIST_ENTRIES} entries`, 'too_many_entries');
  }
  const invalid = invalidAllowlistEntries(entries);
  if (invalid.length > 0) {
    throw new ValidationError(
      invalid.map((index) => ({
        pointer: `${pointer}/${index}`,
        detail: `'${entries[index]}' is not an IPv4 or IPv6 address or CIDR block`,
        code: 'invalid_cidr',
      })),
    );
  }
  return entries.map((entry) => entry.trim());
}
