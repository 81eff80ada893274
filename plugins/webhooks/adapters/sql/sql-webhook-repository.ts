import { injectable } from 'inversify';
import { sql } from 'kysely';
import { sqlTx, toCount, toDate, toDateOrNull, unnestRows, type Column } from '../../../../kit/sql.js';
import { pageOffset, type PageRequest, type Tx } from '../../../../kernel/public.js';
import type { Slice, WebhookKey, WebhookRecord, WebhookRepository } from '../../ports.js';

const COLUMNS = sql.raw('team_id, id, url, events, description, secret, previous_secret, previous_secret_until, secret_rotated_at, active, disabled_reason, failing_since, created_at, updated_at');

const KEY_COLUMNS: readonly Column[] = [['team_id', 'text'], ['id', 'text']];

@injectable()
export class SqlWebhookRepository implements WebhookRepository {
  async insert(tx: Tx, w: WebhookRecord): Promise<void> {
    await sql`
      insert into webhooks_endpoints (team_id, id, url, events, description, secret, previous_secret, previous_secret_until, secret_rotated_at,
                                      active, disabled_reason, failing_since, created_at, updated_at)
      values (${w.teamId}, ${w.id}, ${w.url}, ${JSON.stringify(w.events)}::jsonb, ${w.description}, ${w.secret}, ${w.previousSecret},
              ${w.previousSecretUntil}, ${w.secretRotatedAt}, ${w.active},
              ${w.disabledReason}, ${w.failingSince}, ${w.createdAt}, ${w.updatedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<WebhookRecord | undefined> {
    const { rows } = await sql<Record<string, unknown>>`
      select ${COLUMNS} from webhooks_endpoints where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] ? toWebhook(rows[0]) : undefined;
  }

  async findForUpdate(tx: Tx, teamId: string, id: string): Promise<WebhookRecord | undefined> {
    const { rows } = await sql<Record<string, unknown>>`
      select ${COLUMNS} from webhooks_endpoints where team_id = ${teamId} and id = ${id} for update`.execute(sqlTx(tx).db);
    return rows[0] ? toWebhook(rows[0]) : undefined;
  }

  async findMany(tx: Tx, keys: readonly WebhookKey[], lock?: 'lock'): Promise<Map<string, WebhookRecord>> {
    if (keys.length === 0) return new Map();
    const wanted = unnestRows('k', KEY_COLUMNS, keys.map((key) => [key.teamId, key.id]));
    // ORDER BY before FOR UPDATE: the rows are locked as they leave the sort, in id order.
    const { rows } = await sql<Record<string, unknown>>`
      select ${COLUMNS} from webhooks_endpoints as w
      where (w.team_id, w.id) in (select k.team_id, k.id from ${wanted})
      order by w.id ${lock === 'lock' ? sql`for update of w` : sql``}`.execute(sqlTx(tx).db);
    return new Map(rows.map((row) => [row.id as string, toWebhook(row)]));
  }

  async update(tx: Tx, w: WebhookRecord): Promise<void> {
    await sql`
      update webhooks_endpoints set url = ${w.url}, events = ${JSON.stringify(w.events)}::jsonb, description = ${w.description},
        secret = ${w.secret}, previous_secret = ${w.previousSecret}, previous_secret_until = ${w.previousSecretUntil},
        secret_rotated_at = ${w.secretRotatedAt}, active = ${w.active}, disabled_reason = ${w.disabledReason}, failing_since = ${w.failingSince},
        updated_at = ${w.updatedAt}
      where team_id = ${w.teamId} and id = ${w.id}`.execute(sqlTx(tx).db);
  }

  async remove(tx: Tx, teamId: string, id: string): Promise<void> {
    await sql`delete from webhooks_endpoints where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
  }

  async list(tx: Tx, teamId: string, page: PageRequest): Promise<Slice<WebhookRecord>> {
    const { db } = sqlTx(tx);
    const total = await this.count(tx, teamId);
    const { rows } = await sql<Record<string, unknown>>`
      select ${COLUMNS} from webhooks_endpoints where team_id = ${teamId} order by seq
      limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    return { items: rows.map(toWebhook), total };
  }

  async count(tx: Tx, teamId: string): Promise<number> {
    const { rows } = await sql<{ n: unknown }>`select count(*) as n from webhooks_endpoints where team_id = ${teamId}`.execute(sqlTx(tx).db);
    return toCount(rows[0]?.n);
  }

  async countFailing(tx: Tx, teamId?: string): Promise<number> {
    // webhooks_endpoints_failing: a partial index of the failing endpoints only.
    const { rows } = await sql<{ n: unknown }>`select count(*) as n from webhooks_endpoints
      where failing_since is not null ${teamId === undefined ? sql`` : sql`and team_id = ${teamId}`}`.execute(sqlTx(tx).db);
    return toCount(rows[0]?.n);
  }

  async active(tx: Tx, teamId: string): Promise<WebhookRecord[]> {
    const { rows } = await sql<Record<string, unknown>>`
      select ${COLUMNS} from webhooks_endpoints where team_id = ${teamId} and active order by seq`.execute(sqlTx(tx).db);
    return rows.map(toWebhook);
  }
}

function toWebhook(row: Record<string, unknown>): WebhookRecord {
  return {
    teamId: row.team_id as string,
    id: row.id as string,
    url: row.url as string,
    events: row.events as string[],
    description: (row.description as string | null) ?? null,
    secret: row.secret as string,
    previousSecret: (row.previous_secret as string | null) ?? null,
    previousSecretUntil: toDateOrNull(row.previous_secret_until),
    secretRotatedAt: toDateOrNull(row.secret_rotated_at),
    active: row.active as boolean,
    disabledReason: (row.disabled_reason as string | null) ?? null,
    failingSince: toDateOrNull(row.failing_since),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}
