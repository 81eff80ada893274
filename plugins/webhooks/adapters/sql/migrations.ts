import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kernel/public.js';

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

/** Tables and indexes of 0001/0002 and their plugin-prefixed names (0003). */
const RENAMES: readonly (readonly ['table' | 'index', string, string])[] = [
  ['table', 'webhooks', 'webhooks_endpoints'],
  ['table', 'webhook_deliveries', 'webhooks_deliveries'],
  ['table', 'webhook_delivery_attempts', 'webhooks_delivery_attempts'],
  ['index', 'webhooks_id', 'webhooks_endpoints_id'],
  ['index', 'webhooks_team_order', 'webhooks_endpoints_team_order'],
  ['index', 'webhook_deliveries_due', 'webhooks_deliveries_due'],
  ['index', 'webhook_deliveries_webhook', 'webhooks_deliveries_webhook'],
  ['index', 'webhook_deliveries_history', 'webhooks_deliveries_history'],
  ['index', 'webhook_deliveries_finished', 'webhooks_deliveries_finished'],
  ['index', 'webhook_delivery_attempts_history', 'webhooks_delivery_attempts_history'],
  ['index', 'webhook_delivery_attempts_delivery', 'webhooks_delivery_attempts_delivery'],
  // Constraint indexes: renaming the index renames its constraint.
  ['index', 'webhooks_pkey', 'webhooks_endpoints_pkey'],
  ['index', 'webhook_deliveries_pkey', 'webhooks_deliveries_pkey'],
  ['index', 'webhook_deliveries_webhook_id_event_id_key', 'webhooks_deliveries_webhook_id_event_id_key'],
  ['index', 'webhook_delivery_attempts_pkey', 'webhooks_delivery_attempts_pkey'],
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
  '0003-plugin-prefixed-names': {
    // Every plugin's tables start with its name; the first two migrations keep their old names for databases that ran them.
    async up(db: Kysely<any>) {
      for (const [kind, from, to] of RENAMES) await sql.raw(`alter ${kind} ${from} rename to ${to}`).execute(db);
    },
    async down(db: Kysely<any>) {
      for (const [kind, from, to] of [...RENAMES].reverse()) await sql.raw(`alter ${kind} ${to} rename to ${from}`).execute(db);
    },
  },
  '0004-dashboard-delivery-lag': {
    // The live dashboard's delivery figures, per team and for the service: partial indexes that hold only
    // pending deliveries, failed attempts and failing endpoints, so they stay as small as the trouble.
    async up(db: Kysely<any>) {
      for (const statement of [
        `create index webhooks_deliveries_pending_team on webhooks_deliveries (team_id, created_at) where status = 'pending'`,
        `create index webhooks_delivery_attempts_failed_team on webhooks_delivery_attempts (team_id, attempted_at) where state <> 'succeeded'`,
        `create index webhooks_delivery_attempts_failed on webhooks_delivery_attempts (attempted_at) where state <> 'succeeded'`,
        `create index webhooks_endpoints_failing on webhooks_endpoints (team_id) where failing_since is not null`,
      ]) {
        await sql.raw(statement).execute(db);
      }
    },
    async down(db: Kysely<any>) {
      for (const index of ['webhooks_endpoints_failing', 'webhooks_delivery_attempts_failed', 'webhooks_delivery_attempts_failed_team', 'webhooks_deliveries_pending_team']) {
        await sql`drop index if exists ${sql.id(index)}`.execute(db);
      }
    },
  },
  '0005-secret-rotation': {
    // A rotated secret keeps signing beside the new one until its overlap ends (docs/key-management.md).
    async up(db: Kysely<any>) {
      await sql`alter table webhooks_endpoints add column previous_secret text, add column previous_secret_until timestamptz, add column secret_rotated_at timestamptz`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`alter table webhooks_endpoints drop column previous_secret, drop column previous_secret_until, drop column secret_rotated_at`.execute(db);
    },
  },
  '0006-claim-by-due-time': {
    // The claim asks only `next_attempt_at <= now`, which implies this index's predicate and no other's: with
    // `status = 'pending'` in the claim, the planner could also use 0004's pending-by-team index, and it did
    // whenever its statistics showed few pending rows (as they do after any quiet spell), reading and sorting
    // the whole backlog on every claim. The check makes "due time set" and "pending" the same thing, so the
    // claim needs no status test; every writer already kept it (finished and cancelled rows get a null due time).
    async up(db: Kysely<any>) {
      for (const statement of [
        // Rows an older writer may have left out of step, so the check can be added: a finished row has no due time,
        // a pending one without a due time is due now (the dispatcher sends it; nothing is dropped).
        `update webhooks_deliveries set next_attempt_at = null where status <> 'pending' and next_attempt_at is not null`,
        `update webhooks_deliveries set next_attempt_at = updated_at where status = 'pending' and next_attempt_at is null`,
        `alter table webhooks_deliveries add constraint webhooks_deliveries_due_iff_pending
           check ((status = 'pending') = (next_attempt_at is not null))`,
        `create index webhooks_deliveries_due_at on webhooks_deliveries (next_attempt_at) where next_attempt_at is not null`,
        `drop index webhooks_deliveries_due`,
      ]) {
        await sql.raw(statement).execute(db);
      }
    },
    async down(db: Kysely<any>) {
      for (const statement of [
        `create index webhooks_deliveries_due on webhooks_deliveries (next_attempt_at) where status = 'pending'`,
        `drop index webhooks_deliveries_due_at`,
        `alter table webhooks_deliveries drop constraint webhooks_deliveries_due_iff_pending`,
      ]) {
        await sql.raw(statement).execute(db);
      }
    },
  },
};
