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
    await store.migrator.migrate('kernel', Object.fromEntries(Object.entries(kernelMigrations).filter(([name]) => name < '0006')));
    const count = await store.unitOfWork.run(
      async (tx) => (await sql<{ n: number }>`select count(*)::integer as n from idempotency_keys`.execute(sqlTx(tx).db)).rows[0]!.n,
    );
    assert.is(count, 0);
    // Two API keys of one team may then each hold the same Idempotency-Key.
    await store.unitOfWork.run((tx) =>
      sql`insert into idempotency_keys (team_id, api_key_id, key, request_hash, status, body, created_at)
          values ('team-1', 'a', 'k', 'h', 201, '{}', now()), ('team-1', 'b', 'k', 'h', 201, '{}', now())`.execute(sqlTx(tx).db),
    );
  } finally {
    await store.close();
  }
});

test('0007 scopes keys per team: where two API keys of a team saved one key, the first saved keeps it; other rows stay', async () => {
  const store = await openStore({ kind: 'pglite', dataDir: 'memory://', logger: recordingLogger() });
  try {
    await store.migrator.migrate('kernel', Object.fromEntries(Object.entries(kernelMigrations).filter(([name]) => name < '0007')));
    await store.unitOfWork.run((tx) =>
      sql`insert into idempotency_keys (team_id, api_key_id, key, request_hash, status, body, created_at) values
          ('team-1', 'key-b', 'k', 'h2', 201, '{"n":2}', '2026-01-01T00:00:02Z'),
          ('team-1', 'key-a', 'k', 'h1', 201, '{"n":1}', '2026-01-01T00:00:01Z'),
          ('team-1', 'key-c', 'tie', 'h3', 201, '{"n":3}', '2026-01-01T00:00:03Z'),
          ('team-1', 'key-a', 'tie', 'h4', 201, '{"n":4}', '2026-01-01T00:00:03Z'),
          ('team-1', 'key-a', 'alone', 'h5', 200, null, '2026-01-01T00:00:05Z'),
          ('team-2', 'key-z', 'k', 'h6', 201, '{"n":6}', '2026-01-01T00:00:06Z')`.execute(sqlTx(tx).db),
    );
    await store.init();
    const refs = [
      { teamId: 'team-1', key: 'k' },
      { teamId: 'team-1', key: 'tie' },
      { teamId: 'team-1', key: 'alone' },
      { teamId: 'team-2', key: 'k' },
    ];
    const found = await store.unitOfWork.run((tx) => store.idempotency.find(tx, refs));
    const byRef = found.map((r) => `${r.teamId}/${r.key}/${r.apiKeyId}/${r.requestHash}/${r.body}`).sort();
    assert.equal(byRef, ['team-1/alone/key-a/h5/null', 'team-1/k/key-a/h1/{"n":1}', 'team-1/tie/key-a/h4/{"n":4}', 'team-2/k/key-z/h6/{"n":6}']);
    // The key is (team, key) now: another API key of the team cannot save it again.
    const record = { teamId: 'team-1', apiKeyId: 'key-b', key: 'alone', requestHash: 'h', status: 201, body: '{}', createdAt: new Date('2026-01-02T00:00:00Z') };
    let refused = false;
    await store.unitOfWork.run((tx) => store.idempotency.save(tx, [record])).catch(() => (refused = true));
    assert.ok(refused, 'a second record for (team, key) is refused');
  } finally {
    await store.close();
  }
});

test.run();
