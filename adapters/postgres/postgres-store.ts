import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { StoreDeps } from '../open-store.js';
import { openSqlStore } from '../sql/sql-store.js';
import type { StoreBundle, StoreOptions } from '../store.js';
import { postgresEventsListener } from './postgres-events-listener.js';
import { postgresTypes } from './postgres-types.js';

const DEFAULT_POOL_SIZE = 16;

/** A pg pool behind Kysely; `close()` ends the pool. */
export function openPostgresStore(options: StoreOptions, deps: StoreDeps): StoreBundle {
  if (!options.databaseUrl) throw new Error('the postgres store needs a databaseUrl (DATABASE_URL)');
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    types: postgresTypes,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => deps.logger.error('postgres pool: idle client error', { error: error.message }));
  return openSqlStore(
    'postgres',
    new Kysely<any>({ dialect: new PostgresDialect({ pool }) }),
    deps,
    postgresEventsListener(options.databaseUrl, deps.logger),
  );
}
