import { sql } from 'kysely';
import type { Logger } from '../../ports/logger.js';
import type { PeriodicTask } from '../../ports/scheduler.js';
import type { SqlUnitOfWork } from './sql-unit-of-work.js';

/** How often an embedded store's tables are vacuumed and analysed. */
export const VACUUM_ANALYZE_INTERVAL_MS = 10 * 60_000;

/**
 * PGlite runs no autovacuum: without this, a long-running embedded store
 * keeps every dead row version its updates leave (balances, transfers,
 * deliveries are updated in place) and plans every statement from the
 * statistics its tables had when they were empty. Each pass runs
 * `VACUUM (ANALYZE)` on every table of the service, one statement per table:
 * PGlite has one connection, so requests wait for at most one table's pass
 * rather than the whole database's (the visibility map lets VACUUM skip
 * pages it already knows clean, so an append-mostly table costs little
 * after its first pass). A Scheduler task of a serving process: at start,
 * then every ten minutes. PostgreSQL runs its own autovacuum and does not
 * schedule it.
 */
export class VacuumAnalyze implements PeriodicTask {
  readonly name = 'store.vacuum-analyze';
  readonly intervalMs = VACUUM_ANALYZE_INTERVAL_MS;

  constructor(
    private readonly unitOfWork: SqlUnitOfWork,
    private readonly logger: Logger,
  ) {}

  /**
   * Answers 0: upkeep, not work found (a scheduler pass that found nothing
   * due still totals 0); its own log line counts the tables.
   */
  async run(): Promise<number> {
    const tables = await this.unitOfWork.withRoot(async (root) => {
      const { rows } = await sql<{ schema: string; name: string }>`
        select schemaname as schema, relname as name from pg_stat_user_tables order by schemaname, relname`.execute(root);
      return rows;
    });
    const started = Date.now();
    for (const table of tables) {
      // VACUUM cannot run inside a transaction: outside any unit of work, on the root handle.
      await this.unitOfWork.withRoot((root) => sql`vacuum (analyze) ${sql.id(table.schema, table.name)}`.execute(root));
    }
    this.logger.info('store: tables vacuumed and analysed', { tables: tables.length, ms: Date.now() - started });
    return 0;
  }
}
