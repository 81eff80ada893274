import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * The only way money moves (provided by core-banking). Amounts are bigint
 * minor units. Customer accounts are uuids with one balance row per asset
 * (available, reserved, never negative). System accounts are named
 * 'system:<name>' (world, fees, a basket issuer …): they may go negative and
 * their balances are the sum of their entries, so they never become hot rows.
 */
export interface LedgerLeg {
  readonly accountId: string;
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
}

export interface BalanceAfter {
  readonly accountId: string;
  readonly assetCode: string;
  readonly available: bigint;
  readonly reserved: bigint;
}

export interface PostedMovement {
  readonly movementId: string;
  /** Customer balances touched, after the movement. */
  readonly balances: readonly BalanceAfter[];
}

export interface HoldRequest {
  readonly accountId: string;
  readonly assetCode: string;
  readonly amount: bigint;
  readonly reference?: string;
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
  /** Returns what remains of a hold to available. */
  release(tx: Tx, teamId: string, holdId: string): Promise<BalanceAfter>;
  /** available/reserved of one customer account and asset (zeros when none). */
  balance(tx: Tx, teamId: string, accountId: string, assetCode: string): Promise<BalanceAfter>;
  /** The team's account, or a 404 (also for another team's account). */
  account(tx: Tx, teamId: string, accountId: string): Promise<LedgerAccount>;
}
export const Ledger = token<Ledger>('core-banking.ledger');
