import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import { Page } from '../../../kernel/contract/page.js';
import type { Operation } from '../../../kernel/contract/route.js';
import { Clock } from '../../../ports/clock.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { requirePermission } from '../domain/permissions.js';
import type { ApiKeyView, ListApiKeysInput } from '../operations.js';
import { ApiKeyRepository } from '../ports.js';
import { apiKeyView } from './views.js';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/** The caller's team keys, newest first, revoked ones included (with status and revoked_at). */
@injectable()
export class ListApiKeysOperation implements Operation<ListApiKeysInput, Page<ApiKeyView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: ListApiKeysInput, ctx: RequestContext): Promise<Page<ApiKeyView>> {
    requirePermission(ctx.actor, 'read');
    const page = Math.max(1, Math.trunc(input.page ?? 1));
    const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.trunc(input.per_page ?? DEFAULT_PER_PAGE)));
    const slice = await this.uow.run((tx) => this.keys.listByTeam(tx, ctx.actor.teamId, { page, perPage }));
    const now = this.clock.now();
    return new Page(
      slice.items.map((record) => apiKeyView(record, now)),
      page,
      perPage,
      slice.total,
    );
  }
}
