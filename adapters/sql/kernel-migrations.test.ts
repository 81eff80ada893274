import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { recordingLogger } from '../../test/adapters/quiet-logger.js';
import { openStore } from '../open-store.js';
import { kernelMigrations } from './kernel-migrations.js';
import { sqlTx } from './sql-tx.js';

test('0005 drops the records saved per team only (some held secrets) and scopes new ones by API key', async () => {
  const store = await openStore({ kind: 'pglite', dataDir: 'memory://', logger: recordingLogger() });
  try {
    const before = Object.fromEntries(Object.entries(kernelMigrations).filter(([name]) => name < '0005'));
    await store.migrator.migrate('kernel', before);
    await store.unitOfWork.run((tx) =>
      sql`insert into idempotency_keys (team_id, key, request_hash, status, body, created_at)
          values ('team-1', 'k', 'h', 201, '{"data":{"key":"fak_secret"}}', now())`.execute(sqlTx(tx).db),
    );
    await store.init();
    const count = await store.unitOfWork.run(
      async (tx) => (await sql<{ n: number }>`select count(*)::integer as n from idempotency_keys`.execute(sqlTx(tx).db)).rows[0]!.n,
    );
    assert.is(count, 0);
    // Two API keys of one team may now each hold the same Idempotency-Key.
    const record = { teamId: 'team-1', key: 'k', requestHash: 'h', status: 201, body: '{}', createdAt: new Date('2026-01-01T00:00:00Z') };
    await store.unitOfWork.run((tx) => store.idempotency.save(tx, [{ ...record, apiKeyId: 'a' }, { ...record, apiKeyId: 'b' }]));
  } finally {
    await store.close();
  }
});

test.run();
