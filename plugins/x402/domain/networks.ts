/**
 * What x402 needs to know of a network beyond the chains catalogue: the
 * USDC token's EIP-712 domain name and version (the `extra` of an x402
 * requirement) and the x402 version 1 network name. Real values from
 * coinbase/x402 (defaultAssets.ts); Base Sepolia's USDC is named "USDC",
 * not "USD Coin", and a wrong name makes every signature fail.
 */
export interface TokenDomain {
  readonly name: string;
  readonly version: string;
}

const USDC_DOMAINS: Readonly<Record<number, TokenDomain>> = {
  1: { name: 'USD Coin', version: '2' },
  8453: { name: 'USD Coin', version: '2' },
  84532: { name: 'USDC', version: '2' },
  137: { name: 'USD Coin', version: '2' },
  42161: { name: 'USD Coin', version: '2' },
};

/** x402 version 1 names networks instead of CAIP-2 ids (a closed list in the v1 clients). */
const V1_NAMES: Readonly<Record<string, string>> = {
  'eip155:8453': 'base',
  'eip155:84532': 'base-sepolia',
  'eip155:137': 'polygon',
};

/** The USDC EIP-712 domain name and version on a chain; undefined where x402 knows no USDC. */
export function usdcDomain(chainId: number): TokenDomain | undefined {
  return USDC_DOMAINS[chainId];
}

export function v1NetworkName(caip2: string): string | undefined {
  return V1_NAMES[caip2];
}

/** CAIP-2 id of a network named either way (`base` or `eip155:8453`); undefined when unknown. */
export function caip2Of(network: string): string | undefined {
  if (/^eip155:\d+$/.test(network)) return network;
  return Object.entries(V1_NAMES).find(([, name]) => name === network)?.[0];
}
