import { injectable } from 'inversify';
import { sql } from 'kysely';
import { sqlTx, toCount, toDate, toDateOrNull, unnestRows, type Column } from '../../../../kit/sql.js';
import { pageOffset, type PageRequest, type Tx } from '../../../../kernel/public.js';
import { withinSlots } from '../within-slots.js';
import type {
  AttemptRecord,
  AttemptState,
  DeliveryBacklog,
  DeliveryOutcome,
  DeliveryRecord,
  DeliveryRepository,
  DeliveryStatus,
  EndpointSlots,
  Slice,
} from '../../ports.js';

const COLUMNS = sql.raw(
  'team_id, id, webhook_id, event_id, event_type, body, status, attempts, next_attempt_at, last_status_code, last_error, created_at, updated_at, delivered_at',
);

// Row sets travel as one array per column (unnestRows): the statement's text is the same whatever the number of
// rows, so it stays prepared, and a fan-out batch of any size is one statement of 14 parameters.
const DELIVERY_COLUMNS: readonly Column[] = [
  ['team_id', 'text'], ['id', 'text'], ['webhook_id', 'text'], ['event_id', 'text'], ['event_type', 'text'], ['body', 'text'],
  ['status', 'text'], ['attempts', 'integer'], ['next_attempt_at', 'timestamptz'], ['last_status_code', 'integer'], ['last_error', 'text'],
  ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'], ['delivered_at', 'timestamptz'],
];
const OUTCOME_COLUMNS: readonly Column[] = [
  ['id', 'text'], ['team_id', 'text'], ['leased_until', 'timestamptz'], ['status', 'text'], ['attempts', 'integer'], ['next_attempt_at', 'timestamptz'],
  ['last_status_code', 'integer'], ['last_error', 'text'], ['updated_at', 'timestamptz'], ['delivered_at', 'timestamptz'],
];
const ATTEMPT_COLUMNS: readonly Column[] = [
  ['team_id', 'text'], ['id', 'text'], ['webhook_id', 'text'], ['delivery_id', 'text'], ['event_id', 'text'], ['event_type', 'text'],
  ['attempt', 'integer'], ['status_code', 'integer'], ['duration_ms', 'integer'], ['error', 'text'], ['next_retry_at', 'timestamptz'],
  ['state', 'text'], ['attempted_at', 'timestamptz'],
];

@injectable()
export class SqlDeliveryRepository implements DeliveryRepository {
  async insert(tx: Tx, deliveries: readonly DeliveryRecord[]): Promise<void> {
    if (deliveries.length === 0) return;
    const rows = unnestRows(
      'v',
      DELIVERY_COLUMNS,
      deliveries.map((d) => [
        d.teamId, d.id, d.webhookId, d.eventId, d.eventType, d.body, d.status, d.attempts,
        d.nextAttemptAt, d.lastStatusCode, d.lastError, d.createdAt, d.updatedAt, d.deliveredAt,
      ]),
    );
    await sql`insert into webhooks_deliveries (${COLUMNS}) select * from ${rows}
              on conflict (webhook_id, event_id) do nothing`.execute(sqlTx(tx).db);
  }

  async claimDue(tx: Tx, now: Date, limit: number, leaseUntil: Date, slots: EndpointSlots): Promise<DeliveryRecord[]> {
    const { db } = sqlTx(tx);
    // Locks the candidates in due order; those beyond their webhook's free slots are not leased and unlock at commit.
    // A due time is set exactly on pending rows (migration 0006's check), and this condition alone lets only the
    // due-time index answer: an ordered walk that stops at the limit, whatever the backlog (see 0006).
    const { rows: due } = await sql<{ id: string; webhook_id: string }>`
      select id, webhook_id from webhooks_deliveries
      where next_attempt_at <= ${now}
      order by next_attempt_at
      limit ${2 * limit}
      for update skip locked`.execute(db);
    const chosen = withinSlots(
      due.map((row) => ({ id: row.id, webhookId: row.webhook_id })),
      limit,
      slots,
    ).map((row) => row.id);
    if (chosen.length === 0) return [];
    const { rows } = await sql<Record<string, unknown>>`
      update webhooks_deliveries set next_attempt_at = ${leaseUntil}
      where id = any(${chosen}::text[])
      returning ${COLUMNS}`.execute(db);
    // In the order chosen (due order), which RETURNING does not keep.
    const byId = new Map(rows.map((row) => [row.id as string, toDelivery(row)]));
    return chosen.map((id) => byId.get(id)!);
  }

  async recordOutcomes(tx: Tx, outcomes: readonly DeliveryOutcome[]): Promise<Set<string>> {
    if (outcomes.length === 0) return new Set();
    const rows = unnestRows(
      'v',
      OUTCOME_COLUMNS,
      outcomes.map(({ delivery: d, leasedUntil }) => [
        d.id, d.teamId, leasedUntil, d.status, d.attempts, d.nextAttemptAt, d.lastStatusCode, d.lastError, d.updatedAt, d.deliveredAt,
      ]),
    );
    // Still under our lease means still pending (a due time is set only on pending rows, migration 0006). Each
    // row is found by its primary key: `is not distinct from` (the lease is never null, so it means `=` here) and
    // no status test leave the planner no partial index to prefer, where statistics showing few pending rows
    // made it read the team's whole backlog (0004's index) or a claim's rows by their shared lease time.
    const { rows: written } = await sql<{ id: string }>`
      update webhooks_deliveries as d
      set status = v.status, attempts = v.attempts, next_attempt_at = v.next_attempt_at, last_status_code = v.last_status_code,
          last_error = v.last_error, updated_at = v.updated_at, delivered_at = v.delivered_at
      from ${rows}
      where d.id = v.id and d.team_id = v.team_id and d.next_attempt_at is not distinct from v.leased_until
      returning d.id`.execute(sqlTx(tx).db);
    return new Set(written.map((row) => row.id));
  }

  async backlog(tx: Tx, since: Date, teamId?: string): Promise<DeliveryBacklog> {
    // Partial indexes hold only pending deliveries and failed attempts, by team and time (migration 0004).
    const team = teamId === undefined ? sql`` : sql`and team_id = ${teamId}`;
    const { rows } = await sql<{ pending: unknown; oldest: unknown; failed: unknown }>`
      select (select count(*) from webhooks_deliveries where status = 'pending' ${team}) as pending,
             (select min(created_at) from webhooks_deliveries where status = 'pending' ${team}) as oldest,
             (select count(*) from webhooks_delivery_attempts where state <> 'succeeded' and attempted_at >= ${since} ${team}) as failed`.execute(
      sqlTx(tx).db,
    );
    const row = rows[0]!;
    return { pending: toCount(row.pending), oldestPendingAt: toDateOrNull(row.oldest), failedAttempts: toCount(row.failed) };
  }

  async insertAttempts(tx: Tx, attempts: readonly AttemptRecord[]): Promise<void> {
    if (attempts.length === 0) return;
    const rows = unnestRows(
      'v',
      ATTEMPT_COLUMNS,
      attempts.map((a) => [
        a.teamId, a.id, a.webhookId, a.deliveryId, a.eventId, a.eventType, a.attempt, a.statusCode, a.durationMs, a.error, a.nextRetryAt, a.state, a.attemptedAt,
      ]),
    );
    await sql`
      insert into webhooks_delivery_attempts (team_id, id, webhook_id, delivery_id, event_id, event_type, attempt, status_code,
        duration_ms, error, next_retry_at, state, attempted_at)
      select * from ${rows}`.execute(sqlTx(tx).db);
  }

  async cancelPending(tx: Tx, teamId: string, webhookId: string, at: Date, reason: string): Promise<DeliveryRecord[]> {
    // The CTE reads the rows as they were; the update sees the same snapshot.
    const { rows } = await sql<Record<string, unknown>>`
      with before as (
        select ${COLUMNS} from webhooks_deliveries
        where team_id = ${teamId} and webhook_id = ${webhookId} and status = 'pending' for update
      ), cancelled as (
        update webhooks_deliveries as d set status = 'cancelled', next_attempt_at = null, last_error = ${reason}, updated_at = ${at}
        from before where d.id = before.id
      )
      select * from before`.execute(sqlTx(tx).db);
    return rows.map(toDelivery);
  }

  async attempts(tx: Tx, teamId: string, webhookId: string, page: PageRequest): Promise<Slice<AttemptRecord>> {
    const { db } = sqlTx(tx);
    const count = await sql<{ n: unknown }>`
      select count(*) as n from webhooks_delivery_attempts where team_id = ${teamId} and webhook_id = ${webhookId}`.execute(db);
    const { rows } = await sql<Record<string, unknown>>`
      select * from webhooks_delivery_attempts where team_id = ${teamId} and webhook_id = ${webhookId}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    return { items: rows.map(toAttempt), total: toCount(count.rows[0]?.n) };
  }

  async list(tx: Tx, teamId: string, webhookId: string, status: DeliveryStatus | undefined, page: PageRequest): Promise<Slice<DeliveryRecord>> {
    const { db } = sqlTx(tx);
    const only = status === undefined ? sql`` : sql`and status = ${status}`;
    const count = await sql<{ n: unknown }>`
      select count(*) as n from webhooks_deliveries where team_id = ${teamId} and webhook_id = ${webhookId} ${only}`.execute(db);
    const { rows } = await sql<Record<string, unknown>>`
      select ${COLUMNS} from webhooks_deliveries where team_id = ${teamId} and webhook_id = ${webhookId} ${only}
      order by created_at desc, id desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    return { items: rows.map(toDelivery), total: toCount(count.rows[0]?.n) };
  }

  async removeForWebhook(tx: Tx, teamId: string, webhookId: string): Promise<void> {
    const { db } = sqlTx(tx);
    await sql`delete from webhooks_delivery_attempts where team_id = ${teamId} and webhook_id = ${webhookId}`.execute(db);
    await sql`delete from webhooks_deliveries where team_id = ${teamId} and webhook_id = ${webhookId}`.execute(db);
  }

  async prune(tx: Tx, before: Date, limit: number): Promise<number> {
    const { rows } = await sql<{ n: unknown }>`
      with gone as (
        delete from webhooks_deliveries where id in (
          select id from webhooks_deliveries where status <> 'pending' and updated_at < ${before}
          order by updated_at limit ${limit})
        returning id
      ), attempts as (
        delete from webhooks_delivery_attempts as a using gone where a.delivery_id = gone.id
      )
      select count(*) as n from gone`.execute(sqlTx(tx).db);
    return toCount(rows[0]?.n);
  }
}

function toDelivery(row: Record<string, unknown>): DeliveryRecord {
  return {
    teamId: row.team_id as string,
    id: row.id as string,
    webhookId: row.webhook_id as string,
    eventId: row.event_id as string,
    eventType: row.event_type as string,
    body: row.body as string,
    status: row.status as DeliveryStatus,
    attempts: row.attempts as number,
    nextAttemptAt: toDateOrNull(row.next_attempt_at),
    lastStatusCode: (row.last_status_code as number | null) ?? null,
    lastError: (row.last_error as string | null) ?? null,
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
    deliveredAt: toDateOrNull(row.delivered_at),
  };
}

function toAttempt(row: Record<string, unknown>): AttemptRecord {
  return {
    teamId: row.team_id as string,
    id: row.id as string,
    webhookId: row.webhook_id as string,
    deliveryId: row.delivery_id as string,
    eventId: row.event_id as string,
    eventType: row.event_type as string,
    attempt: row.attempt as number,
    statusCode: (row.status_code as number | null) ?? null,
    durationMs: row.duration_ms as number,
    error: (row.error as string | null) ?? null,
    nextRetryAt: toDateOrNull(row.next_retry_at),
    state: row.state as AttemptState,
    attemptedAt: toDate(row.attempted_at),
  };
}
