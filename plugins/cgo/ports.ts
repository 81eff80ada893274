import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { InvestmentRecord, RoundRecord } from './domain/round.js';

/**
 * The cgo plugin's repository (adapters/memory, adapters/sql), held to
 * adapters/repository.contract.ts on every store. Rounds are the bank's and
 * read by every team; investments are scoped by team.
 */
export interface CgoRepository {
  insertRound(tx: Tx, round: RoundRecord): Promise<void>;
  findRound(tx: Tx, id: string): Promise<RoundRecord | undefined>;
  /** The round, locked until the unit of work ends: investments and the close of one round take turns. */
  lockRound(tx: Tx, id: string): Promise<RoundRecord | undefined>;
  /** Newest first. */
  listRounds(tx: Tx, page: PageRequest): Promise<Slice<RoundRecord>>;
  /** Ids of open rounds whose closing time is at or before `now`, oldest closing first. */
  dueRounds(tx: Tx, now: Date, limit: number): Promise<string[]>;
  updateRound(tx: Tx, round: RoundRecord): Promise<void>;
  insertInvestment(tx: Tx, investment: InvestmentRecord): Promise<void>;
  findInvestment(tx: Tx, teamId: string, id: string): Promise<InvestmentRecord | undefined>;
  /** The team's investment in a round, if it made one. */
  investmentOf(tx: Tx, teamId: string, roundId: string): Promise<InvestmentRecord | undefined>;
  /** The team's investments, newest first, optionally in one round. */
  listInvestments(tx: Tx, teamId: string, page: PageRequest, roundId?: string): Promise<Slice<InvestmentRecord>>;
  /** Every team's investments in a round, in the order they were made (for the allocation at close). */
  roundInvestments(tx: Tx, roundId: string): Promise<InvestmentRecord[]>;
  updateInvestment(tx: Tx, investment: InvestmentRecord): Promise<void>;
}
export const CgoRepository = token<CgoRepository>('cgo.repository');
