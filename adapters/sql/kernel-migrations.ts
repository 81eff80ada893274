import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../kernel/contract/plugin.js';

/**
 * The kernel's tables, migrated as plugin 'kernel' (table migrations_kernel)
 * by `init()`. Shipped migrations are never edited or removed: add a new one.
 */
export const kernelMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-events': {
    async up(db: Kysely<any>) {
      // Identity, not a sequence we manage: positions are gap-tolerant and, with
      // concurrent writers on PostgreSQL, may commit out of order (see SqlEventStore).
      await db.schema
        .createTable('events')
        .addColumn('position', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('id', 'uuid', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('aggregate_type', 'text', (c) => c.notNull())
        .addColumn('aggregate_id', 'text', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('events_aggregate_idx')
        .on('events')
        .columns(['team_id', 'aggregate_type', 'aggregate_id', 'position'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('events').execute();
    },
  },
  '0002-idempotency-keys': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['team_id', 'key'])
        .execute();
      // prune() deletes by age.
      await db.schema.createIndex('idempotency_keys_created_at_idx').on('idempotency_keys').column('created_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('idempotency_keys').execute();
    },
  },
  '0003-workflows': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('workflows')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('definition', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('running', 'compensating', 'completed', 'failed', 'timed_out')`),
        )
        .addColumn('step_index', 'integer', (c) => c.notNull())
        .addColumn('state', 'jsonb', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('emit_events', 'boolean', (c) => c.notNull())
        .addColumn('next_run_at', 'timestamptz', (c) => c.notNull())
        .addColumn('deadline_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // Replaced by a partial index in 0006.
      await db.schema.createIndex('workflows_due_idx').on('workflows').columns(['status', 'next_run_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('workflows').execute();
    },
  },
  '0004-write-behind-check': {
    // Deferred writes that must affect an exact number of rows check it inside their statement,
    // so a mismatch aborts the transaction even when COMMIT was pipelined behind it (write-behind.ts).
    async up(db: Kysely<any>) {
      await sql`
        create function write_behind_check(what text, affected bigint, expected bigint) returns bigint
        language plpgsql as $$
        begin
          if affected <> expected then
            raise exception '%: % rows written, % expected', what, affected, expected;
          end if;
          return affected;
        end
        $$`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop function if exists write_behind_check(text, bigint, bigint)`.execute(db);
    },
  },
  '0005-idempotency-keys-per-api-key': {
    async up(db: Kysely<any>) {
      // Records become per (team, API key, key). Saved ones cannot be attributed
      // to a key, so they could never be replayed again; some hold API key
      // secrets, which must not stay at rest: they are dropped, not migrated.
      await sql`delete from idempotency_keys`.execute(db);
      await db.schema.alterTable('idempotency_keys').addColumn('api_key_id', 'text', (c) => c.notNull()).execute();
      await db.schema.alterTable('idempotency_keys').dropConstraint('idempotency_keys_pk').execute();
      await db.schema
        .alterTable('idempotency_keys')
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['team_id', 'api_key_id', 'key'])
        .execute();
      // A response carrying a secret is saved without its body (null).
      await db.schema.alterTable('idempotency_keys').alterColumn('body', (c) => c.dropNotNull()).execute();
    },
    async down(db: Kysely<any>) {
      // Two keys' records may share (team, key): the old primary key cannot hold them.
      await sql`delete from idempotency_keys`.execute(db);
      await db.schema.alterTable('idempotency_keys').alterColumn('body', (c) => c.setNotNull()).execute();
      await db.schema.alterTable('idempotency_keys').dropConstraint('idempotency_keys_pk').execute();
      await db.schema.alterTable('idempotency_keys').dropColumn('api_key_id').execute();
      await db.schema.alterTable('idempotency_keys').addPrimaryKeyConstraint('idempotency_keys_pk', ['team_id', 'key']).execute();
    },
  },
  '0006-workflows-unfinished-index': {
    // The runner polls for due runs; finished runs are history and outnumber them more every day.
    // An index of the unfinished runs only, in polling order, stays as small as the work waiting,
    // and a prepared poll uses it whatever the planner's statistics say (sql-workflow-store.ts).
    async up(db: Kysely<any>) {
      await sql`create index workflows_unfinished_due_idx on workflows (next_run_at, created_at, id)
        where status in ('running', 'compensating')`.execute(db);
      await db.schema.dropIndex('workflows_due_idx').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.createIndex('workflows_due_idx').on('workflows').columns(['status', 'next_run_at']).execute();
      await db.schema.dropIndex('workflows_unfinished_due_idx').execute();
    },
  },
  '0007-idempotency-keys-per-team': {
    // Keys become per team again (every API key of a team shares them), so a client that switches to its team's
    // other key mid-retry applies the request once. Where two API keys of one team saved the same key, the first
    // saved keeps it: a retry of the later request then replays the first one's response (same request) or is
    // 422 idempotency_key_reused (another request), never applied again. Ties on created_at keep the smaller
    // API key id, so the outcome does not depend on row order. api_key_id stays: which key saved the record.
    async up(db: Kysely<any>) {
      await sql`delete from idempotency_keys k
        using idempotency_keys first
        where first.team_id = k.team_id and first.key = k.key
          and (first.created_at, first.api_key_id) < (k.created_at, k.api_key_id)`.execute(db);
      await db.schema.alterTable('idempotency_keys').dropConstraint('idempotency_keys_pk').execute();
      await db.schema.alterTable('idempotency_keys').addPrimaryKeyConstraint('idempotency_keys_pk', ['team_id', 'key']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('idempotency_keys').dropConstraint('idempotency_keys_pk').execute();
      await db.schema
        .alterTable('idempotency_keys')
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['team_id', 'api_key_id', 'key'])
        .execute();
    },
  },
};
