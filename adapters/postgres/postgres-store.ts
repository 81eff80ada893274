import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { StoreDeps } from '../open-store.js';
import { openSqlStore } from '../sql/sql-store.js';
import { writeBehind } from '../sql/write-behind.js';
import type { StoreBundle, StoreOptions } from '../store.js';
import { checkAutovacuum } from './autovacuum-check.js';
import { tuneClient } from './client-tuning.js';
import { postgresEventsListener } from './postgres-events-listener.js';
import { guardClientErrors } from './client-errors.js';
import { postgresTypes } from './postgres-types.js';

const DEFAULT_POOL_SIZE = 16;

/** A pg pool behind Kysely; `close()` ends the pool. */
export function openPostgresStore(options: StoreOptions, deps: StoreDeps): StoreBundle {
  if (!options.databaseUrl) throw new Error('the postgres store needs a databaseUrl (DATABASE_URL)');
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    types: postgresTypes,
    // Queries go out without waiting for earlier answers (BEGIN with the first statement, deferred writes with COMMIT): write-behind.ts.
    pipeline: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => deps.logger.error('postgres pool: idle client error', { error }));
  pool.on('connect', (client) => {
    guardClientErrors(client, deps.logger);
    tuneClient(client);
  });
  const store = openSqlStore(
    'postgres',
    new Kysely<any>({ dialect: writeBehind(new PostgresDialect({ pool }), { pipelined: true }) }),
    deps,
    postgresEventsListener(options.databaseUrl, deps.logger),
  );
  return {
    ...store,
    poolUsage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    init: async () => {
      await store.init();
      await checkAutovacuum(pool, deps.logger);
    },
  };
}
