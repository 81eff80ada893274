import { inject, injectable } from 'inversify';
import {
  Clock,
  ForbiddenError,
  NotFoundError,
  UnitOfWork,
  ValidationError,
  type Actor,
  type Operation,
  type RequestContext,
  type Tx,
} from '../../../kernel/public.js';
import { IdentityConfig } from '../config.js';
import { capAllowlist, capExpiry } from '../domain/creator-limits.js';
import { parseExpiry } from '../domain/expiry.js';
import { checkAllowlist } from '../domain/ip-allowlist.js';
import {
  intersectPermissions,
  lackingPermissions,
  normalisePermissions,
  requirePermission,
} from '../domain/permissions.js';
import type { CreateApiKeyInput, CreatedApiKey } from '../operations.js';
import { ApiKeyRepository, TeamRepository, UserRepository, type ApiKeyRecord } from '../ports.js';
import { KeyIssuer } from './key-issuer.js';
import { issuedKeyView } from './views.js';

/**
 * A new key in the caller's team. It never grants more than the calling key
 * holds: asking for a permission it lacks, an address outside its allow-list
 * or an expiry after its own is a 403; asking for nothing gives the
 * configured default permissions capped by the caller's, and the caller's
 * allow-list and expiry. A caller without a key (the CLI) is not capped.
 */
@injectable()
export class CreateApiKeyOperation implements Operation<CreateApiKeyInput, CreatedApiKey> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TeamRepository) private readonly teams: TeamRepository,
    @inject(UserRepository) private readonly users: UserRepository,
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(KeyIssuer) private readonly issuer: KeyIssuer,
    @inject(Clock) private readonly clock: Clock,
    @inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  async execute(input: CreateApiKeyInput, ctx: RequestContext): Promise<CreatedApiKey> {
    const { actor } = ctx;
    requirePermission(actor, 'write');
    const requestedExpiry = parseExpiry(input.expires_at, this.clock.now());
    const requestedAllowlist = checkAllowlist(input.ip_allowlist ?? []);
    const permissions = this.permissionsFor(actor, input);
    return this.uow.run(async (tx) => {
      const team = await this.teams.findById(tx, actor.teamId);
      if (!team) throw new NotFoundError('Team', actor.teamId);
      const creator = await this.creatorKey(tx, actor);
      const ipAllowlist = creator ? capAllowlist(creator.ipAllowlist, requestedAllowlist) : requestedAllowlist;
      const expiresAt = creator ? capExpiry(creator.expiresAt, requestedExpiry) : requestedExpiry;
      const userId = this.ownerOf(actor, input);
      const user = await this.users.findById(tx, team.id, userId);
      if (!user) throw new NotFoundError('User', userId, { pointer: '/user_id' });
      const issued = await this.issuer.issue(tx, {
        team,
        userId: user.id,
        name: input.name?.trim() || 'default',
        permissions,
        ipAllowlist,
        expiresAt,
      });
      const { record } = issued;
      return {
        ...issuedKeyView(record, issued.key),
        name: record.name,
        user_id: record.userId,
        ip_allowlist: [...record.ipAllowlist],
        created_at: record.createdAt.toISOString(),
      };
    });
  }

  private permissionsFor(actor: Actor, input: CreateApiKeyInput) {
    const requested =
      input.permissions === undefined
        ? intersectPermissions(this.config.default_permissions, actor.permissions)
        : normalisePermissions(input.permissions);
    if (requested.length === 0) {
      throw ValidationError.field('/permissions', 'a key needs at least one of read, write, delete', 'no_permissions');
    }
    const lacking = lackingPermissions(actor.permissions, requested);
    if (lacking.length > 0) {
      throw new ForbiddenError(
        `A key cannot grant permissions its creator lacks: ${lacking.join(', ')}.`,
        'permission_escalation',
      );
    }
    return requested;
  }

  /** The key the caller authenticated with; undefined for key-less callers (the CLI runs as the system). */
  private async creatorKey(tx: Tx, actor: Actor): Promise<ApiKeyRecord | undefined> {
    if (actor.apiKeyId === '') return undefined;
    const key = await this.keys.findById(tx, actor.teamId, actor.apiKeyId);
    // Keys are revoked, never deleted, so an authenticated key is always found; refuse rather than mint uncapped.
    if (!key) throw new ForbiddenError('The calling API key was not found.', 'insufficient_permission');
    return key;
  }

  /** Users make keys for themselves; the operator (and the CLI) may name any member of the team. */
  private ownerOf(actor: Actor, input: CreateApiKeyInput): string {
    if (input.user_id === undefined) {
      if (actor.kind === 'operator' && actor.userId === 'system') {
        throw ValidationError.field('/user_id', 'user_id is required here', 'user_id_required');
      }
      return actor.userId;
    }
    if (actor.kind !== 'operator' && input.user_id !== actor.userId) {
      throw new ForbiddenError('Only the operator may create keys for another user.', 'forbidden');
    }
    return input.user_id;
  }
}
