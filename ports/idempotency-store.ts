import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * Where an Idempotency-Key lives: the team that sent it. Every API key of a
 * team shares the team's keys, so a client that switches to its other key in
 * the middle of retrying still applies the request once. Two teams never see
 * each other's records. Replaying across a team's keys reveals nothing: a
 * response only holds the team's own data, and one that carried a secret is
 * never saved (body null).
 */
export interface IdempotencyKeyRef {
  readonly teamId: string;
  readonly key: string;
}

export interface IdempotencyRecord extends IdempotencyKeyRef {
  /** The API key whose request saved the record (kept for the record; not part of the key). */
  readonly apiKeyId: string;
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
   * Takes a transaction-scoped lock on each (team, key) without
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

/** NUL cannot appear in a team id or an Idempotency-Key, so the pair maps to one slot only. */
export function idempotencySlot(ref: IdempotencyKeyRef): string {
  return `${ref.teamId}\u0000${ref.key}`;
}
