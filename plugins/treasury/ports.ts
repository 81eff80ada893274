import { token, type Tx } from '../../kernel/public.js';
import type { AllocationRecord } from './domain/allocation.js';
import type { RebalanceRecord } from './domain/rebalance.js';

/**
 * The plugin's private repositories, one implementation per store family
 * (adapters/memory, adapters/sql), both held to adapters/repository.contract.ts.
 * Every method is scoped by team.
 */
export interface AllocationRepository {
  /** Replaces the team's allocation of the token (created_at kept). */
  put(tx: Tx, allocation: AllocationRecord): Promise<AllocationRecord>;
  find(tx: Tx, teamId: string, token: string): Promise<AllocationRecord | undefined>;
  /** As find, the row locked for this unit of work: rebalances of one team and token start one at a time. */
  lock(tx: Tx, teamId: string, token: string): Promise<AllocationRecord | undefined>;
  /** The team's allocations by token. */
  list(tx: Tx, teamId: string): Promise<AllocationRecord[]>;
}
export const AllocationRepository = token<AllocationRepository>('treasury.allocation-repository');

export interface RebalanceRepository {
  insert(tx: Tx, rebalance: RebalanceRecord): Promise<void>;
  find(tx: Tx, teamId: string, id: string): Promise<RebalanceRecord | undefined>;
  /** The team's rebalance that started bridge transfer `transferId`, locked for this unit of work; undefined when none did. */
  lockByTransfer(tx: Tx, teamId: string, transferId: string): Promise<RebalanceRecord | undefined>;
  update(tx: Tx, rebalance: RebalanceRecord): Promise<void>;
  /** The team's rebalance of the token for the account whose transfers are still in flight (status executing), if any. */
  executing(tx: Tx, teamId: string, token: string, accountId: string): Promise<RebalanceRecord | undefined>;
}
export const RebalanceRepository = token<RebalanceRepository>('treasury.rebalance-repository');
