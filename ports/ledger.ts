import type { Outcome } from '../kernel/contract/outcome.js';
import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * The only way money moves (provided by core-banking). Amounts are bigint
 * minor units. Customer accounts are uuids with one balance row per asset
 * (available, reserved, never negative). System accounts are named
 * 'system:<name>' (world, fees, a basket issuer …): they may go negative and
 * their balances are the sum of their entries, so they never become hot rows.
 */
/** The outside world: deposits come from it, withdrawals go to it (its balance is −(deposits − withdrawals)). */
export const WORLD_ACCOUNT = 'system:world';

export interface LedgerLeg {
  readonly accountId: string;
  /** A holding code: the asset code, or `<asset>@<chain>` for a token on a chain other than the default (kernel/assets/holding-code.ts). */
  readonly assetCode: string;
  /** Signed: positive credits, negative debits. */
  readonly amount: bigint;
}

export interface LedgerMovement {
  /** What kind of movement, e.g. 'deposit', 'transfer', 'basket.compose'. */
  readonly kind: string;
  readonly reference?: string;
  /** Must sum to zero per asset. */
  readonly legs: readonly LedgerLeg[];
  /**
   * For an on-chain holding (by its code), the address outside the service
   * that its system:world legs pay to or take from: a withdrawal's
   * destination, a DEX pool or lending market a swap or a loan trades with.
   * Without one, a payment from system:world is a deposit (minted on a
   * simulated chain) and one to it goes to the chain's payout address.
   */
  readonly counterparties?: Readonly<Record<string, string>>;
}

export interface BalanceAfter {
  readonly accountId: string;
  readonly assetCode: string;
  readonly available: bigint;
  readonly reserved: bigint;
}

/** A transaction on a chain that mirrored a movement (OnChainHoldings). */
export interface MirroredTransaction {
  readonly chain: string;
  readonly hash: string;
  readonly from: string;
  readonly to: string;
  readonly assetCode: string;
  readonly amount: bigint;
}

export interface PostedMovement {
  readonly movementId: string;
  /** Customer balances touched, after the movement. */
  readonly balances: readonly BalanceAfter[];
  /** The chain transactions that mirrored it, in order; empty when it moved no on-chain holding. */
  readonly chainTransactions: readonly MirroredTransaction[];
}

export interface HoldRequest {
  readonly accountId: string;
  readonly assetCode: string;
  readonly amount: bigint;
  readonly reference?: string;
}

/** A hold of one team, for holdMany. */
export interface TeamHoldRequest extends HoldRequest {
  readonly teamId: string;
  /**
   * The account a later capture will pay (a two-phase transfer): it must
   * exist and be active now, checked under the same lock as the holder.
   */
  readonly beneficiary?: string;
  /** Where the caller's input named the holder and the beneficiary, for the refusals' error source. */
  readonly pointers?: { readonly account?: string; readonly beneficiary?: string };
  /**
   * true: the hold appends no account.balance_updated; the capture or
   * release that ends it announces the holder's balances (a transfer
   * announces each side once, at settlement, instead of once per change).
   */
  readonly quiet?: boolean;
}

/** A capture of one team, for captureMany (see capture). */
export interface CaptureRequest {
  readonly teamId: string;
  readonly holdId: string;
  readonly amount: bigint;
  readonly credits: readonly LedgerLeg[];
  readonly kind: string;
}

/**
 * An amount of one on-chain holding moving from an account of one team to
 * an account of another (an x402 payment from one team's custody to
 * another's endpoint). See Ledger.postAcross.
 */
export interface CrossTeamTransfer {
  readonly kind: string;
  readonly reference?: string;
  /** A holding code of a token on a chain. */
  readonly assetCode: string;
  /** Base units, more than 0. */
  readonly amount: bigint;
  readonly from: { readonly teamId: string; readonly accountId: string };
  readonly to: { readonly teamId: string; readonly accountId: string };
}

export interface PostedCrossTeamTransfer {
  /** The paying team's movement {from −amount, system:world +amount}. */
  readonly payer: PostedMovement;
  /** The receiving team's movement {system:world −amount, to +amount}. */
  readonly payee: PostedMovement;
  /** The one chain transfer between the two custody addresses that mirrors both; undefined without the chains module. */
  readonly chainTransaction: MirroredTransaction | undefined;
}

export interface LedgerAccount {
  readonly id: string;
  readonly status: 'active' | 'frozen' | 'closed';
}

export interface Ledger {
  /**
   * Posts a balanced movement. Debits of customer accounts need available
   * funds (422 insufficient_funds otherwise). Balance rows are locked in
   * sorted (account, asset) order.
   */
  post(tx: Tx, teamId: string, movement: LedgerMovement): Promise<PostedMovement>;
  /** Moves `amount` from available to reserved; returns the hold id. */
  hold(tx: Tx, teamId: string, request: HoldRequest): Promise<string>;
  /**
   * Spends `amount` of a hold (reserved falls) and credits `credits`, which
   * must sum to `amount` in the hold's asset. What remains stays held.
   */
  capture(tx: Tx, teamId: string, holdId: string, amount: bigint, credits: readonly LedgerLeg[], kind: string): Promise<PostedMovement>;
  /**
   * Holds for many requests (of any teams) in one pass: one lock of the
   * accounts, one of the balance rows, one write. Requests apply in order,
   * as if made one after another; each answers its hold id or its own
   * refusal (unknown or inactive account, insufficient funds), which leaves
   * the others untouched.
   */
  holdMany(tx: Tx, requests: readonly TeamHoldRequest[]): Promise<Outcome<string>[]>;
  /** Captures for many holds in one pass, in order, each with its own outcome (see holdMany). */
  captureMany(tx: Tx, requests: readonly CaptureRequest[]): Promise<Outcome<PostedMovement>[]>;
  /**
   * Moves an on-chain holding between accounts of two teams: each team's
   * books balance on their own (the payer's movement pays system:world, the
   * payee's is paid by it, as a withdrawal and a deposit would), and the two
   * are mirrored as ONE chain transfer from the payer's custody address to
   * the payee's (OnChainHoldings.mirrorAcross), so the chain and every
   * team's ledger stay reconciled. The payer needs available funds (422
   * insufficient_funds); both accounts must be active.
   */
  postAcross(tx: Tx, transfer: CrossTeamTransfer): Promise<PostedCrossTeamTransfer>;
  /** Returns what remains of a hold to available. */
  release(tx: Tx, teamId: string, holdId: string): Promise<BalanceAfter>;
  /** Every balance row of one customer account of the team (none for an unknown account or another team's). */
  balances(tx: Tx, teamId: string, accountId: string): Promise<BalanceAfter[]>;
  /** available/reserved of one customer account and asset (zeros when none). */
  balance(tx: Tx, teamId: string, accountId: string, assetCode: string): Promise<BalanceAfter>;
  /** The team's account, or a 404 (also for another team's account). */
  account(tx: Tx, teamId: string, accountId: string): Promise<LedgerAccount>;
  /** The team's oldest active account: whose holdings a call that names no account moves; undefined when it has none. */
  defaultAccount(tx: Tx, teamId: string): Promise<LedgerAccount | undefined>;
}
export const Ledger = token<Ledger>('core-banking.ledger');
