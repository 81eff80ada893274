import { inject, injectable } from 'inversify';
import {
  Clock,
  DEFAULT_PER_PAGE,
  listPage,
  MAX_PER_PAGE,
  UnitOfWork,
  type Operation,
  type Page,
  type PageRequest,
  type RequestContext,
} from '../../../kernel/public.js';
import { requirePermission } from '../domain/permissions.js';
import type { ApiKeyView, ListApiKeysInput } from '../operations.js';
import { ApiKeyRepository, type ApiKeyRecord } from '../ports.js';
import { apiKeyView } from './views.js';

/**
 * The caller's team keys, newest first, revoked ones included (with status and revoked_at).
 * Unlike the other lists, an out-of-range page or size is clamped here, not refused.
 */
@injectable()
export class ListApiKeysOperation implements Operation<ListApiKeysInput, Page<ApiKeyView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: ListApiKeysInput, ctx: RequestContext): Promise<Page<ApiKeyView>> {
    requirePermission(ctx.actor, 'read');
    const page: PageRequest = {
      page: Math.max(1, Math.trunc(input.page ?? 1)),
      perPage: Math.min(MAX_PER_PAGE, Math.max(1, Math.trunc(input.per_page ?? DEFAULT_PER_PAGE))),
    };
    const now = this.clock.now();
    return listPage(this.uow, page, (record: ApiKeyRecord) => apiKeyView(record, now), (tx) => this.keys.listByTeam(tx, ctx.actor.teamId, page));
  }
}
