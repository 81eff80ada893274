/**
 * IPv4 and IPv6 addresses parsed by hand into BigInts, so rules over them
 * stay pure (no node:net): identity's CIDR allow-lists and the webhooks'
 * target checks read addresses the same way. IPv6 accepts compression (::),
 * a dotted IPv4 tail (::ffff:10.0.0.1) and ignores a zone id (fe80::1%eth0).
 */
export interface IpAddress {
  readonly family: 4 | 6;
  readonly value: bigint;
}

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

/** The eight 16-bit groups of an IPv6 address, most significant first. */
export function ipv6Groups(address: IpAddress): number[] {
  return Array.from({ length: 8 }, (_, index) => Number((address.value >> BigInt(16 * (7 - index))) & 0xffffn));
}
