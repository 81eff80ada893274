import { token, type Rate, type Tx } from '../../kernel/public.js';
import type { ProposalRecord } from './domain/proposal.js';
import type { Quantities } from './domain/quantities.js';
import type { VoteChoice } from './domain/tally.js';
import type { Weights } from './domain/weights.js';

/**
 * The GCU plugin's private repository. Every method works inside the
 * transaction it is given. Baskets, prices and proposals are bank-wide
 * (public governance data); votes, reserves and holdings carry the team id
 * and are only ever read for that team (or summed without naming teams).
 */
export interface BasketRecord {
  readonly code: string;
  readonly name: string;
  readonly symbol: string;
  readonly description: string;
  /** Target weights (what the last rebalancing applied). */
  readonly weights: Weights;
  /** Component quantities of one whole unit since the last rebalancing. */
  readonly quantities: Quantities;
  readonly version: number;
  readonly frequency: 'monthly';
  readonly lastRebalanced: Date | null;
  readonly nextRebalance: Date;
  /** Governance settings in ppm (quorum of supply, approval of for+against). */
  readonly quorumPpm: bigint;
  readonly approvalPpm: bigint;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** One definition of the basket, kept for valuing history across rebalancings. */
export interface BasketVersion {
  readonly code: string;
  readonly version: number;
  readonly effectiveAt: Date;
  readonly weights: Weights;
  readonly quantities: Quantities;
  /** USD value of one unit when the version took effect, 18 decimals. */
  readonly unitValueUsd: string;
  readonly proposalId: string | null;
}

export interface PricePoint {
  readonly assetCode: string;
  readonly at: Date;
  readonly usd: Rate;
}

export interface VoteRecord {
  readonly proposalId: string;
  readonly teamId: string;
  /** The user who cast (or last changed) the team's vote. */
  readonly userId: string;
  readonly choice: VoteChoice;
  /** GCU minor units held by the team at the proposal's snapshot. */
  readonly power: bigint;
  readonly castAt: Date;
  /** How many times the vote was changed. */
  readonly changes: number;
}

/** Basket units a team has outstanding, and which basket version its reserve matches. */
export interface ReserveRecord {
  readonly teamId: string;
  readonly basketCode: string;
  readonly outstanding: bigint;
  readonly version: number;
}

/** A customer account's basket-unit balance after one change: one account.balance_updated event. */
export interface HoldingRow {
  readonly position: bigint;
  /** When the change happened (the event's occurred_at). */
  readonly occurredAt: Date;
  readonly teamId: string;
  readonly accountId: string;
  readonly assetCode: string;
  readonly balance: bigint;
}

export interface GcuRepository {
  findBasket(tx: Tx, code: string): Promise<BasketRecord | undefined>;
  /** The basket row locked for update (rebalancing, compose). */
  lockBasket(tx: Tx, code: string): Promise<BasketRecord | undefined>;
  listBaskets(tx: Tx): Promise<BasketRecord[]>;
  saveBasket(tx: Tx, basket: BasketRecord): Promise<void>;
  /** Inserts a new basket; false (and nothing written) when the code exists, e.g. another process created it first. */
  insertBasket(tx: Tx, basket: BasketRecord): Promise<boolean>;
  insertVersion(tx: Tx, version: BasketVersion): Promise<void>;
  listVersions(tx: Tx, code: string): Promise<BasketVersion[]>;

  /** Inserts points; a point already stored for (asset, at) is kept. */
  recordPrices(tx: Tx, points: readonly PricePoint[]): Promise<void>;
  lastPriceAt(tx: Tx): Promise<Date | undefined>;
  /** The newest point of the asset at or before `at`, else its oldest point. */
  priceNear(tx: Tx, assetCode: string, at: Date): Promise<PricePoint | undefined>;
  /** Points of `assets` with from ≤ at ≤ to (from null: since the beginning), oldest first. */
  prices(tx: Tx, assets: readonly string[], from: Date | null, to: Date): Promise<PricePoint[]>;

  insertProposal(tx: Tx, proposal: ProposalRecord): Promise<void>;
  saveProposal(tx: Tx, proposal: ProposalRecord): Promise<void>;
  findProposal(tx: Tx, id: string): Promise<ProposalRecord | undefined>;
  /** The proposal row locked for update (taking the snapshot, closing). */
  lockProposal(tx: Tx, id: string): Promise<ProposalRecord | undefined>;
  /** Newest voting window first. */
  listProposals(tx: Tx, basketCode: string): Promise<ProposalRecord[]>;

  findVote(tx: Tx, proposalId: string, teamId: string): Promise<VoteRecord | undefined>;
  saveVote(tx: Tx, vote: VoteRecord): Promise<void>;
  listVotes(tx: Tx, proposalId: string): Promise<VoteRecord[]>;
  listTeamVotes(tx: Tx, teamId: string): Promise<VoteRecord[]>;

  /**
   * The team's reserve record locked for update, created (0 outstanding, at
   * `version`) when missing, so two first composes never both start from none.
   */
  lockReserve(tx: Tx, teamId: string, basketCode: string, version: number): Promise<ReserveRecord>;
  saveReserve(tx: Tx, reserve: ReserveRecord): Promise<void>;
  /** Units outstanding across every team (what compose issued minus what decompose burned). */
  totalOutstanding(tx: Tx, basketCode: string): Promise<bigint>;
  /** Teams whose reserve still matches an older basket version. */
  staleReserves(tx: Tx, basketCode: string, version: number): Promise<ReserveRecord[]>;

  /** Adds balance changes to the holdings history; a row already stored (same account, asset and position) is kept. */
  recordHoldings(tx: Tx, rows: readonly HoldingRow[]): Promise<void>;
  /**
   * Balance per team (teams with a positive total only): each account's
   * newest row, or its newest row that occurred at or before `asOf`.
   */
  holdingsByTeam(tx: Tx, assetCode: string, asOf?: Date): Promise<Map<string, bigint>>;
  /** Deletes rows no balance "as of" `before` or later can need: those followed by a newer row of the same account that occurred at or before `before`. */
  pruneHoldings(tx: Tx, assetCode: string, before: Date): Promise<void>;
  /** Records the voting power of every holder when a proposal's snapshot is taken. */
  insertSnapshot(tx: Tx, proposalId: string, powers: ReadonlyMap<string, bigint>): Promise<void>;
  /** The team's power in the proposal's snapshot (0 when it held nothing then). */
  snapshotPower(tx: Tx, proposalId: string, teamId: string): Promise<bigint>;
}
export const GcuRepository = token<GcuRepository>('gcu.repository');
