import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, formatMinor, Ids, listPage, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext, type Tx } from '../../../kernel/public.js';
import type { ActivityRecord, ActivityType } from '../domain/activity.js';
import type { ActivityItemView, PageQuery } from '../operations.js';
import { ActivityRepository } from '../ports.js';

const HREF: Readonly<Record<ActivityRecord['resourceType'], (id: string) => string>> = {
  payment_intent: (id) => `/api/v2/mobile/payments/intents/${id}`,
  p2p_transfer: (id) => `/api/v2/mobile/transfers/p2p/${id}`,
  notification: (id) => `/api/v2/mobile/notifications#${id}`,
  // `<account id>/<movement id>`: the account's transaction list shows the movement.
  ledger_movement: (id) => `/api/v2/accounts/${id.split('/')[0]}/transactions`,
  passkey: () => '/api/v2/mobile/passkeys',
};

export function resourceLink(type: ActivityRecord['resourceType'], id: string) {
  return { type, id, href: HREF[type](id) };
}

export interface ActivityEntry {
  readonly teamId: string;
  readonly userId: string;
  readonly type: ActivityType;
  readonly resourceType: ActivityRecord['resourceType'];
  readonly resourceId: string;
  readonly amount: bigint | null;
  readonly currency: string | null;
  readonly title: string;
  readonly status: string;
}

/** Writes feed items in the caller's unit of work: the feed shows a change as soon as it commits. */
@injectable()
export class ActivityLog {
  constructor(
    @inject(ActivityRepository) private readonly items: ActivityRepository,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  record(tx: Tx, entry: ActivityEntry): Promise<void> {
    const now = this.clock.now();
    return this.items.upsert(tx, { id: this.ids.uuid(), ...entry, createdAt: now, updatedAt: now });
  }
}

/** GET /mobile/activity: the caller's feed, newest first, paginated (page, per_page ≤ 100). */
@injectable()
export class ListActivityOperation implements Operation<PageQuery, Page<ActivityItemView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ActivityRepository) private readonly items: ActivityRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: PageQuery, ctx: RequestContext): Promise<Page<ActivityItemView>> {
    const view = (item: ActivityRecord): ActivityItemView => ({
      id: item.id,
      type: item.type,
      title: item.title,
      amount: item.amount === null ? null : signed(item.amount, this.assets.find(item.currency ?? '')?.precision ?? 2),
      currency: item.currency,
      status: item.status,
      resource: resourceLink(item.resourceType, item.resourceId),
      created_at: item.createdAt.toISOString(),
      updated_at: item.updatedAt.toISOString(),
    });
    return listPage(this.uow, pageRequest(input.page, input.per_page), view, (tx, page) => this.items.list(tx, ctx.actor.teamId, ctx.actor.userId, page));
  }
}

function signed(minor: bigint, precision: number): string {
  return minor < 0n ? '-' + formatMinor(-minor, precision) : formatMinor(minor, precision);
}
