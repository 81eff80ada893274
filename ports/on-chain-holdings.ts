import type { Asset } from '../kernel/money/asset.js';
import { token } from '../kernel/contract/token.js';
import type { LedgerMovement, MirroredTransaction } from './ledger.js';
import type { Tx } from './unit-of-work.js';

/** What a holding code stands for at the API: an asset, and the chain it is held on (null off-chain). */
export interface Holding {
  readonly code: string;
  readonly asset: Asset;
  readonly chain: string | null;
}

/** EIP-712 typed data as viem's signTypedData takes it (domain, types without EIP712Domain, primary type, message). */
export interface CustodyTypedData {
  readonly domain: { readonly name?: string; readonly version?: string; readonly chainId?: number; readonly verifyingContract?: `0x${string}` };
  readonly types: Readonly<Record<string, readonly { readonly name: string; readonly type: string }[]>>;
  readonly primaryType: string;
  readonly message: Readonly<Record<string, unknown>>;
}

/** What the ledger says one account holds of one holding (customer: available + reserved; system account: its entries). */
export interface HoldingBalance {
  readonly teamId: string;
  readonly accountId: string;
  readonly code: string;
  readonly amount: bigint;
}

/** One difference between the ledger and a chain, found by reconciliation. */
export interface ReconciliationDifference {
  readonly teamId: string;
  readonly accountId: string;
  readonly chain: string;
  /** The account's custody address; empty when the account has none on that chain. */
  readonly address: string;
  readonly assetCode: string;
  /** Base units. */
  readonly ledger: bigint;
  readonly onChain: bigint;
}

export interface Reconciliation {
  /** (address, token) pairs compared. */
  readonly checked: number;
  readonly differences: readonly ReconciliationDifference[];
}

/**
 * Holdings on chains (provided by the chains plugin; the ledger and core
 * banking use it when it is bound). It names holdings (kernel/assets/
 * holding-code.ts), keeps every account's on-chain holdings at its custody
 * addresses in step with the ledger, and reconciles the two.
 */
export interface OnChainHoldings {
  /**
   * The holding of client input: `chain` (a name or CAIP-2 id) must be a chain
   * that has the asset; a token without `chain` is held on the default chain;
   * an off-chain asset with a chain is a 422 at `chainPointer`.
   */
  resolve(asset: Asset, chain: unknown, chainPointer: string): Holding;
  /** The holding a ledger code stands for; undefined when the code is not of a known asset. */
  describe(code: string): Holding | undefined;
  /**
   * The chain side of a posted movement, inside its transaction: for every
   * on-chain holding it moves, the tokens move between the accounts' custody
   * addresses; system:world's legs trade with the holding's counterparty in
   * `movement.counterparties`, or without one are a deposit (minted on a
   * simulated chain; refused where nobody can mint) or a payout to the
   * chain's payout address. Answers the chain transactions, in order.
   */
  mirror(tx: Tx, teamId: string, movement: LedgerMovement): Promise<MirroredTransaction[]>;
  /**
   * The chain side of Ledger.postAcross: `amount` of the holding `code`
   * moves from one team's account's custody address to another team's, as
   * one chain transaction inside `tx` (refused when the sender lacks the
   * tokens).
   */
  mirrorAcross(
    tx: Tx,
    transfer: { readonly code: string; readonly amount: bigint; readonly from: { readonly teamId: string; readonly accountId: string }; readonly to: { readonly teamId: string; readonly accountId: string } },
  ): Promise<MirroredTransaction>;
  /**
   * Signs EIP-712 typed data with the key of the account's custody address
   * on `chain` (the caller has checked the account is the team's). Added for
   * x402's buying side: an EIP-3009 authorization paid from custody. The key
   * never leaves the custody adapter; answers the 65-byte signature and the
   * signing address.
   */
  signTypedData(tx: Tx, teamId: string, accountId: string, chain: string, typedData: CustodyTypedData): Promise<{ readonly signature: `0x${string}`; readonly address: `0x${string}` }>;
  /** Whose custody address `address` is on `chain` (any case; undefined for an address that is not ours or not an address). */
  custodyOwner(tx: Tx, chain: string, address: string): Promise<{ readonly teamId: string; readonly accountId: string } | undefined>;
  /**
   * The account's custody (deposit) address on `chain`, derived on first use
   * (EIP-55). The caller has checked the account is the team's. Added for
   * x402: where a payer's EIP-3009 authorization must pay a receiving team.
   */
  custodyAddress(tx: Tx, teamId: string, accountId: string, chain: string): Promise<string>;
  /** Every holding code that is on a chain: what the ledger side of a reconciliation reads. */
  onChainCodes(): readonly string[];
  /**
   * The ledger's on-chain holdings (every account's balances of onChainCodes,
   * system:world left out) against the custody addresses' balances on the
   * chains, both ways.
   */
  reconcile(tx: Tx, ledger: readonly HoldingBalance[]): Promise<Reconciliation>;
}
export const OnChainHoldings = token<OnChainHoldings>('kernel.on-chain-holdings');
