import { sql } from 'kysely';
import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import { sqlTx } from '../../adapters/sql/sql-tx.js';
import type { OpenStore } from '../contracts/harness.js';

/** How column types come back from a SQL store: exact text for money, Date for time. */
export function sqlTypesSuite(label: string, open: OpenStore): void {
  const test = suite(`${label}: SQL value types`);

  test('BIGINT and NUMERIC come back as exact strings, timestamptz as Date, JSONB parsed', async () => {
    const store = await open();
    try {
      const row = await store.unitOfWork.run(async (tx) => {
        const { rows } = await sql<Record<string, unknown>>`
          select 9007199254740993::int8 as big,
                 123456789012345678901234567890.123456789012345678::numeric as amount,
                 '2026-01-01T00:00:00.123Z'::timestamptz as at,
                 '{"a":"1.10"}'::jsonb as doc,
                 array[9007199254740993]::int8[] as bigs`.execute(sqlTx(tx).db);
        return rows[0]!;
      });
      assert.is(row.big, '9007199254740993');
      assert.is(row.amount, '123456789012345678901234567890.123456789012345678');
      assert.instance(row.at, Date);
      assert.is((row.at as Date).toISOString(), '2026-01-01T00:00:00.123Z');
      assert.equal(row.doc, { a: '1.10' });
      assert.equal(row.bigs, ['9007199254740993']);
    } finally {
      await store.close();
    }
  });

  test('the transaction tells repositories which SQL dialect they talk to', async () => {
    const store = await open();
    try {
      const dialect = await store.unitOfWork.run(async (tx) => sqlTx(tx).dialect);
      assert.is(dialect, store.kind);
    } finally {
      await store.close();
    }
  });

  test.run();
}
