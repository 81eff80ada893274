import { sql, type Kysely } from 'kysely';
import type { IdempotencyRecord, IdempotencyStore } from '../../ports/idempotency-store.js';
import type { Tx } from '../../ports/unit-of-work.js';
import type { KernelTables } from './kernel-tables.js';
import { sqlTx } from './sql-tx.js';
import type { SqlUnitOfWork } from './sql-unit-of-work.js';

/**
 * Idempotency records in `idempotency_keys`. The lock is a PostgreSQL
 * advisory transaction lock, so it holds across processes and is released by
 * commit or rollback; PGlite supports the same call (its single session makes
 * it trivially granted, as transactions there never overlap).
 */
export class SqlIdempotencyStore implements IdempotencyStore {
  constructor(private readonly unitOfWork: SqlUnitOfWork) {}

  async tryLock(tx: Tx, teamId: string, key: string): Promise<boolean> {
    const { db } = sqlTx(tx);
    // The length prefix keeps ('a:b', 'c') and ('a', 'b:c') apart before hashing.
    const lockName = `${teamId.length}:${teamId}:${key}`;
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(hashtextextended(${lockName}, 0)) as locked`.execute(db);
    return rows[0]?.locked === true;
  }

  async find(tx: Tx, teamId: string, key: string): Promise<IdempotencyRecord | undefined> {
    const row = await (sqlTx(tx).db as Kysely<KernelTables>)
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('key', '=', key)
      .executeTakeFirst();
    return (
      row && {
        teamId: row.team_id,
        key: row.key,
        requestHash: row.request_hash,
        status: row.status,
        body: row.body,
        createdAt: row.created_at,
      }
    );
  }

  async save(tx: Tx, record: IdempotencyRecord): Promise<void> {
    await (sqlTx(tx).db as Kysely<KernelTables>)
      .insertInto('idempotency_keys')
      .values({
        team_id: record.teamId,
        key: record.key,
        request_hash: record.requestHash,
        status: record.status,
        body: record.body,
        created_at: record.createdAt,
      })
      .execute();
  }

  async prune(before: Date): Promise<number> {
    return this.unitOfWork.run(async (tx) => {
      const result = await (sqlTx(tx).db as Kysely<KernelTables>)
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
