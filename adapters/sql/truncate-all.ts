import { sql, type Kysely } from 'kysely';

/**
 * Test helper: empties every table of the current schema except the
 * migration history (so the schema stays migrated) and restarts identities
 * (event positions start at 1 again). One statement, so foreign keys
 * between plugin tables are no obstacle.
 */
export async function truncateAll(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = current_schema() and left(tablename, 11) <> 'migrations_'`.execute(db);
  if (rows.length === 0) return;
  const tables = sql.join(rows.map((r) => sql.id(r.tablename)));
  await sql`truncate table ${tables} restart identity cascade`.execute(db);
}
