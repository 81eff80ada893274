import { injectable } from 'inversify';
import { sql } from 'kysely';
import { ConflictError, type Permission, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toCount, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { ChallengePurpose, ChallengeRecord } from '../../domain/challenge.js';
import type { PasskeyRecord } from '../../domain/passkey.js';
import type { SessionRecord } from '../../domain/session.js';
import type { ChallengeRepository, PasskeyRepository, SessionRepository } from '../../ports.js';

interface ChallengeRow {
  readonly challenge: string;
  readonly team_id: string;
  readonly user_id: string | null;
  readonly purpose: ChallengePurpose;
  readonly expires_at: unknown;
  readonly consumed_at: unknown;
  readonly created_at: unknown;
}

function toChallenge(row: ChallengeRow): ChallengeRecord {
  return {
    challenge: row.challenge,
    purpose: row.purpose,
    teamId: row.team_id === '' ? null : row.team_id,
    userId: row.user_id,
    expiresAt: toDate(row.expires_at),
    consumedAt: toDateOrNull(row.consumed_at),
    createdAt: toDate(row.created_at),
  };
}

/** Challenges in mobile_challenges; every statement runs in the transaction it is given. */
@injectable()
export class SqlChallengeRepository implements ChallengeRepository {
  async insert(tx: Tx, c: ChallengeRecord): Promise<void> {
    const { rows } = await sql`
      insert into mobile_challenges (challenge, team_id, user_id, purpose, expires_at, consumed_at, created_at)
      values (${c.challenge}, ${c.teamId ?? ''}, ${c.userId}, ${c.purpose}, ${c.expiresAt}, ${c.consumedAt}, ${c.createdAt})
      on conflict (challenge) do nothing returning challenge`.execute(sqlTx(tx).db);
    if (rows.length === 0) throw new ConflictError('The challenge exists already.', 'challenge_exists');
  }

  async consume(tx: Tx, challenge: string, at: Date): Promise<ChallengeRecord | undefined> {
    // The row lock of the update makes a second, concurrent answer find consumed_at set and get nothing.
    const { rows } = await sql<ChallengeRow>`
      update mobile_challenges set consumed_at = ${at}
      where challenge = ${challenge} and consumed_at is null
      returning challenge, team_id, user_id, purpose, expires_at, null as consumed_at, created_at`.execute(sqlTx(tx).db);
    return rows[0] && toChallenge(rows[0]);
  }

  async deleteStale(tx: Tx, before: Date, limit: number): Promise<number> {
    const { rows } = await sql`
      delete from mobile_challenges where challenge in (
        select challenge from mobile_challenges
        where expires_at < ${before} or consumed_at < ${before}
        limit ${limit} for update skip locked)
      returning challenge`.execute(sqlTx(tx).db);
    return rows.length;
  }
}

const PASSKEY_COLUMNS = sql.raw(
  'id, team_id, user_id, user_handle, public_key, counter, transports, attestation_format, aaguid, device_type, backed_up, flagged_at, flag_reason, last_used_at, created_at',
);

interface PasskeyRow {
  readonly id: string;
  readonly team_id: string;
  readonly user_id: string;
  readonly user_handle: string;
  readonly public_key: string;
  readonly counter: unknown;
  readonly transports: string;
  readonly attestation_format: string;
  readonly aaguid: string;
  readonly device_type: PasskeyRecord['deviceType'];
  readonly backed_up: boolean;
  readonly flagged_at: unknown;
  readonly flag_reason: string | null;
  readonly last_used_at: unknown;
  readonly created_at: unknown;
}

function toPasskey(row: PasskeyRow): PasskeyRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    userId: row.user_id,
    userHandle: row.user_handle,
    publicKey: row.public_key,
    counter: toCount(row.counter),
    transports: row.transports === '' ? [] : row.transports.split(','),
    attestationFormat: row.attestation_format,
    aaguid: row.aaguid,
    deviceType: row.device_type,
    backedUp: row.backed_up,
    flaggedAt: toDateOrNull(row.flagged_at),
    flagReason: row.flag_reason,
    lastUsedAt: toDateOrNull(row.last_used_at),
    createdAt: toDate(row.created_at),
  };
}

/** Passkeys in mobile_passkeys. Transports are few fixed words, kept comma-joined. */
@injectable()
export class SqlPasskeyRepository implements PasskeyRepository {
  async insert(tx: Tx, p: PasskeyRecord): Promise<void> {
    // on conflict keeps the transaction usable, where a unique violation would abort it.
    const { rows } = await sql`
      insert into mobile_passkeys (id, team_id, user_id, user_handle, public_key, counter, transports, attestation_format, aaguid, device_type, backed_up, flagged_at, flag_reason, last_used_at, created_at)
      values (${p.id}, ${p.teamId}, ${p.userId}, ${p.userHandle}, ${p.publicKey}, ${p.counter}, ${p.transports.join(',')}, ${p.attestationFormat}, ${p.aaguid},
              ${p.deviceType}, ${p.backedUp}, ${p.flaggedAt}, ${p.flagReason}, ${p.lastUsedAt}, ${p.createdAt})
      on conflict (id) do nothing returning id`.execute(sqlTx(tx).db);
    if (rows.length === 0) throw new ConflictError('This passkey is registered already.', 'passkey_exists');
  }

  async findById(tx: Tx, id: string): Promise<PasskeyRecord | undefined> {
    const { rows } = await sql<PasskeyRow>`select ${PASSKEY_COLUMNS} from mobile_passkeys where id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toPasskey(rows[0]);
  }

  async listByUser(tx: Tx, teamId: string, userId: string): Promise<PasskeyRecord[]> {
    const { rows } = await sql<PasskeyRow>`
      select ${PASSKEY_COLUMNS} from mobile_passkeys where team_id = ${teamId} and user_id = ${userId} order by created_at, id`.execute(sqlTx(tx).db);
    return rows.map(toPasskey);
  }

  async delete(tx: Tx, teamId: string, userId: string, id: string): Promise<PasskeyRecord | undefined> {
    const { rows } = await sql<PasskeyRow>`
      delete from mobile_passkeys where team_id = ${teamId} and user_id = ${userId} and id = ${id} returning ${PASSKEY_COLUMNS}`.execute(sqlTx(tx).db);
    return rows[0] && toPasskey(rows[0]);
  }

  async recordUse(tx: Tx, id: string, counter: number, at: Date): Promise<void> {
    await sql`update mobile_passkeys set counter = ${counter}, last_used_at = ${at} where id = ${id}`.execute(sqlTx(tx).db);
  }

  async flag(tx: Tx, id: string, reason: string, at: Date): Promise<PasskeyRecord | undefined> {
    const db = sqlTx(tx).db;
    await sql`update mobile_passkeys set flagged_at = ${at}, flag_reason = ${reason} where id = ${id} and flagged_at is null`.execute(db);
    return this.findById(tx, id);
  }
}

const SESSION_COLUMNS = sql.raw('id, team_id, user_id, credential_id, prefix, hash, permissions, expires_at, revoked_at, created_at');

interface SessionRow {
  readonly id: string;
  readonly team_id: string;
  readonly user_id: string;
  readonly credential_id: string;
  readonly prefix: string;
  readonly hash: string;
  readonly permissions: string;
  readonly expires_at: unknown;
  readonly revoked_at: unknown;
  readonly created_at: unknown;
}

function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    userId: row.user_id,
    credentialId: row.credential_id,
    prefix: row.prefix,
    hash: row.hash,
    permissions: row.permissions.split(',') as Permission[],
    expiresAt: toDate(row.expires_at),
    revokedAt: toDateOrNull(row.revoked_at),
    createdAt: toDate(row.created_at),
  };
}

/** Sessions in mobile_sessions, found by the SHA-256 of their token (unique index). */
@injectable()
export class SqlSessionRepository implements SessionRepository {
  async insert(tx: Tx, s: SessionRecord): Promise<void> {
    await sql`
      insert into mobile_sessions (id, team_id, user_id, credential_id, prefix, hash, permissions, expires_at, revoked_at, created_at)
      values (${s.id}, ${s.teamId}, ${s.userId}, ${s.credentialId}, ${s.prefix}, ${s.hash}, ${s.permissions.join(',')}, ${s.expiresAt}, ${s.revokedAt}, ${s.createdAt})`.execute(
      sqlTx(tx).db,
    );
  }

  async findByHash(tx: Tx, hash: string): Promise<SessionRecord | undefined> {
    const { rows } = await sql<SessionRow>`select ${SESSION_COLUMNS} from mobile_sessions where hash = ${hash}`.execute(sqlTx(tx).db);
    return rows[0] && toSession(rows[0]);
  }

  async listActive(tx: Tx, teamId: string, userId: string, now: Date): Promise<SessionRecord[]> {
    const { rows } = await sql<SessionRow>`
      select ${SESSION_COLUMNS} from mobile_sessions
      where team_id = ${teamId} and user_id = ${userId} and revoked_at is null and expires_at > ${now}
      order by created_at desc, id desc`.execute(sqlTx(tx).db);
    return rows.map(toSession);
  }

  async revoke(tx: Tx, teamId: string, userId: string, id: string, at: Date): Promise<SessionRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<SessionRow>`
      update mobile_sessions set revoked_at = coalesce(revoked_at, ${at})
      where team_id = ${teamId} and user_id = ${userId} and id = ${id}
      returning ${SESSION_COLUMNS}`.execute(sqlTx(tx).db);
    return rows[0] && toSession(rows[0]);
  }

  async revokeByCredential(tx: Tx, credentialId: string, at: Date): Promise<SessionRecord[]> {
    const { rows } = await sql<SessionRow>`
      update mobile_sessions set revoked_at = ${at}
      where credential_id = ${credentialId} and revoked_at is null
      returning ${SESSION_COLUMNS}`.execute(sqlTx(tx).db);
    return rows.map(toSession);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
