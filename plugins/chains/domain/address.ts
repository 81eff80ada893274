import { getAddress, isAddress } from 'viem/utils';

/**
 * The EIP-55 form of an EVM address, or undefined when it is not one: 0x
 * and 40 hex digits, all lower case (no checksum) or mixed case with a
 * checksum that matches, so a mistyped checksummed address is caught.
 */
export function checksummedAddress(address: string): string | undefined {
  return isAddress(address, { strict: true }) ? getAddress(address) : undefined;
}
