import { sql, type Kysely, type Selectable } from 'kysely';
import type { IdempotencyKeyRef, IdempotencyRecord, IdempotencyStore } from '../../ports/idempotency-store.js';
import type { Tx } from '../../ports/unit-of-work.js';
import type { IdempotencyKeysTable, KernelTables } from './kernel-tables.js';
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

  async tryLock(tx: Tx, refs: readonly IdempotencyKeyRef[]): Promise<boolean[]> {
    if (refs.length === 0) return [];
    const { db } = sqlTx(tx);
    // The length prefix keeps ('a:b', 'c') and ('a', 'b:c') apart before hashing.
    const names = sql.join(refs.map((ref, index) => sql`(${index}::integer, ${lockName(ref)}::text)`));
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(hashtextextended(v.name, 0)) as locked
      from (values ${names}) as v (position, name)
      order by v.position`.execute(db);
    return rows.map((row) => row.locked === true);
  }

  async find(tx: Tx, refs: readonly IdempotencyKeyRef[]): Promise<IdempotencyRecord[]> {
    if (refs.length === 0) return [];
    const pairs = sql.join(refs.map((ref) => sql`(${ref.teamId}::text, ${ref.key}::text)`));
    const { rows } = await sql<Selectable<IdempotencyKeysTable>>`
      select * from idempotency_keys where (team_id, key) in (${pairs})`.execute(sqlTx(tx).db);
    return rows.map((row) => ({
      teamId: row.team_id,
      apiKeyId: row.api_key_id,
      key: row.key,
      requestHash: row.request_hash,
      status: row.status,
      body: row.body,
      createdAt: row.created_at,
    }));
  }

  /** Deferred: saved with the operation's own writes, in the same statement where possible. */
  async save(tx: Tx, records: readonly IdempotencyRecord[]): Promise<void> {
    if (records.length === 0) return;
    const values = sql.join(
      records.map(
        (r) => sql`(${r.teamId}::text, ${r.apiKeyId}::text, ${r.key}::text, ${r.requestHash}::text, ${r.status}::integer, ${r.body}::text, ${r.createdAt}::timestamptz)`,
      ),
    );
    sqlTx(tx).defer({
      table: 'idempotency_keys',
      kind: 'insert',
      statement: sql`insert into idempotency_keys (team_id, api_key_id, key, request_hash, status, body, created_at) values ${values}`,
      what: 'idempotency keys insert',
    });
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

function lockName(ref: IdempotencyKeyRef): string {
  return `${ref.teamId.length}:${ref.teamId}:${ref.key}`;
}
