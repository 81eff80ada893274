import { token, type Tx } from '../../kernel/public.js';
import type { BridgeEstimate, BridgeProtocolId, BridgeRoute, RouteSupport } from './domain/bridge-model.js';
import type { BridgeQuoteRecord } from './domain/bridge-quote.js';

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
