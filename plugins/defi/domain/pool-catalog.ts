/**
 * The simulated pools (docs/defi.md): which pools exist on which chain,
 * their fee and how deep they are. Depths are model parameters, in USD of
 * total value locked on Ethereum, scaled per chain; Uniswap v3 pools are
 * modelled as constant product on virtual reserves, deeper than their TVL
 * by a concentration factor per tier (liquidity packed around the price).
 */
export type Dex = 'uniswap_v3' | 'sushiswap' | 'curve';
export const DEXES: readonly Dex[] = ['uniswap_v3', 'sushiswap', 'curve'];

export interface PoolSpec {
  /** `<chain>:<dex>:<tokens joined by ->:<fee>`, e.g. `base:uniswap_v3:USDC-WETH:500`. */
  readonly id: string;
  readonly chain: string;
  readonly dex: Dex;
  /** Asset codes in a fixed order (the order of the stored reserves). */
  readonly tokens: readonly string[];
  /** Fee in millionths (pips): 3000 is 0.30 %. */
  readonly feePips: bigint;
  /** Total value locked at seeding, whole USD (virtual for Uniswap v3). */
  readonly depthUsd: bigint;
  /** StableSwap amplification (Curve only). */
  readonly amplification?: bigint;
}

const M = 1_000_000n;
const UNISWAP_TIERS = [100n, 500n, 3_000n, 10_000n] as const;
/** How much deeper than its TVL a v3 pool trades near the price, per tier. */
const CONCENTRATION: Record<string, bigint> = { '100': 20n, '500': 8n, '3000': 4n, '10000': 2n };

/** Ethereum TVL in USD per pair: Uniswap v3 per tier (100, 500, 3000, 10000), then SushiSwap. */
const PAIRS: ReadonlyArray<{ tokens: readonly [string, string]; uniswap: readonly bigint[]; sushiswap: bigint }> = [
  { tokens: ['USDC', 'WETH'], uniswap: [5n * M, 150n * M, 60n * M, 2n * M], sushiswap: 20n * M },
  { tokens: ['USDT', 'WETH'], uniswap: [2n * M, 60n * M, 40n * M, M], sushiswap: 10n * M },
  { tokens: ['DAI', 'WETH'], uniswap: [M, 20n * M, 15n * M, M / 2n], sushiswap: 5n * M },
  { tokens: ['WBTC', 'WETH'], uniswap: [M, 80n * M, 60n * M, 2n * M], sushiswap: 8n * M },
  { tokens: ['USDC', 'WBTC'], uniswap: [M / 2n, 20n * M, 25n * M, M], sushiswap: 3n * M },
  { tokens: ['USDC', 'USDT'], uniswap: [40n * M, 10n * M, M, M / 5n], sushiswap: 2n * M },
  { tokens: ['DAI', 'USDC'], uniswap: [30n * M, 8n * M, M, M / 5n], sushiswap: 2n * M },
  { tokens: ['DAI', 'USDT'], uniswap: [10n * M, 4n * M, M / 2n, M / 10n], sushiswap: M },
];

/** Curve's 3pool: USDC, USDT and DAI, A = 2000, 1 bp. */
const THREE_POOL = { tokens: ['DAI', 'USDC', 'USDT'] as const, depthUsd: 300n * M, amplification: 2_000n, feePips: 100n };

/** Depth of each chain's pools as a percentage of Ethereum's. */
export const CHAIN_DEPTH_PERCENT: Readonly<Record<string, bigint>> = {
  ethereum: 100n,
  arbitrum: 30n,
  base: 30n,
  bsc: 20n,
  polygon: 15n,
  optimism: 10n,
};

const SUSHISWAP_FEE = 3_000n;

/** Every pool on `chain`, given the tokens deployed there; none on a chain without a depth (testnets). */
export function poolsOn(chain: string, tokensOnChain: ReadonlySet<string>): PoolSpec[] {
  const percent = CHAIN_DEPTH_PERCENT[chain];
  if (percent === undefined) return [];
  const scaled = (usd: bigint) => (usd * percent) / 100n;
  const specs: PoolSpec[] = [];
  for (const pair of PAIRS) {
    if (!pair.tokens.every((token) => tokensOnChain.has(token))) continue;
    const name = pair.tokens.join('-');
    UNISWAP_TIERS.forEach((tier, index) => {
      const depthUsd = scaled(pair.uniswap[index]!) * CONCENTRATION[String(tier)]!;
      specs.push({ id: `${chain}:uniswap_v3:${name}:${tier}`, chain, dex: 'uniswap_v3', tokens: pair.tokens, feePips: tier, depthUsd });
    });
    specs.push({ id: `${chain}:sushiswap:${name}:${SUSHISWAP_FEE}`, chain, dex: 'sushiswap', tokens: pair.tokens, feePips: SUSHISWAP_FEE, depthUsd: scaled(pair.sushiswap) });
  }
  if (THREE_POOL.tokens.every((token) => tokensOnChain.has(token))) {
    specs.push({
      id: `${chain}:curve:${THREE_POOL.tokens.join('-')}:${THREE_POOL.feePips}`,
      chain,
      dex: 'curve',
      tokens: THREE_POOL.tokens,
      feePips: THREE_POOL.feePips,
      depthUsd: scaled(THREE_POOL.depthUsd),
      amplification: THREE_POOL.amplification,
    });
  }
  return specs;
}
