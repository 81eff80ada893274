import type pg from 'pg';
import type { Logger } from '../../ports/logger.js';

/**
 * A pool client checked out (mid-transaction) has no pool listener, so
 * losing its connection (PostgreSQL restarted, the network cut) emitted an
 * unhandled 'error' and killed the whole process (found by `npm run chaos`,
 * docs/reliability.md). The query in flight fails on its own and the pool
 * drops a client that is no longer queryable on release; this only logs.
 */
export function guardClientErrors(client: pg.ClientBase, logger: Logger): void {
  client.on('error', (error) => logger.warn('postgres pool: client connection lost', { error }));
}
