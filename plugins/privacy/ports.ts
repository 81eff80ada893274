import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { PrivacyRequestRecord } from './domain.js';

/**
 * The privacy plugin's private repository (adapters/memory, adapters/sql),
 * both held to adapters/repository.contract.ts. Reads take a team, or null
 * for the operator, who may see every team's requests.
 */
export interface PrivacyRequestRepository {
  insert(tx: Tx, request: PrivacyRequestRecord): Promise<void>;
  /** Marks a received request completed with what it found. */
  complete(tx: Tx, id: string, modules: readonly string[], document: string | null, at: Date): Promise<PrivacyRequestRecord | undefined>;
  find(tx: Tx, teamId: string | null, id: string): Promise<PrivacyRequestRecord | undefined>;
  /** Newest first. */
  list(tx: Tx, teamId: string | null, page: PageRequest): Promise<Slice<PrivacyRequestRecord>>;
  /** Drops the stored export documents of a user (an erasure must not leave copies behind); how many. */
  dropDocuments(tx: Tx, teamId: string, userId: string): Promise<number>;
}
export const PrivacyRequestRepository = token<PrivacyRequestRepository>('privacy.request-repository');
