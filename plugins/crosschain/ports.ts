import { token, type ActivityHistoryFilter, type Tx } from '../../kernel/public.js';
import type { BridgeEstimate, BridgeProtocolId, BridgeRoute, RouteSupport } from './domain/bridge-model.js';
import type { BridgeQuoteRecord } from './domain/bridge-quote.js';
import type { BridgeFault, BridgeTransferRecord } from './domain/bridge-transfer.js';
import type { CrossChainSwapRecord } from './domain/cross-chain-swap.js';

/**
 * A bridge protocol (wormhole, layerzero, axelar): which routes it carries
 * and what carrying an amount costs and takes now. The adapters run the
 * documented models over the simulated chains' gas prices and the price
 * feed; an adapter over a protocol's real quoting API would take their place.
 */
export interface BridgeProtocol {
  readonly id: BridgeProtocolId;
  support(route: BridgeRoute): RouteSupport;
  /** Fee and time of carrying `amount` base units now (the route must be supported). */
  estimate(route: BridgeRoute, amount: bigint): Promise<BridgeEstimate>;
}
/** The three protocols, in the spec's order. */
export const BridgeProtocols = token<readonly BridgeProtocol[]>('crosschain.bridge-protocols');

/** Bridge quotes (table crosschain_bridge_quotes), each its team's. */
export interface BridgeQuoteRepository {
  insert(tx: Tx, quote: BridgeQuoteRecord): Promise<void>;
  /** The team's quote; undefined for an unknown id or another team's. */
  find(tx: Tx, teamId: string, id: string): Promise<BridgeQuoteRecord | undefined>;
}
export const BridgeQuoteRepository = token<BridgeQuoteRepository>('crosschain.bridge-quote-repository');

/** Bridge transfers (table crosschain_bridge_transfers), each its team's. */
export interface BridgeTransferRepository {
  insert(tx: Tx, transfer: BridgeTransferRecord): Promise<void>;
  /** The team's transfer; undefined for an unknown id or another team's. */
  find(tx: Tx, teamId: string, id: string): Promise<BridgeTransferRecord | undefined>;
  /** The team's transfer, locked for this unit of work (a lifecycle step). */
  lock(tx: Tx, teamId: string, id: string): Promise<BridgeTransferRecord | undefined>;
  update(tx: Tx, transfer: BridgeTransferRecord): Promise<void>;
  /** Whether a quote was already redeemed by a transfer (a quote initiates once). */
  quoteUsed(tx: Tx, teamId: string, quoteId: string): Promise<boolean>;
  /** The team's transfers not completed or failed yet, oldest first (the portfolio's in-flight). */
  inFlight(tx: Tx, teamId: string): Promise<BridgeTransferRecord[]>;
  /** The team's transfers created in [from, before) (open ends when absent), of one account if given, oldest first (created_at, id), at most `limit`. */
  history(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<BridgeTransferRecord[]>;
}
export const BridgeTransferRepository = token<BridgeTransferRepository>('crosschain.bridge-transfer-repository');

/**
 * Armed faults (table crosschain_bridge_faults): the next `remaining`
 * transfers of a protocol fail or time out. Operator-only; service-wide.
 */
export interface BridgeFaultRepository {
  /** Replaces the protocol's armed fault (count 0 disarms it). */
  arm(tx: Tx, protocol: BridgeProtocolId, fault: BridgeFault, count: number): Promise<void>;
  /** Takes one fault of the protocol, if armed (locked, so concurrent initiations take distinct ones). */
  take(tx: Tx, protocol: BridgeProtocolId): Promise<BridgeFault | null>;
  list(tx: Tx): Promise<Array<{ protocol: BridgeProtocolId; fault: BridgeFault; remaining: number }>>;
}
export const BridgeFaultRepository = token<BridgeFaultRepository>('crosschain.bridge-fault-repository');

/** Cross-chain swaps (table crosschain_swaps), each its team's. */
export interface CrossChainSwapRepository {
  insert(tx: Tx, swap: CrossChainSwapRecord): Promise<void>;
  /** The team's swap; undefined for an unknown id or another team's. */
  find(tx: Tx, teamId: string, id: string): Promise<CrossChainSwapRecord | undefined>;
  /** The team's swap, locked for this unit of work (a workflow step). */
  lock(tx: Tx, teamId: string, id: string): Promise<CrossChainSwapRecord | undefined>;
  update(tx: Tx, swap: CrossChainSwapRecord): Promise<void>;
}
export const CrossChainSwapRepository = token<CrossChainSwapRepository>('crosschain.swap-repository');
