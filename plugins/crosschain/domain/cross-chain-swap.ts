import type { BridgeProtocolId } from './bridge-model.js';

/**
 * A cross-chain swap (docs/crosschain.md, "Cross-chain swaps"): a bridge
 * transfer of `fromToken`, then a swap of what arrived for `toToken` on the
 * destination chain.
 *
 * - `bridging`: the bridge transfer is under way (its own status says where);
 * - `completed`: bridged and swapped, `amountOut` of `toToken` credited;
 * - `bridged_not_swapped`: bridged, but on arrival the destination pools paid
 *   less than `minimumOutput` (or none made the trade): the policy keeps the
 *   bridged token in the account's destination holding, nothing swapped;
 * - `failed`: the bridge failed and the source was refunded; nothing swapped.
 */
export const CROSS_CHAIN_SWAP_STATUSES = ['bridging', 'completed', 'bridged_not_swapped', 'failed'] as const;
export type CrossChainSwapStatus = (typeof CROSS_CHAIN_SWAP_STATUSES)[number];

export interface CrossChainSwapRecord {
  readonly id: string;
  readonly teamId: string;
  readonly accountId: string;
  /** The bridge transfer that carries `fromToken` (its own record, GET /v1/crosschain/bridge/{id}). */
  readonly bridgeTransferId: string;
  readonly protocol: BridgeProtocolId;
  readonly sourceChain: string;
  readonly destinationChain: string;
  readonly fromToken: string;
  readonly toToken: string;
  /** Base units of fromToken: what left the source, the bridge's fee, what arrives (amount − fee). */
  readonly amount: bigint;
  readonly bridgeFee: bigint;
  readonly bridgedAmount: bigint;
  readonly slippageBps: number;
  /** Base units of toToken: what the destination pools paid for bridgedAmount at initiation, and the least accepted on arrival. */
  readonly expectedOutput: bigint;
  readonly minimumOutput: bigint;
  readonly status: CrossChainSwapStatus;
  /** Once swapped: the defi swap's id, what it paid and its chain transaction. */
  readonly swapId: string | null;
  readonly amountOut: bigint | null;
  readonly swapTxHash: string | null;
  /** On arrival, what the pools offered when it was under the minimum (bridged_not_swapped). */
  readonly offeredOutput: bigint | null;
  /** Why it is bridged_not_swapped or failed. */
  readonly failureReason: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

const BPS = 10_000n;

/** The least output accepted: what the pools pay at initiation less `slippageBps`, rounded down. */
export function minimumOutput(expected: bigint, slippageBps: number): bigint {
  return (expected * (BPS - BigInt(slippageBps))) / BPS;
}
