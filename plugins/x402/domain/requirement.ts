import type { TokenDomain } from './networks.js';

/** One way to pay for one call: x402's PaymentRequirements for the `exact` scheme on an EVM chain, in our terms. */
export interface PaymentRequirement {
  /** CAIP-2, e.g. `eip155:8453`. */
  readonly network: string;
  readonly chainId: number;
  /** Our chain name (`base`), the ledger's and the simulator's key. */
  readonly chain: string;
  /** The asset's symbol (`USDC`), as X-Payment-Asset shows it. */
  readonly asset: string;
  /** The token contract: x402's `asset` and the EIP-712 verifyingContract. */
  readonly contract: `0x${string}`;
  readonly decimals: number;
  readonly domain: TokenDomain;
  /** Base units. */
  readonly amount: bigint;
  readonly payTo: `0x${string}`;
  readonly resource: string;
  readonly description: string;
  readonly maxTimeoutSeconds: number;
}
