import { labelledAddress, type ChainInfo, type ChainToken } from '../../../kernel/public.js';

/**
 * The chains the service knows, with the parameters of the simulator's
 * model (docs/chains.md). Block times are the networks' own; finality is the
 * time until a block is final in the sense bridges wait for: two Ethereum
 * epochs on Ethereum, the L1 settlement of the batch on the rollups (about
 * 18 minutes, as Wormhole's consistency table gives), BNB Chain's fast
 * finality (about 48 s). Gas prices are where each walk starts and returns to.
 */
export interface ChainModel extends ChainInfo {
  /** The gas price the seeded walk starts from and is pulled back to, in wei. */
  readonly baseGasPriceWei: bigint;
  /** Asset codes of the ERC-20 tokens deployed on it (the native coin comes on top). */
  readonly erc20: readonly string[];
  /** The chain's address index under an account's custody key (custody-path.ts): fixed, never reused. */
  readonly custodySlot: number;
}

const GWEI = 1_000_000_000n;
const STANDARD_TOKENS = ['USDC', 'USDT', 'DAI', 'WETH', 'WBTC'] as const;

function chain(
  custodySlot: number,
  name: string,
  chainId: number,
  displayName: string,
  nativeAsset: string,
  blockTimeMs: number,
  finalitySeconds: number,
  layer: 'l1' | 'l2',
  baseGasPriceWei: bigint,
  erc20: readonly string[] = STANDARD_TOKENS,
  testnet = false,
): ChainModel {
  return { name, chainId, caip2: `eip155:${chainId}`, displayName, nativeAsset, blockTimeMs, finalitySeconds, layer, testnet, baseGasPriceWei, erc20, custodySlot };
}

export const CHAIN_MODELS: readonly ChainModel[] = [
  // POL and BNB are ERC-20s on Ethereum too (their bridged home), so every token has a holding on the default chain.
  chain(0, 'ethereum', 1, 'Ethereum', 'ETH', 12_000, 768, 'l1', 8n * GWEI, [...STANDARD_TOKENS, 'POL', 'BNB']),
  chain(1, 'polygon', 137, 'Polygon PoS', 'POL', 2_000, 60, 'l1', 40n * GWEI),
  chain(2, 'arbitrum', 42161, 'Arbitrum One', 'ETH', 250, 1_080, 'l2', GWEI / 50n),
  chain(3, 'optimism', 10, 'OP Mainnet', 'ETH', 2_000, 1_080, 'l2', GWEI / 200n),
  chain(4, 'base', 8453, 'Base', 'ETH', 2_000, 1_080, 'l2', GWEI / 100n),
  chain(5, 'bsc', 56, 'BNB Smart Chain', 'BNB', 750, 48, 'l1', GWEI),
  // The testnet x402 payers settle on: USDC only, like the faucets that fund it.
  chain(6, 'base-sepolia', 84532, 'Base Sepolia', 'ETH', 2_000, 1_080, 'l2', GWEI / 100n, ['USDC'], true),
];

/** The chain a token's holding is on when the input names none (kernel/assets/holding-code.ts keeps its codes bare). */
export const DEFAULT_CHAIN = 'ethereum';

/**
 * Where a token "is deployed" on a simulated chain: an address derived from
 * the chain id and the asset code, so it is stable across restarts and
 * processes and never collides with a real contract by accident.
 */
export function simulatedContract(chainId: number, assetCode: string): string {
  return labelledAddress(`open-bank-simulated-token:${chainId}:${assetCode}`);
}

/**
 * Where a withdrawal without an address goes on a chain: the payout
 * address, standing for the bank's off-ramp (the provider that pays the
 * customer out). Derived like the simulated contracts; nobody holds its key.
 */
export function payoutAddress(chainId: number): string {
  return labelledAddress(`open-bank-payout:${chainId}`);
}


/** The chain's tokens: its native coin first, then its ERC-20s, each with the catalogue's precision as decimals. */
export function tokensOf(model: ChainModel, decimalsOf: (assetCode: string) => number | undefined): ChainToken[] {
  const tokens: ChainToken[] = [];
  const nativeDecimals = decimalsOf(model.nativeAsset);
  if (nativeDecimals !== undefined) tokens.push({ chain: model.name, assetCode: model.nativeAsset, contract: null, decimals: nativeDecimals });
  for (const code of model.erc20) {
    const decimals = decimalsOf(code);
    if (decimals !== undefined) tokens.push({ chain: model.name, assetCode: code, contract: simulatedContract(model.chainId, code), decimals });
  }
  return tokens;
}

const CAIP2 = /^eip155:([1-9][0-9]{0,17})$/;

/** The model a name or CAIP-2 id refers to. */
export function findChainModel(models: readonly ChainModel[], ref: string): ChainModel | undefined {
  const caip2 = CAIP2.exec(ref);
  if (caip2) return models.find((model) => model.chainId === Number(caip2[1]));
  return models.find((model) => model.name === ref);
}
