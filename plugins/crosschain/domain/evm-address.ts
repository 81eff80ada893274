import { getAddress, isAddress } from 'viem/utils';

/** An EVM address in EIP-55 form; undefined when it is not one (or a mixed-case one whose checksum is wrong). */
export function checksummedAddress(value: unknown): string | undefined {
  return typeof value === 'string' && isAddress(value, { strict: true }) ? getAddress(value) : undefined;
}
