import pg from 'pg';
import sinon from 'sinon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { recordingLogger } from '../../test/adapters/quiet-logger.js';
import { checkAutovacuum } from './autovacuum-check.js';

function poolAnswering(setting: string): pg.Pool {
  return { query: sinon.stub().resolves({ rows: [{ setting }] }) } as unknown as pg.Pool;
}

test('a server without autovacuum gets one warning naming ANALYZE', async () => {
  const logger = recordingLogger();
  assert.is(await checkAutovacuum(poolAnswering('off'), logger), false);
  assert.equal(logger.entries.map((entry) => entry.level), ['warn']);
  assert.match(logger.entries[0]!.message, /autovacuum is off; run ANALYZE/);
});

test('a server with autovacuum logs nothing', async () => {
  const logger = recordingLogger();
  assert.is(await checkAutovacuum(poolAnswering('on'), logger), true);
  assert.equal(logger.entries, []);
});

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  test('against the DATABASE_URL server it reads the server setting', async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    try {
      const { rows } = await pool.query<{ autovacuum: string }>('show autovacuum');
      const logger = recordingLogger();
      assert.is(await checkAutovacuum(pool, logger), rows[0]!.autovacuum === 'on');
      assert.is(logger.entries.length, rows[0]!.autovacuum === 'on' ? 0 : 1);
    } finally {
      await pool.end();
    }
  });
}

test.run();
