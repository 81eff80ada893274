import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { BalanceRecord, CustodianAccountRecord } from './domain/custodian-account.js';

/**
 * The plugin's repository, one implementation per store family, both held
 * to adapters/repository.contract.ts. Team-scoped methods name the team.
 */
export interface CustodianRepository {
  /**
   * Stores a link; false (and nothing stored) when the team's account already
   * has a live link to that custodian — also when a concurrent unit of work
   * made it first (on SQL stores the unique index decides, after it commits).
   */
  insertAccount(tx: Tx, account: CustodianAccountRecord): Promise<boolean>;
  findAccount(tx: Tx, teamId: string, id: string): Promise<CustodianAccountRecord | undefined>;
  /** The link, locked until the unit of work ends: syncs and unlinks of one link run one after another. */
  lockAccount(tx: Tx, teamId: string, id: string): Promise<CustodianAccountRecord | undefined>;
  /** The team's linked (not unlinked) link of an account to a custodian, if any. */
  findLinked(tx: Tx, teamId: string, accountId: string, custodian: string): Promise<CustodianAccountRecord | undefined>;
  /** Oldest first. */
  listAccounts(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<CustodianAccountRecord>>;
  /** Writes status, lastSyncedAt and updatedAt. */
  updateAccount(tx: Tx, account: CustodianAccountRecord): Promise<void>;
  /** Replaces the link's balances with those of the latest sync. */
  replaceBalances(tx: Tx, teamId: string, custodianAccountId: string, balances: readonly BalanceRecord[]): Promise<void>;
  /** The link's balances from its latest sync, in holding order. */
  balances(tx: Tx, teamId: string, custodianAccountId: string): Promise<BalanceRecord[]>;

  /** The simulated custodian's own state (adapters/simulator): an external account's balances and sync count. */
  loadSimulated(tx: Tx, externalId: string): Promise<SimulatedAccount | undefined>;
  saveSimulated(tx: Tx, account: SimulatedAccount): Promise<void>;
}
export const CustodianRepository = token<CustodianRepository>('custodian.repository');

export interface SimulatedAccount {
  readonly externalId: string;
  readonly syncs: number;
  readonly balances: ReadonlyMap<string, bigint>;
}

/**
 * An external custodian, as the module sees it: it opens an account for a
 * team's ledger account (with the holdings it takes into custody) and
 * reports its balances. The default adapter is the simulator
 * (adapters/simulator, docs/custodian.md#the-simulated-custodian); a real
 * one would call the custodian's API.
 */
export interface CustodianGateway {
  readonly name: string;
  /** Opens an account holding `holdings` (minor units by holding code); answers the custodian's id for it. */
  open(tx: Tx, reference: string, holdings: ReadonlyMap<string, bigint>): Promise<string>;
  /** The account's balances now, by holding code. */
  balances(tx: Tx, externalId: string): Promise<Map<string, bigint>>;
}
export const CustodianGateway = token<CustodianGateway>('custodian.gateway');
