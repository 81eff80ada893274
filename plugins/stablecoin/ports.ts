import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { IssuanceRecord } from './domain/reserve.js';

/**
 * The plugin's repository: the team's mints and redemptions (the ledger
 * holds the money; this is their history). One implementation per store
 * family, both held to adapters/repository.contract.ts; scoped by team.
 */
export interface IssuanceRepository {
  insert(tx: Tx, issuance: IssuanceRecord): Promise<void>;
  find(tx: Tx, teamId: string, id: string): Promise<IssuanceRecord | undefined>;
  /** The team's mints and redemptions of one token, newest first. */
  list(tx: Tx, teamId: string, code: string, page: PageRequest): Promise<Slice<IssuanceRecord>>;
  /**
   * Holds the team's lock of one token until the unit of work ends:
   * redemptions of a token by one team run one after another, so two cannot
   * both pass the outstanding-supply check.
   */
  lockToken(tx: Tx, teamId: string, code: string): Promise<void>;
}
export const IssuanceRepository = token<IssuanceRepository>('stablecoin.issuance-repository');
