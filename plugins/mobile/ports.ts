import { token, type Tx } from '../../kernel/public.js';
import type { ChallengeRecord } from './domain/challenge.js';
import type { PasskeyRecord } from './domain/passkey.js';
import type { SessionRecord } from './domain/session.js';

/**
 * The plugin's private repositories, one implementation per store family
 * (adapters/memory, adapters/sql), held to adapters/repository.contract.ts.
 * Lookups by a credential (a challenge, a credential id, a token hash) are
 * not team-scoped: the value itself is what the client presents. Everything
 * else is scoped by team and user.
 */
export interface ChallengeRepository {
  insert(tx: Tx, challenge: ChallengeRecord): Promise<void>;
  /**
   * Marks the challenge used and returns it as issued; undefined when it was
   * never issued or is already used. Two answers racing: exactly one gets it.
   */
  consume(tx: Tx, challenge: string, at: Date): Promise<ChallengeRecord | undefined>;
  /** Deletes up to `limit` challenges used or expired before `before`; returns how many. */
  deleteStale(tx: Tx, before: Date, limit: number): Promise<number>;
}
export const ChallengeRepository = token<ChallengeRepository>('mobile.challenge-repository');

export interface PasskeyRepository {
  /** Throws ConflictError 'passkey_exists' when the credential id is already registered. */
  insert(tx: Tx, passkey: PasskeyRecord): Promise<void>;
  findById(tx: Tx, id: string): Promise<PasskeyRecord | undefined>;
  /** The user's passkeys, oldest first. */
  listByUser(tx: Tx, teamId: string, userId: string): Promise<PasskeyRecord[]>;
  /** Deletes the user's passkey and returns it; undefined when there is none (also another user's). */
  delete(tx: Tx, teamId: string, userId: string, id: string): Promise<PasskeyRecord | undefined>;
  /** Stores the counter of a successful sign-in. */
  recordUse(tx: Tx, id: string, counter: number, at: Date): Promise<void>;
  /** Flags the passkey (it signs in no more), unless already flagged; returns it as stored afterwards. */
  flag(tx: Tx, id: string, reason: string, at: Date): Promise<PasskeyRecord | undefined>;
}
export const PasskeyRepository = token<PasskeyRepository>('mobile.passkey-repository');

export interface SessionRepository {
  insert(tx: Tx, session: SessionRecord): Promise<void>;
  findByHash(tx: Tx, hash: string): Promise<SessionRecord | undefined>;
  /** The user's sessions not revoked and not expired at `now`, newest first. */
  listActive(tx: Tx, teamId: string, userId: string, now: Date): Promise<SessionRecord[]>;
  /** Revokes the user's session unless already revoked; returns it as stored afterwards (undefined: none such). */
  revoke(tx: Tx, teamId: string, userId: string, id: string, at: Date): Promise<SessionRecord | undefined>;
  /** Revokes every live session signed in with this passkey (deleted or flagged); returns them. */
  revokeByCredential(tx: Tx, credentialId: string, at: Date): Promise<SessionRecord[]>;
}
export const SessionRepository = token<SessionRepository>('mobile.session-repository');
