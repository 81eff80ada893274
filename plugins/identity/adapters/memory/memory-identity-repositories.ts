import { injectable } from 'inversify';
import { deleteUndoable, putUndoable } from '../../../../kit/memory.js';
import { ConflictError, pageOffset, type PageRequest, type Tx } from '../../../../kernel/public.js';
import type {
  ApiKeyRecord,
  ApiKeyRepository,
  Slice,
  TeamRecord,
  TeamRepository,
  UserRecord,
  UserRepository,
} from '../../ports.js';

/**
 * Identity's repositories over Maps. Writes go straight to the maps and
 * register an undo with the memory transaction; the memory unit of work
 * serialises transactions, so reads see committed state only. Records are
 * frozen copies, so a caller cannot change stored state by mutation.
 */
@injectable()
export class MemoryTeamRepository implements TeamRepository {
  private readonly rows = new Map<string, TeamRecord>();

  async insert(tx: Tx, team: TeamRecord): Promise<void> {
    if (this.rows.has(team.id)) throw new ConflictError(`Team '${team.id}' already exists.`);
    if (team.kind === 'operator' && (await this.findOperatorTeam(tx))) {
      throw new ConflictError('The operator team already exists.', 'operator_exists');
    }
    putUndoable(tx, this.rows, team.id, Object.freeze({ ...team }));
  }

  async findById(_tx: Tx, id: string): Promise<TeamRecord | undefined> {
    return this.rows.get(id);
  }

  async findOperatorTeam(_tx: Tx): Promise<TeamRecord | undefined> {
    for (const team of this.rows.values()) if (team.kind === 'operator') return team;
    return undefined;
  }
}

@injectable()
export class MemoryUserRepository implements UserRepository {
  private readonly rows = new Map<string, UserRecord>();
  private readonly byEmail = new Map<string, string>();

  async insert(tx: Tx, user: UserRecord): Promise<void> {
    if (this.byEmail.has(user.email)) {
      throw new ConflictError(`A user with email '${user.email}' already exists.`, 'email_taken');
    }
    if (this.rows.has(user.id)) throw new ConflictError(`User '${user.id}' already exists.`);
    putUndoable(tx, this.rows, user.id, Object.freeze({ ...user }));
    putUndoable(tx, this.byEmail, user.email, user.id);
  }

  async findById(_tx: Tx, teamId: string, id: string): Promise<UserRecord | undefined> {
    const user = this.rows.get(id);
    return user?.teamId === teamId ? user : undefined;
  }

  async findByEmail(_tx: Tx, email: string): Promise<UserRecord | undefined> {
    const id = this.byEmail.get(email);
    return id === undefined ? undefined : this.rows.get(id);
  }

  async rename(tx: Tx, teamId: string, id: string, name: string, email: string): Promise<UserRecord | undefined> {
    const user = this.rows.get(id);
    if (!user || user.teamId !== teamId) return undefined;
    if (email !== user.email && this.byEmail.has(email)) throw new ConflictError(`A user with email '${email}' already exists.`, 'email_taken');
    const renamed = Object.freeze({ ...user, name, email });
    putUndoable(tx, this.rows, id, renamed);
    if (email !== user.email) {
      deleteUndoable(tx, this.byEmail, user.email);
      putUndoable(tx, this.byEmail, email, id);
    }
    return renamed;
  }
}

function freezeKey(key: ApiKeyRecord): ApiKeyRecord {
  return Object.freeze({
    ...key,
    permissions: Object.freeze([...key.permissions]),
    ipAllowlist: Object.freeze([...key.ipAllowlist]),
  });
}

@injectable()
export class MemoryApiKeyRepository implements ApiKeyRepository {
  private readonly rows = new Map<string, ApiKeyRecord>();
  private readonly byHash = new Map<string, string>();

  async insert(tx: Tx, key: ApiKeyRecord): Promise<void> {
    if (this.byHash.has(key.hash)) throw new ConflictError('This API key already exists.', 'api_key_exists');
    if (this.rows.has(key.id)) throw new ConflictError(`API key '${key.id}' already exists.`);
    putUndoable(tx, this.rows, key.id, freezeKey(key));
    putUndoable(tx, this.byHash, key.hash, key.id);
  }

  async findByHashes(_tx: Tx, hashes: readonly string[]): Promise<ApiKeyRecord[]> {
    return hashes.flatMap((hash) => {
      const id = this.byHash.get(hash);
      const key = id === undefined ? undefined : this.rows.get(id);
      return key ? [key] : [];
    });
  }

  async findById(_tx: Tx, teamId: string, id: string): Promise<ApiKeyRecord | undefined> {
    const key = this.rows.get(id);
    return key?.teamId === teamId ? key : undefined;
  }

  async listByTeam(_tx: Tx, teamId: string, page: PageRequest): Promise<Slice<ApiKeyRecord>> {
    const team = [...this.rows.values()]
      .filter((key) => key.teamId === teamId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const offset = pageOffset(page);
    return { items: team.slice(offset, offset + page.perPage), total: team.length };
  }

  async revoke(tx: Tx, teamId: string, id: string, at: Date): Promise<ApiKeyRecord | undefined> {
    const key = await this.findById(tx, teamId, id);
    if (!key || key.revokedAt) return key;
    const revoked = freezeKey({ ...key, revokedAt: at });
    putUndoable(tx, this.rows, id, revoked);
    return revoked;
  }

  async expireBy(tx: Tx, teamId: string, id: string, at: Date): Promise<ApiKeyRecord | undefined> {
    const key = await this.findById(tx, teamId, id);
    if (!key || key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= at.getTime())) return key;
    const expiring = freezeKey({ ...key, expiresAt: at });
    putUndoable(tx, this.rows, id, expiring);
    return expiring;
  }

  async recordUse(tx: Tx, id: string, at: Date, staleBefore: Date): Promise<void> {
    const key = this.rows.get(id);
    if (!key || (key.lastUsedAt && key.lastUsedAt.getTime() > staleBefore.getTime())) return;
    putUndoable(tx, this.rows, id, freezeKey({ ...key, lastUsedAt: at }));
  }
}
