import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * Where an Idempotency-Key lives: the team and the API key that sent it. Two
 * keys of one team never see each other's records, so a key cannot replay a
 * response (or a secret in it) that another key's request produced.
 */
export interface IdempotencyKeyRef {
  readonly teamId: string;
  readonly apiKeyId: string;
  readonly key: string;
}

export interface IdempotencyRecord extends IdempotencyKeyRef {
  /** Hash of method, path and body: a different request under the same key is refused. */
  readonly requestHash: string;
  readonly status: number;
  /** The exact response body; null when the response carried a secret, which is never stored. */
  readonly body: string | null;
  readonly createdAt: Date;
}

/**
 * Saved responses of POSTs sent with an Idempotency-Key, kept at least 24 h.
 * Every call takes many keys, so a batch of requests (group commit) costs
 * the same round trips as one.
 */
export interface IdempotencyStore {
  /**
   * Takes a transaction-scoped lock on each (team, API key, key) without
   * waiting and answers, in order, whether it got it: false where another
   * transaction (in any process) holds it. The holder asking again gets true.
   */
  tryLock(tx: Tx, refs: readonly IdempotencyKeyRef[]): Promise<boolean[]>;
  /** The records saved under these keys; keys without one are left out. */
  find(tx: Tx, refs: readonly IdempotencyKeyRef[]): Promise<IdempotencyRecord[]>;
  /** Saves each record once: a key already saved fails the call. */
  save(tx: Tx, records: readonly IdempotencyRecord[]): Promise<void>;
  /** Deletes records created before `before`; returns how many. */
  prune(before: Date): Promise<number>;
}
export const IdempotencyStore = token<IdempotencyStore>('kernel.idempotency-store');

/** NUL cannot appear in a team id, an API key id or an Idempotency-Key, so the triple maps to one slot only. */
export function idempotencySlot(ref: IdempotencyKeyRef): string {
  return `${ref.teamId}\u0000${ref.apiKeyId}\u0000${ref.key}`;
}
