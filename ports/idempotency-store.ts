import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

export interface IdempotencyRecord {
  readonly teamId: string;
  readonly key: string;
  /** Hash of method, path and body: a different request under the same key is refused. */
  readonly requestHash: string;
  readonly status: number;
  readonly body: string;
  readonly createdAt: Date;
}

/** Saved responses of POSTs sent with an Idempotency-Key, kept at least 24 h. */
export interface IdempotencyStore {
  /**
   * Takes a transaction-scoped lock on (team, key) without waiting; false when
   * another transaction (in any process) holds it.
   */
  tryLock(tx: Tx, teamId: string, key: string): Promise<boolean>;
  find(tx: Tx, teamId: string, key: string): Promise<IdempotencyRecord | undefined>;
  save(tx: Tx, record: IdempotencyRecord): Promise<void>;
  /** Deletes records created before `before`; returns how many. */
  prune(before: Date): Promise<number>;
}
export const IdempotencyStore = token<IdempotencyStore>('kernel.idempotency-store');
