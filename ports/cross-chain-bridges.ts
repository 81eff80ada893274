import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/** A token to carry from one chain to another (chain names of the chain catalogue, the token's asset code). */
export interface CrossChainRoute {
  readonly sourceChain: string;
  readonly destinationChain: string;
  readonly token: string;
}

/** One protocol's price for carrying an amount now: the fee in base units of the token, what arrives, how long it takes. */
export interface CrossChainQuote {
  readonly protocol: string;
  readonly feeAmount: bigint;
  /** amount − feeAmount; zero or less when the amount does not cover the fee. */
  readonly receiveAmount: bigint;
  readonly durationSeconds: number;
}

/** A bridge transfer between one account's own holdings, as far as it got. */
export interface CrossChainTransfer {
  readonly id: string;
  readonly protocol: string;
  readonly sourceChain: string;
  readonly destinationChain: string;
  readonly token: string;
  /** Base units: what left the source holding, the fee, what arrives on the destination. */
  readonly amount: bigint;
  readonly feeAmount: bigint;
  readonly receiveAmount: bigint;
  /** pending, source_confirmed, attested (in flight), completed (arrived) or failed (refunded to the source). */
  readonly status: string;
  /** True once completed or failed: nothing of it moves any more. */
  readonly final: boolean;
  readonly failureReason: string | null;
}

/**
 * Bridging between chains for other modules (provided by crosschain,
 * docs/crosschain.md): quotes of a route by every protocol that carries it,
 * a transfer from an account's holding on one chain to its own holding on
 * another, started in the caller's unit of work, and its status. The
 * transfer's lifecycle, its events (bridge.completed, bridge.failed) and
 * its refund are crosschain's.
 */
export interface CrossChainBridges {
  /**
   * The protocols that carry the route, each with its fee and what arrives
   * for `amount` base units now, cheapest first; empty when none carries it
   * (or a chain or the token is unknown).
   */
  quote(route: CrossChainRoute, amount: bigint): Promise<CrossChainQuote[]>;
  /**
   * Starts a transfer of `amount` base units from the account's source
   * holding to its own holding on the destination over `protocol`, at the
   * fee the protocol charges now. The caller has checked the account is
   * the team's. Refusals (insufficient funds, an unsupported route, an
   * amount that does not cover the fee) are the crosschain's 422s.
   */
  initiate(tx: Tx, request: { readonly teamId: string; readonly accountId: string; readonly route: CrossChainRoute; readonly amount: bigint; readonly protocol: string }): Promise<CrossChainTransfer>;
  /** The team's transfer; undefined for an unknown id or another team's. */
  status(tx: Tx, teamId: string, transferId: string): Promise<CrossChainTransfer | undefined>;
}
export const CrossChainBridges = token<CrossChainBridges>('crosschain.cross-chain-bridges');
