import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kernel/public.js';

/**
 * Identity's tables. Every table carries team_id (the teams table uses it as
 * its key), so row-level security can apply one rule everywhere. Ids are text:
 * they come from the Ids port and are never parsed by the database.
 */
const initial: SqlMigration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('identity_teams')
      .addColumn('team_id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('user', 'operator')`))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();
    // At most one operator team, even when two processes start at once.
    await sql`create unique index identity_teams_one_operator on identity_teams (kind) where kind = 'operator'`.execute(db);

    await db.schema
      .createTable('identity_users')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('team_id', 'text', (column) => column.notNull().references('identity_teams.team_id'))
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull().unique())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('identity_users_team').on('identity_users').columns(['team_id', 'id']).execute();

    await db.schema
      .createTable('identity_api_keys')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('team_id', 'text', (column) => column.notNull().references('identity_teams.team_id'))
      .addColumn('user_id', 'text', (column) => column.notNull().references('identity_users.id'))
      .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('user', 'operator')`))
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('prefix', 'text', (column) => column.notNull())
      .addColumn('key_hash', 'text', (column) => column.notNull().unique())
      .addColumn('permissions', sql`text[]`, (column) => column.notNull())
      .addColumn('ip_allowlist', sql`text[]`, (column) => column.notNull())
      .addColumn('expires_at', 'timestamptz')
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('identity_api_keys_team_created')
      .on('identity_api_keys')
      .columns(['team_id', 'created_at', 'id'])
      .execute();
  },
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropTable('identity_api_keys').execute();
    await db.schema.dropTable('identity_users').execute();
    await db.schema.dropTable('identity_teams').execute();
  },
};

export const identityMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-identity': initial,
};
