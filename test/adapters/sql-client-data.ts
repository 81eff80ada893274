import { sql } from 'kysely';
import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import { UnstorableValueError } from '../../adapters/sql/client-data-errors.js';
import { sqlTx } from '../../adapters/sql/sql-tx.js';
import type { OpenStore } from '../contracts/harness.js';
import type { recordingLogger } from './quiet-logger.js';

/**
 * The SQL store's safety net: data exceptions only a value can cause come
 * out of the unit of work as 422 unstorable_value, logged at warn; other
 * errors pass unchanged. The values here would be refused at the API's edge;
 * the statements send them straight to the store to show the net itself.
 */
export function sqlClientDataSuite(label: string, open: OpenStore, logger: ReturnType<typeof recordingLogger>): void {
  const test = suite(`${label}: data exceptions caused by values are 422, not 500`);

  const refusal = async (statement: ReturnType<typeof sql>): Promise<unknown> => {
    const store = await open();
    try {
      return await store.unitOfWork.run((tx) => statement.execute(sqlTx(tx).db)).then(
        () => assert.unreachable('the statement succeeded'),
        (error: unknown) => error,
      );
    } finally {
      await store.close();
    }
  };

  test('NUL in text, NUL and unpaired surrogates in JSON, numeric overflow and dates past the range', async () => {
    const cases: Array<[ReturnType<typeof sql>, string]> = [
      [sql`select ${'a\u0000b'}::text`, '22021'],
      [sql`select ${'{"a":"\\u0000"}'}::jsonb`, '22P05'],
      [sql`select ${'{"a":"\\ud800"}'}::jsonb`, '22P02'],
      [sql`select ${'1' + '0'.repeat(80)}::numeric(78, 0)`, '22003'],
      [sql`select ${'10000-01-01T00:00:00Z'}::timestamptz + interval '1000000 years'`, '22008'],
      [sql`select ${'+010000-01-01T00:00:00.000Z'}::timestamptz`, '22009'],
      [sql`select ${'-000001-12-18T00:00:00.000Z'}::timestamptz`, '22007'],
    ];
    for (const [statement, sqlState] of cases) {
      const before = logger.entries.length;
      const error = await refusal(statement);
      assert.instance(error, UnstorableValueError, sqlState);
      assert.equal([(error as UnstorableValueError).status, (error as UnstorableValueError).code], [422, 'unstorable_value']);
      const logged = logger.entries.slice(before).find((entry) => entry.message === 'sql.client_data_refused');
      assert.is(logged?.level, 'warn', sqlState);
      assert.is(logged?.fields?.['sqlState'], sqlState);
    }
  });

  test('other errors, a bad uuid cast among them, pass unchanged (they are our bugs, not the client’s)', async () => {
    for (const statement of [sql`select ${'x'}::uuid`, sql`select * from no_such_table`, sql`select 1/0`]) {
      const error = await refusal(statement);
      assert.not.instance(error, UnstorableValueError);
    }
  });

  test.run();
}
