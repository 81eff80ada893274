import { injectable } from 'inversify';
import type { Kysely, Selectable } from 'kysely';
import { sqlTx, toDate, toDateOrNull } from '../../../../kit/sql.js';
import { ConflictError, pageOffset, type PageRequest, type Permission, type Tx } from '../../../../kernel/public.js';
import type {
  ActorKind,
  ApiKeyRecord,
  ApiKeyRepository,
  Slice,
  TeamRecord,
  TeamRepository,
  UserRecord,
  UserRepository,
} from '../../ports.js';

interface IdentityTeamsTable {
  team_id: string;
  name: string;
  kind: ActorKind;
  created_at: Date;
}

interface IdentityUsersTable {
  id: string;
  team_id: string;
  name: string;
  email: string;
  created_at: Date;
}

interface IdentityApiKeysTable {
  id: string;
  team_id: string;
  user_id: string;
  kind: ActorKind;
  name: string;
  prefix: string;
  key_hash: string;
  permissions: string[];
  ip_allowlist: string[];
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

interface IdentityDatabase {
  identity_teams: IdentityTeamsTable;
  identity_users: IdentityUsersTable;
  identity_api_keys: IdentityApiKeysTable;
}

/** The open transaction of this unit of work; repositories never hold a root handle. */
function db(tx: Tx): Kysely<IdentityDatabase> {
  return sqlTx(tx).db as Kysely<IdentityDatabase>;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}


@injectable()
export class SqlTeamRepository implements TeamRepository {
  async insert(tx: Tx, team: TeamRecord): Promise<void> {
    await db(tx)
      .insertInto('identity_teams')
      .values({ team_id: team.id, name: team.name, kind: team.kind, created_at: team.createdAt })
      .execute();
  }

  async findById(tx: Tx, id: string): Promise<TeamRecord | undefined> {
    const row = await db(tx).selectFrom('identity_teams').selectAll().where('team_id', '=', id).executeTakeFirst();
    return row && toTeam(row);
  }

  async findOperatorTeam(tx: Tx): Promise<TeamRecord | undefined> {
    const row = await db(tx).selectFrom('identity_teams').selectAll().where('kind', '=', 'operator').executeTakeFirst();
    return row && toTeam(row);
  }
}

function toTeam(row: Selectable<IdentityTeamsTable>): TeamRecord {
  return { id: row.team_id, name: row.name, kind: row.kind, createdAt: toDate(row.created_at) };
}

@injectable()
export class SqlUserRepository implements UserRepository {
  async insert(tx: Tx, user: UserRecord): Promise<void> {
    try {
      await db(tx)
        .insertInto('identity_users')
        .values({ id: user.id, team_id: user.teamId, name: user.name, email: user.email, created_at: user.createdAt })
        .execute();
    } catch (error) {
      // The transaction is aborted either way; this only names the conflict.
      if (isUniqueViolation(error)) {
        throw new ConflictError(`A user with email '${user.email}' already exists.`, 'email_taken');
      }
      throw error;
    }
  }

  async findById(tx: Tx, teamId: string, id: string): Promise<UserRecord | undefined> {
    const row = await db(tx)
      .selectFrom('identity_users')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toUser(row);
  }

  async findByEmail(tx: Tx, email: string): Promise<UserRecord | undefined> {
    const row = await db(tx).selectFrom('identity_users').selectAll().where('email', '=', email).executeTakeFirst();
    return row && toUser(row);
  }

  async rename(tx: Tx, teamId: string, id: string, name: string, email: string): Promise<UserRecord | undefined> {
    try {
      const row = await db(tx)
        .updateTable('identity_users')
        .set({ name, email })
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toUser(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`A user with email '${email}' already exists.`, 'email_taken');
      throw error;
    }
  }
}

function toUser(row: Selectable<IdentityUsersTable>): UserRecord {
  return { id: row.id, teamId: row.team_id, name: row.name, email: row.email, createdAt: toDate(row.created_at) };
}

@injectable()
export class SqlApiKeyRepository implements ApiKeyRepository {
  async insert(tx: Tx, key: ApiKeyRecord): Promise<void> {
    await db(tx)
      .insertInto('identity_api_keys')
      .values({
        id: key.id,
        team_id: key.teamId,
        user_id: key.userId,
        kind: key.kind,
        name: key.name,
        prefix: key.prefix,
        key_hash: key.hash,
        permissions: [...key.permissions],
        ip_allowlist: [...key.ipAllowlist],
        expires_at: key.expiresAt,
        last_used_at: key.lastUsedAt,
        revoked_at: key.revokedAt,
        created_at: key.createdAt,
      })
      .execute();
  }

  async findByHashes(tx: Tx, hashes: readonly string[]): Promise<ApiKeyRecord[]> {
    if (hashes.length === 0) return [];
    const rows = await db(tx).selectFrom('identity_api_keys').selectAll().where('key_hash', 'in', [...hashes]).execute();
    return rows.map(toApiKey);
  }

  async findById(tx: Tx, teamId: string, id: string): Promise<ApiKeyRecord | undefined> {
    const row = await db(tx)
      .selectFrom('identity_api_keys')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toApiKey(row);
  }

  async listByTeam(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<ApiKeyRecord>> {
    const rows = await db(tx)
      .selectFrom('identity_api_keys')
      .selectAll()
      .where('team_id', '=', teamId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.perPage)
      .offset(pageOffset(page))
      .execute();
    const { total } = await db(tx)
      .selectFrom('identity_api_keys')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    return { items: rows.map(toApiKey), total: Number(total) };
  }

  async revoke(tx: Tx, teamId: string, id: string, at: Date): Promise<ApiKeyRecord | undefined> {
    await db(tx)
      .updateTable('identity_api_keys')
      .set({ revoked_at: at })
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    return this.findById(tx, teamId, id);
  }

  async expireBy(tx: Tx, teamId: string, id: string, at: Date): Promise<ApiKeyRecord | undefined> {
    await db(tx)
      .updateTable('identity_api_keys')
      .set({ expires_at: at })
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
      .execute();
    return this.findById(tx, teamId, id);
  }

  async recordUse(tx: Tx, id: string, at: Date, staleBefore: Date): Promise<void> {
    await db(tx)
      .updateTable('identity_api_keys')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', staleBefore)]))
      .execute();
  }
}

function toApiKey(row: Selectable<IdentityApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    userId: row.user_id,
    kind: row.kind,
    name: row.name,
    prefix: row.prefix,
    hash: row.key_hash,
    permissions: row.permissions as Permission[],
    ipAllowlist: row.ip_allowlist,
    expiresAt: toDateOrNull(row.expires_at),
    lastUsedAt: toDateOrNull(row.last_used_at),
    revokedAt: toDateOrNull(row.revoked_at),
    createdAt: toDate(row.created_at),
  };
}
