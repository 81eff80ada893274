import { labelledAddress } from '../../../kernel/public.js';

/**
 * Addresses of the simulated protocols' contracts on a chain: derived from
 * a label and the chain id (keccak-256, EIP-55), so they are stable across
 * restarts and processes, never a real contract's, and nobody holds a key
 * for them. The simulator moves their tokens as their code would.
 */
export function protocolAddress(chainId: number, label: string): string {
  return labelledAddress(`open-bank-defi:${chainId}:${label}`);
}

/** A DEX pool's contract, holding its reserves. */
export const poolAddress = (chainId: number, poolId: string): string => protocolAddress(chainId, `pool:${poolId}`);

/** The arbitrageurs the drift model stands for: they trade pools back to the feed's prices with outside capital. */
export const arbitrageurAddress = (chainId: number): string => protocolAddress(chainId, 'arbitrageur');

/** The flash-loan provider (an Aave-like pool): lends within one transaction for a premium. */
export const flashLenderAddress = (chainId: number): string => protocolAddress(chainId, 'flash-lender');
