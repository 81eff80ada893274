import { inject, injectable } from 'inversify';
import {
  Clock,
  ConflictError,
  ForbiddenError,
  MAX_PER_PAGE,
  NotFoundError,
  type Actor,
  type KeyInventory,
  type KeyInventoryEntry,
  type KeyRotationRequest,
  type RotatedKey,
  type Tx,
} from '../../../kernel/public.js';
import { API_KEY_SCHEME } from '../domain/api-key.js';
import { capAllowlist, capExpiry } from '../domain/creator-limits.js';
import { lackingPermissions, requirePermission } from '../domain/permissions.js';
import { ApiKeyRepository, TeamRepository, type ApiKeyRecord } from '../ports.js';
import { KeyIssuer } from './key-issuer.js';
import { ApiKeyCache } from './api-key-cache.js';
import { revokeKey } from './key-revocation.js';
import { keyStatus } from './views.js';

/** A rotation's grace for the old key: at most a day, so a leaked key cannot be kept alive by rotating it. */
const MAX_GRACE_SECONDS = 24 * 60 * 60;

/**
 * The team's API keys in the key inventory (the KeyInventory port, read by
 * key-management): name, owner, display prefix, expiry and status; never the
 * key or its hash. A rotation issues a new key (a new id) with the old one's
 * name, owner, permissions, allow-list and expiry, under the same caps as
 * POST /api-keys, and ends the old one: at once (revoked, api_key.revoked
 * closes its sockets) or, with a grace, by bringing its expiry forward.
 */
@injectable()
export class ApiKeyInventory implements KeyInventory {
  readonly kind = 'api_key' as const;
  readonly module = 'identity';
  readonly maxOverlapSeconds = MAX_GRACE_SECONDS;

  constructor(
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(TeamRepository) private readonly teams: TeamRepository,
    @inject(KeyIssuer) private readonly issuer: KeyIssuer,
    @inject(Clock) private readonly clock: Clock,
    @inject(ApiKeyCache) private readonly cache: ApiKeyCache,
  ) {}

  async list(tx: Tx, teamId: string): Promise<KeyInventoryEntry[]> {
    const now = this.clock.now();
    const entries: KeyInventoryEntry[] = [];
    for (let page = 1; ; page++) {
      const slice = await this.keys.listByTeam(tx, teamId, { page, perPage: MAX_PER_PAGE });
      entries.push(...slice.items.map((key) => this.#entry(key, now)));
      if (entries.length >= slice.total || slice.items.length === 0) return entries;
    }
  }

  async find(tx: Tx, teamId: string, id: string): Promise<KeyInventoryEntry | undefined> {
    const key = await this.keys.findById(tx, teamId, id);
    return key && this.#entry(key, this.clock.now());
  }

  async rotate(tx: Tx, actor: Actor, id: string, request: KeyRotationRequest): Promise<RotatedKey | undefined> {
    const old = await this.keys.findById(tx, actor.teamId, id);
    if (!old) return undefined;
    const now = this.clock.now();
    // It makes a key and ends one: the permissions of both POST and DELETE /api-keys.
    requirePermission(actor, 'write');
    requirePermission(actor, 'delete');
    if (actor.kind !== 'operator' && old.userId !== actor.userId) throw new ForbiddenError('Only the operator may rotate another user’s key.', 'forbidden');
    const lacking = lackingPermissions(actor.permissions, old.permissions);
    if (lacking.length > 0) throw new ForbiddenError(`A key cannot grant permissions its creator lacks: ${lacking.join(', ')}.`, 'permission_escalation');
    if (keyStatus(old, now) !== 'active') throw new ConflictError(`API key '${id}' is ${keyStatus(old, now)}: only an active key is rotated.`, 'key_not_active');
    const creator = await this.#creator(tx, actor);
    const team = await this.teams.findById(tx, actor.teamId);
    if (!team) throw new NotFoundError('Team', actor.teamId);
    const issued = await this.issuer.issue(tx, {
      team,
      userId: old.userId,
      name: old.name,
      permissions: old.permissions,
      ipAllowlist: creator ? capAllowlist(creator.ipAllowlist, old.ipAllowlist) : old.ipAllowlist,
      expiresAt: creator ? capExpiry(creator.expiresAt, old.expiresAt) : old.expiresAt,
    });
    const until = new Date(now.getTime() + request.overlapSeconds * 1000);
    if (request.overlapSeconds === 0) await revokeKey(tx, this.keys, this.cache, actor.teamId, old.id, now);
    else {
      await this.keys.expireBy(tx, actor.teamId, old.id, until);
      // This process's cached copy has the old expiry; other processes re-read theirs within auth_cache_ms (docs/auth.md).
      tx.afterCommit(() => this.cache.forget(old.id));
    }
    const ended = (await this.keys.findById(tx, actor.teamId, old.id))!;
    return { entry: this.#entry(issued.record, now), secret: issued.key, previousValidUntil: ended.revokedAt ?? ended.expiresAt ?? until };
  }

  /** The key the caller authenticated with (caps the new key as for POST /api-keys); none for key-less callers. */
  async #creator(tx: Tx, actor: Actor): Promise<ApiKeyRecord | undefined> {
    if (actor.apiKeyId === '') return undefined;
    const key = await this.keys.findById(tx, actor.teamId, actor.apiKeyId);
    if (!key) throw new ForbiddenError('The calling API key was not found.', 'insufficient_permission');
    return key;
  }

  #entry(key: ApiKeyRecord, now: Date): KeyInventoryEntry {
    const status = keyStatus(key, now);
    return {
      kind: this.kind,
      id: key.id,
      label: key.name,
      owner: key.userId,
      status,
      fingerprint: `${API_KEY_SCHEME}${key.prefix}`,
      createdAt: key.createdAt,
      lastRotatedAt: null,
      expiresAt: key.expiresAt,
      overlapEndsAt: null,
      rotatable: status === 'active',
      custody: null,
    };
  }
}
