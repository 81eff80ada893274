import { inject, injectable } from 'inversify';
import { Clock, Ids, listPage, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext, type Tx } from '../../../kernel/public.js';
import type { ActivityRecord } from '../domain/activity.js';
import type { NotificationKind, NotificationRecord } from '../domain/notification.js';
import type { NotificationView, PageQuery } from '../operations.js';
import { DeviceRepository, NotificationRepository, PushService } from '../ports.js';
import { ActivityLog, resourceLink } from './activity.js';

export interface NotificationEntry {
  readonly teamId: string;
  readonly userId: string;
  readonly kind: NotificationKind;
  readonly title: string;
  readonly body: string;
  readonly resourceType: ActivityRecord['resourceType'];
  readonly resourceId: string;
}

export function notificationView(n: NotificationRecord): NotificationView {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    resource: resourceLink(n.resourceType as ActivityRecord['resourceType'], n.resourceId),
    delivery: n.delivery,
    delivered_to: n.deliveredTo,
    created_at: n.createdAt.toISOString(),
    delivered_at: n.deliveredAt?.toISOString() ?? null,
  };
}

/** Records a notification (and its feed item) in the caller's unit of work; the dispatcher pushes it after commit. */
@injectable()
export class Notifier {
  constructor(
    @inject(NotificationRepository) private readonly notifications: NotificationRepository,
    @inject(ActivityLog) private readonly activity: ActivityLog,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async notify(tx: Tx, entry: NotificationEntry): Promise<void> {
    const id = this.ids.uuid();
    await this.notifications.insert(tx, { id, ...entry, delivery: 'pending', deliveredTo: 0, createdAt: this.clock.now(), deliveredAt: null });
    await this.activity.record(tx, {
      teamId: entry.teamId,
      userId: entry.userId,
      type: 'notification',
      resourceType: 'notification',
      resourceId: id,
      amount: null,
      currency: null,
      title: entry.title,
      status: entry.kind,
    });
  }
}

const BATCH = 100;

/**
 * The scheduled task mobile.push-notifications: pushes pending notifications
 * to each of the user's devices through the PushService port, a batch per
 * pass, and records the outcome; a device whose token the service refuses
 * for good is removed. Rows another process is pushing are skipped.
 */
@injectable()
export class NotificationDispatcher {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(NotificationRepository) private readonly notifications: NotificationRepository,
    @inject(DeviceRepository) private readonly devices: DeviceRepository,
    @inject(PushService) private readonly push: PushService,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  dispatch(): Promise<number> {
    return this.uow.run(async (tx) => {
      const pending = await this.notifications.claimPending(tx, BATCH);
      for (const notification of pending) {
        const devices = await this.devices.listByUser(tx, notification.teamId, notification.userId);
        let accepted = 0;
        for (const device of devices) {
          const result = await this.push.send(tx, {
            teamId: notification.teamId,
            platform: device.platform,
            pushToken: device.pushToken,
            title: notification.title,
            body: notification.body,
            data: { notification_id: notification.id, kind: notification.kind, resource_type: notification.resourceType, resource_id: notification.resourceId },
          });
          if (result.accepted) accepted += 1;
          else await this.devices.delete(tx, device.teamId, device.userId, device.id);
        }
        const delivery = devices.length === 0 ? 'no_devices' : accepted > 0 ? 'delivered' : 'failed';
        await this.notifications.markDelivered(tx, notification.id, delivery, accepted, this.clock.now());
      }
      return pending.length;
    });
  }
}

/** GET /mobile/notifications: the caller's notifications, newest first. */
@injectable()
export class ListNotificationsOperation implements Operation<PageQuery, Page<NotificationView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(NotificationRepository) private readonly notifications: NotificationRepository,
  ) {}

  execute(input: PageQuery, ctx: RequestContext): Promise<Page<NotificationView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), notificationView, (tx, page) => this.notifications.list(tx, ctx.actor.teamId, ctx.actor.userId, page));
  }
}
