import { token, type PageRequest, type Permission, type Slice, type Tx } from '../../kernel/public.js';

/**
 * Identity's private ports: its repositories, used only by this plugin and
 * its own adapters. Every method works inside the transaction it is given and
 * every query on users and keys is scoped by team.
 */
export type ActorKind = 'user' | 'operator';

export interface TeamRecord {
  readonly id: string;
  readonly name: string;
  /** The one 'operator' team holds the bank operator; every other team is a tenant. */
  readonly kind: ActorKind;
  readonly createdAt: Date;
}

export interface UserRecord {
  readonly id: string;
  readonly teamId: string;
  readonly name: string;
  /** Normalised (trimmed, lower case); unique across the bank. */
  readonly email: string;
  readonly createdAt: Date;
}

export interface ApiKeyRecord {
  readonly id: string;
  readonly teamId: string;
  readonly userId: string;
  /** Copied from the team, so authentication is a single lookup. */
  readonly kind: ActorKind;
  readonly name: string;
  /** The 8 characters after `fak_`; not secret. */
  readonly prefix: string;
  /** SHA-256 (or HMAC-SHA-256 with the pepper) of the whole key, lowercase hex. */
  readonly hash: string;
  readonly permissions: readonly Permission[];
  readonly ipAllowlist: readonly string[];
  readonly expiresAt: Date | null;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
  readonly createdAt: Date;
}

export type { Slice };

export interface TeamRepository {
  insert(tx: Tx, team: TeamRecord): Promise<void>;
  findById(tx: Tx, id: string): Promise<TeamRecord | undefined>;
  findOperatorTeam(tx: Tx): Promise<TeamRecord | undefined>;
}
export const TeamRepository = token<TeamRepository>('identity.team-repository');

export interface UserRepository {
  /** Throws ConflictError 'email_taken' when the email is already used. */
  insert(tx: Tx, user: UserRecord): Promise<void>;
  findById(tx: Tx, teamId: string, id: string): Promise<UserRecord | undefined>;
  findByEmail(tx: Tx, email: string): Promise<UserRecord | undefined>;
  /** Sets the user's name and email (a privacy erasure); the updated user, undefined when unknown in the team. */
  rename(tx: Tx, teamId: string, id: string, name: string, email: string): Promise<UserRecord | undefined>;
}
export const UserRepository = token<UserRepository>('identity.user-repository');

export interface ApiKeyRepository {
  insert(tx: Tx, key: ApiKeyRecord): Promise<void>;
  /**
   * The one lookup authentication does (unique index on the hash), for many
   * hashes at once; unknown hashes are left out. Not team-scoped: the hash
   * is the credential.
   */
  findByHashes(tx: Tx, hashes: readonly string[]): Promise<ApiKeyRecord[]>;
  findById(tx: Tx, teamId: string, id: string): Promise<ApiKeyRecord | undefined>;
  /** Newest first (created_at, then id). */
  listByTeam(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<ApiKeyRecord>>;
  /** Sets revoked_at unless already revoked; returns the key as stored afterwards. */
  revoke(tx: Tx, teamId: string, id: string, at: Date): Promise<ApiKeyRecord | undefined>;
  /**
   * Brings expires_at forward to `at` (a rotation's grace end) unless the key
   * is revoked or already expires by then; returns the key as stored afterwards.
   */
  expireBy(tx: Tx, teamId: string, id: string, at: Date): Promise<ApiKeyRecord | undefined>;
  /** Sets last_used_at = at only if it is null or at/before `staleBefore` (no write otherwise). */
  recordUse(tx: Tx, id: string, at: Date, staleBefore: Date): Promise<void>;
}
export const ApiKeyRepository = token<ApiKeyRepository>('identity.api-key-repository');
