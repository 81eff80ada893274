import { inject, injectable } from 'inversify';
import { Clock, NotFoundError, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { requirePermission } from '../domain/permissions.js';
import type { RevokeApiKeyInput, RevokedApiKey } from '../operations.js';
import { ApiKeyRepository } from '../ports.js';
import { ApiKeyCache } from './api-key-cache.js';
import { revokeKey } from './key-revocation.js';

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
    return this.uow.run(async (tx) => {
      const revoked = await revokeKey(tx, this.keys, this.cache, ctx.actor.teamId, input.id, this.clock.now());
      if (!revoked?.revokedAt) throw new NotFoundError('API key', input.id, { parameter: 'id' });
      return { id: revoked.id, revoked_at: revoked.revokedAt.toISOString() };
    });
  }
}
