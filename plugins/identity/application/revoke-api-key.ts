import { inject, injectable } from 'inversify';
import { API_KEY_REVOKED_EVENT, Clock, NotFoundError, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { requirePermission } from '../domain/permissions.js';
import type { RevokeApiKeyInput, RevokedApiKey } from '../operations.js';
import { ApiKeyRepository } from '../ports.js';
import { ApiKeyCache } from './api-key-cache.js';

/**
 * Revokes a key of the caller's team; it stops working on the next request
 * (in other processes within auth.md's bound), and its open sockets close on the api_key.revoked event committed with it.
 * Revoking twice returns the first revocation time. Another team's key is a
 * 404, so key ids reveal nothing across tenants.
 */
@injectable()
export class RevokeApiKeyOperation implements Operation<RevokeApiKeyInput, RevokedApiKey> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(ApiKeyCache) private readonly cache: ApiKeyCache,
  ) {}

  async execute(input: RevokeApiKeyInput, ctx: RequestContext): Promise<RevokedApiKey> {
    requirePermission(ctx.actor, 'delete');
    const teamId = ctx.actor.teamId;
    const revoked = await this.uow.run(async (tx) => {
      const now = this.clock.now();
      const revoked = await this.keys.revoke(tx, teamId, input.id, now);
      if (!revoked?.revokedAt) throw new NotFoundError('API key', input.id, { parameter: 'id' });
      const revokedAt = revoked.revokedAt.toISOString();
      // Committed with the revocation: open sockets of the key (GraphQL subscriptions) close on it, in every process.
      if (revoked.revokedAt.getTime() === now.getTime()) {
        await tx.append([
          { type: API_KEY_REVOKED_EVENT, teamId, aggregateType: 'api_key', aggregateId: revoked.id, payload: { api_key_id: revoked.id, revoked_at: revokedAt } },
        ]);
      }
      return { id: revoked.id, revoked_at: revokedAt };
    });
    // Committed: this process's cached copy goes now (the others' on the event), so the next request fails here.
    this.cache.forget(revoked.id);
    return revoked;
  }
}
