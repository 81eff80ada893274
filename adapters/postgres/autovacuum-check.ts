import type pg from 'pg';
import type { Logger } from '../../ports/logger.js';

/**
 * Warns at start when the server runs without autovacuum. The pool keeps
 * statements prepared (client-tuning.ts), and PostgreSQL keeps a prepared
 * statement's plan until an ANALYZE of its tables invalidates it: without
 * autovacuum's ANALYZE, plans made while the tables were small stay in use
 * as they grow, and keyed lookups become full scans (measured in the
 * transfer bench: every settlement read all 10,000 accounts). Answers
 * whether autovacuum is on.
 */
export async function checkAutovacuum(pool: pg.Pool, logger: Logger): Promise<boolean> {
  const { rows } = await pool.query<{ setting: string }>(`select current_setting('autovacuum') as setting`);
  const on = rows[0]?.setting === 'on';
  if (!on) {
    logger.warn('postgres: autovacuum is off; run ANALYZE after loading data and regularly, or plans made on small tables stay in use', {
      see: 'README.md#configuration',
    });
  }
  return on;
}
