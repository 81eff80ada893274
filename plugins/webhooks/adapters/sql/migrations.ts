import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kernel/contract/plugin.js';

/**
 * The webhooks plugin's tables, every one with team_id. Deliveries are the
 * outbox: one row per (webhook, event), written by the fan-out consumer in
 * the commit that moves its checkpoint; attempts are the history.
 */
const statements = [
  `create table webhooks (
    seq bigint generated always as identity,
    team_id text not null,
    id text not null,
    url text not null,
    events jsonb not null,
    description text,
    secret text not null,
    active boolean not null,
    disabled_reason text,
    failing_since timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    primary key (team_id, id)
  )`,
  `create unique index webhooks_id on webhooks (id)`,
  `create index webhooks_team_order on webhooks (team_id, seq)`,
  `create table webhook_deliveries (
    team_id text not null,
    id text primary key,
    webhook_id text not null,
    event_id text not null,
    event_type text not null,
    body text not null,
    status text not null check (status in ('pending', 'succeeded', 'failed', 'cancelled')),
    attempts integer not null,
    next_attempt_at timestamptz,
    last_status_code integer,
    last_error text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    delivered_at timestamptz,
    unique (webhook_id, event_id)
  )`,
  // The dispatcher's claim reads only pending rows by due time.
  `create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`,
  `create index webhook_deliveries_webhook on webhook_deliveries (team_id, webhook_id, status)`,
  `create table webhook_delivery_attempts (
    seq bigint generated always as identity,
    team_id text not null,
    id text primary key,
    webhook_id text not null,
    delivery_id text not null,
    event_id text not null,
    event_type text not null,
    attempt integer not null,
    status_code integer,
    duration_ms integer not null,
    error text,
    next_retry_at timestamptz,
    state text not null check (state in ('succeeded', 'retrying', 'failed', 'cancelled')),
    attempted_at timestamptz not null
  )`,
  `create index webhook_delivery_attempts_history on webhook_delivery_attempts (team_id, webhook_id, seq desc)`,
];

export const webhookMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-webhooks': {
    async up(db: Kysely<any>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<any>) {
      for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'webhooks']) await sql`drop table if exists ${sql.id(table)}`.execute(db);
    },
  },
  '0002-delivery-history-and-retention': {
    // The per-webhook delivery list (newest first), the retention prune (finished rows by age) and its attempt cleanup.
    async up(db: Kysely<any>) {
      for (const statement of [
        `create index webhook_deliveries_history on webhook_deliveries (team_id, webhook_id, created_at desc, id desc)`,
        `create index webhook_deliveries_finished on webhook_deliveries (updated_at) where status <> 'pending'`,
        `create index webhook_delivery_attempts_delivery on webhook_delivery_attempts (delivery_id)`,
      ]) {
        await sql.raw(statement).execute(db);
      }
    },
    async down(db: Kysely<any>) {
      for (const index of ['webhook_delivery_attempts_delivery', 'webhook_deliveries_finished', 'webhook_deliveries_history']) {
        await sql`drop index if exists ${sql.id(index)}`.execute(db);
      }
    },
  },
};
