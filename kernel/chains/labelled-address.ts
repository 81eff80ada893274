import { getAddress, keccak256, stringToHex } from 'viem/utils';

/**
 * An EVM address derived from a label (keccak-256, last 20 bytes, EIP-55):
 * how the simulators name the contracts they play (a token, a pool, a
 * bridge, a payout desk). Stable across restarts and processes, never a real
 * contract's by accident, and nobody holds its key.
 */
export function labelledAddress(label: string): string {
  return getAddress(`0x${keccak256(stringToHex(label)).slice(-40)}`);
}
