import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openStore } from '../../../../adapters/open-store.js';
import type { SqlUnitOfWork } from '../../../../adapters/sql/sql-unit-of-work.js';
import { recordingLogger } from '../../../../test/adapters/quiet-logger.js';
import { coreBankingMigrations } from './migrations.js';
import { UPDATE_FOR_TRANSFERS } from './sql-transaction-repository.js';

/**
 * Settlement updates each transfer's pending transaction by (team, transfer,
 * account). Only unfinished rows are indexed for it (migration 0003): on a
 * table of thousands of settled transfers with statistics, the update's
 * generic plan, as PostgreSQL's pool keeps it, must probe that index, not
 * scan the table (PGlite runs PostgreSQL's planner).
 */
test("the settlement's update of pending transactions probes the pending-transfer index", async () => {
  const store = await openStore({ kind: 'pglite', dataDir: 'memory://', logger: recordingLogger() });
  try {
    await store.init();
    await store.migrator.migrate('core-banking', coreBankingMigrations);
    const uow = store.unitOfWork as SqlUnitOfWork;
    await uow.withRoot(async (root) => {
      await sql`insert into core_banking_accounts (team_id, id, name, type, status, created_at, updated_at)
        select 't1', 'a' || n, 'account', 'personal', 'active', now(), now() from generate_series(1, 100) as n`.execute(root);
      await sql`insert into core_banking_transactions
          (team_id, id, account_id, type, amount, asset_code, amount_scale, status, transfer_id, created_at)
        select 't1', 'x' || n, 'a' || (n % 100 + 1), 'transfer', 1, 'USD', 2,
               case when n % 500 = 0 then 'pending' else 'completed' end, 'tr' || (n / 2), now()
        from generate_series(1, 10000) as n`.execute(root);
      await sql`analyze core_banking_transactions`.execute(root);
    });
    const plan = await uow.withRoot(async (root) => {
      await sql.raw(`prepare update_for_transfers as ${UPDATE_FOR_TRANSFERS.text}`).execute(root);
      await sql`set plan_cache_mode = force_generic_plan`.execute(root);
      try {
        const { parameters } = UPDATE_FOR_TRANSFERS.bind([], [['t1', 'tr250', 'a1', 'completed', 'm1', '5', new Date().toISOString()]]);
        const literals = parameters.map((value) => sql.lit(`{${(value as unknown[]).map((cell) => `"${String(cell)}"`).join(',')}}`));
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain execute update_for_transfers(${sql.join(literals)})`.execute(root);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await sql`reset plan_cache_mode`.execute(root);
        await sql`deallocate update_for_transfers`.execute(root);
      }
    });
    assert.ok(plan.includes('core_banking_transactions_pending_transfer'), plan);
    assert.not.ok(plan.includes('Seq Scan on core_banking_transactions'), plan);
  } finally {
    await store.close();
  }
});

test.run();
