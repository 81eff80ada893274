import { ValidationError } from '../../../kernel/errors/errors.js';

/**
 * CIDR allow-lists for IPv4 and IPv6, parsed by hand into BigInts so the rule
 * stays pure (no node:net). An entry without '/n' means one address. Client
 * addresses in IPv4-mapped IPv6 form (::ffff:10.0.0.1, as Node reports them
 * on dual-stack sockets) match IPv4 entries.
 */
export interface IpAddress {
  readonly family: 4 | 6;
  readonly value: bigint;
}

export interface Cidr {
  readonly family: 4 | 6;
  readonly network: bigint;
  readonly prefix: number;
}

export const MAX_ALLOWLIST_ENTRIES = 100;

const BITS = { 4: 32, 6: 128 } as const;
const MAPPED_PREFIX = 0xffffn << 32n;

function parseIpv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0n;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = (value << 8n) | BigInt(octet);
  }
  return value;
}

function parseGroups(text: string): bigint[] | undefined {
  if (text === '') return [];
  const groups: bigint[] = [];
  const parts = text.split(':');
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index]!;
    if (index === parts.length - 1 && part.includes('.')) {
      const v4 = parseIpv4(part);
      if (v4 === undefined) return undefined;
      groups.push(v4 >> 16n, v4 & 0xffffn);
    } else if (/^[0-9a-fA-F]{1,4}$/.test(part)) {
      groups.push(BigInt(`0x${part}`));
    } else {
      return undefined;
    }
  }
  return groups;
}

function parseIpv6(text: string): bigint | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0]!);
  const tail = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (!head || !tail) return undefined;
  if (halves.length === 2 && halves[0]!.includes('.')) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<bigint>(halves.length === 2 ? missing : 0).fill(0n), ...tail];
  return groups.reduce((value, group) => (value << 16n) | group, 0n);
}

/** Parses one address; a zone id (fe80::1%eth0) is ignored. */
export function parseIp(text: string): IpAddress | undefined {
  const bare = text.trim().replace(/%[^%]*$/, '');
  if (bare.includes(':')) {
    const value = parseIpv6(bare);
    return value === undefined ? undefined : { family: 6, value };
  }
  const value = parseIpv4(bare);
  return value === undefined ? undefined : { family: 4, value };
}

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
