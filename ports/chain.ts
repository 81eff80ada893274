import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * The blockchains the service holds assets on (provided by the chains
 * plugin). Deliberately narrow: what custody, DeFi, bridging and x402 need
 * from a chain (which chains and tokens exist, the head and finality,
 * balances, a transfer and its receipt), so a JSON-RPC adapter for real nodes
 * can replace the simulator (docs/chains.md, docs/decisions.md).
 */

/** An EVM chain: our lowercase name, its EIP-155 id and CAIP-2 id (`eip155:<id>`). */
export interface ChainInfo {
  readonly name: string;
  readonly chainId: number;
  readonly caip2: string;
  readonly displayName: string;
  /** Asset code of the native coin that pays gas (ETH, POL, BNB). */
  readonly nativeAsset: string;
  readonly blockTimeMs: number;
  /** How long after its block a transaction is final (hard finality: rollups wait for their L1). */
  readonly finalitySeconds: number;
  readonly layer: 'l1' | 'l2';
  readonly testnet: boolean;
}

/** A token as deployed on one chain; the native coin has no contract. */
export interface ChainToken {
  readonly chain: string;
  readonly assetCode: string;
  /** EIP-55 checksummed contract address; null for the native coin. */
  readonly contract: string | null;
  readonly decimals: number;
}

/** Which chains and tokens exist. Every route that takes a chain accepts our name or its CAIP-2 id. */
export interface ChainCatalog {
  list(): readonly ChainInfo[];
  /** By name (`base`) or CAIP-2 id (`eip155:8453`); undefined when unknown. */
  find(ref: string): ChainInfo | undefined;
  /** The chain, or a 422 at `pointer` naming the accepted values. */
  require(ref: unknown, pointer: string): ChainInfo;
  tokens(chain: string): readonly ChainToken[];
  /** The token on that chain, or a 422 at `pointer` (unknown asset, or not on that chain). */
  requireToken(chain: string, assetCode: unknown, pointer: string): ChainToken;
}
export const ChainCatalog = token<ChainCatalog>('kernel.chain-catalog');

export interface ChainHead {
  readonly chain: string;
  readonly number: bigint;
  readonly timestamp: Date;
  /** The newest block that is final now. */
  readonly finalizedNumber: bigint;
  /** Current gas price in wei. */
  readonly gasPriceWei: bigint;
}

export type ChainTxKind = 'transfer' | 'mint';

/** A submitted transaction as a receipt reads it back. */
export interface ChainReceipt {
  /** 0x-prefixed 32-byte hash. */
  readonly hash: string;
  readonly chain: string;
  readonly kind: ChainTxKind;
  /** The zero address for a mint, as an ERC-20 Transfer event writes it. */
  readonly from: string;
  readonly to: string;
  readonly assetCode: string;
  /** In the token's base units. */
  readonly amount: bigint;
  readonly nonce: bigint;
  readonly blockNumber: bigint;
  readonly blockTimestamp: Date;
  readonly gasUsed: bigint;
  readonly effectiveGasPriceWei: bigint;
  readonly submittedAt: Date;
  /** `pending` until its block is produced, `confirmed` then, `finalized` once the block is final. */
  readonly status: 'pending' | 'confirmed' | 'finalized';
  /** Blocks on top of and including its block; 0 while pending. */
  readonly confirmations: bigint;
}

export interface ChainTransferRequest {
  readonly chain: string;
  readonly from: string;
  readonly to: string;
  readonly assetCode: string;
  /** Base units, positive. */
  readonly amount: bigint;
}

/**
 * The chain's state. Writes take the caller's transaction: the simulator
 * keeps its state in the service's store, so a transfer commits with the
 * ledger movement it mirrors; a node adapter would write an outbox row there
 * and broadcast after commit.
 */
export interface Chain {
  head(chain: string): Promise<ChainHead>;
  /** Balance of an address in base units (the `pending` block tag: submitted transfers count). */
  balanceOf(tx: Tx, chain: string, address: string, assetCode: string): Promise<bigint>;
  /** Every non-zero balance of an address, by asset code. */
  balancesOf(tx: Tx, chain: string, address: string): Promise<ReadonlyMap<string, bigint>>;
  /** Submits a transfer, included in the next block; an InsufficientFundsError when the sender lacks the amount. */
  transfer(tx: Tx, request: ChainTransferRequest): Promise<ChainReceipt>;
  receipt(tx: Tx, chain: string, hash: string): Promise<ChainReceipt | undefined>;
}
export const Chain = token<Chain>('kernel.chain');

/**
 * Puts new tokens at an address (the sandbox faucet and sandbox deposits).
 * Only a simulator binds it: on a real chain nobody can mint.
 */
export interface ChainFaucet {
  mint(tx: Tx, chain: string, to: string, assetCode: string, amount: bigint): Promise<ChainReceipt>;
}
export const ChainFaucet = token<ChainFaucet>('kernel.chain-faucet');
