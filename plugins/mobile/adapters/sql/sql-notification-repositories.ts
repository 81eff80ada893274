import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toCount, toDate, toDateOrNull, toJsonObject } from '../../../../kit/sql.js';
import type { DeliveryStatus, DevicePlatform, DeviceRecord, NotificationKind, NotificationRecord, PushMessage } from '../../domain/notification.js';
import type { DeviceRepository, NotificationRepository } from '../../ports.js';
import type { PushRecording, RecordedPush } from '../push-simulator.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const N_COLUMNS = sql.raw('id, team_id, user_id, kind, title, body, resource_type, resource_id, delivery, delivered_to, created_at, delivered_at');

interface NotificationRow {
  readonly id: string;
  readonly team_id: string;
  readonly user_id: string;
  readonly kind: NotificationKind;
  readonly title: string;
  readonly body: string;
  readonly resource_type: string;
  readonly resource_id: string;
  readonly delivery: DeliveryStatus;
  readonly delivered_to: unknown;
  readonly created_at: unknown;
  readonly delivered_at: unknown;
}

const toNotification = (row: NotificationRow): NotificationRecord => ({
  id: row.id,
  teamId: row.team_id,
  userId: row.user_id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  resourceType: row.resource_type,
  resourceId: row.resource_id,
  delivery: row.delivery,
  deliveredTo: toCount(row.delivered_to),
  createdAt: toDate(row.created_at),
  deliveredAt: toDateOrNull(row.delivered_at),
});

@injectable()
export class SqlNotificationRepository implements NotificationRepository {
  async insert(tx: Tx, n: NotificationRecord): Promise<void> {
    await sql`
      insert into mobile_notifications (${N_COLUMNS})
      values (${n.id}, ${n.teamId}, ${n.userId}, ${n.kind}, ${n.title}, ${n.body}, ${n.resourceType}, ${n.resourceId}, ${n.delivery}, ${n.deliveredTo}, ${n.createdAt}, ${n.deliveredAt})`.execute(
      sqlTx(tx).db,
    );
  }

  async claimPending(tx: Tx, limit: number): Promise<NotificationRecord[]> {
    const { rows } = await sql<NotificationRow>`
      select ${N_COLUMNS} from mobile_notifications where delivery = 'pending'
      order by seq limit ${limit} for update skip locked`.execute(sqlTx(tx).db);
    return rows.map(toNotification);
  }

  async markDelivered(tx: Tx, id: string, delivery: DeliveryStatus, deliveredTo: number, at: Date): Promise<void> {
    await sql`update mobile_notifications set delivery = ${delivery}, delivered_to = ${deliveredTo}, delivered_at = ${at} where id = ${id}`.execute(sqlTx(tx).db);
  }

  async list(tx: Tx, teamId: string, userId: string, page: PageRequest): Promise<Slice<NotificationRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<NotificationRow>`
      select ${N_COLUMNS} from mobile_notifications where team_id = ${teamId} and user_id = ${userId}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from mobile_notifications where team_id = ${teamId} and user_id = ${userId}`.execute(db);
    return { items: rows.map(toNotification), total: toCount(count.rows[0]?.n) };
  }
}

const D_COLUMNS = sql.raw('id, team_id, user_id, platform, push_token, name, created_at');

interface DeviceRow {
  readonly id: string;
  readonly team_id: string;
  readonly user_id: string;
  readonly platform: DevicePlatform;
  readonly push_token: string;
  readonly name: string;
  readonly created_at: unknown;
}

const toDevice = (row: DeviceRow): DeviceRecord => ({
  id: row.id,
  teamId: row.team_id,
  userId: row.user_id,
  platform: row.platform,
  pushToken: row.push_token,
  name: row.name,
  createdAt: toDate(row.created_at),
});

@injectable()
export class SqlDeviceRepository implements DeviceRepository {
  async upsert(tx: Tx, d: DeviceRecord): Promise<DeviceRecord> {
    const { rows } = await sql<DeviceRow>`
      insert into mobile_devices (${D_COLUMNS}) values (${d.id}, ${d.teamId}, ${d.userId}, ${d.platform}, ${d.pushToken}, ${d.name}, ${d.createdAt})
      on conflict (team_id, user_id, push_token) do update set platform = excluded.platform, name = excluded.name
      returning ${D_COLUMNS}`.execute(sqlTx(tx).db);
    return toDevice(rows[0]!);
  }

  async listByUser(tx: Tx, teamId: string, userId: string): Promise<DeviceRecord[]> {
    const { rows } = await sql<DeviceRow>`
      select ${D_COLUMNS} from mobile_devices where team_id = ${teamId} and user_id = ${userId} order by created_at, id`.execute(sqlTx(tx).db);
    return rows.map(toDevice);
  }

  async delete(tx: Tx, teamId: string, userId: string, id: string): Promise<DeviceRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<DeviceRow>`
      delete from mobile_devices where team_id = ${teamId} and user_id = ${userId} and id = ${id} returning ${D_COLUMNS}`.execute(sqlTx(tx).db);
    return rows[0] && toDevice(rows[0]);
  }
}

interface PushRow {
  readonly id: string;
  readonly team_id: string;
  readonly platform: DevicePlatform;
  readonly push_token: string;
  readonly title: string;
  readonly body: string;
  readonly data: unknown;
  readonly accepted: boolean;
  readonly sent_at: unknown;
}

/** The push simulator's record, in mobile_push_simulator (its state persists like any simulator's). */
@injectable()
export class SqlPushRecording implements PushRecording {
  async record(tx: Tx, m: PushMessage, id: string, accepted: boolean, at: Date): Promise<void> {
    await sql`
      insert into mobile_push_simulator (id, team_id, platform, push_token, title, body, data, accepted, sent_at)
      values (${id}, ${m.teamId}, ${m.platform}, ${m.pushToken}, ${m.title}, ${m.body}, ${JSON.stringify(m.data)}::jsonb, ${accepted}, ${at})`.execute(sqlTx(tx).db);
  }

  async sentTo(tx: Tx, pushToken: string): Promise<RecordedPush[]> {
    const { rows } = await sql<PushRow>`
      select id, team_id, platform, push_token, title, body, data, accepted, sent_at from mobile_push_simulator
      where push_token = ${pushToken} order by seq`.execute(sqlTx(tx).db);
    return rows.map((row) => ({
      id: row.id,
      teamId: row.team_id,
      platform: row.platform,
      pushToken: row.push_token,
      title: row.title,
      body: row.body,
      data: toJsonObject(row.data) as Record<string, string>,
      accepted: row.accepted,
      sentAt: toDate(row.sent_at),
    }));
  }
}
