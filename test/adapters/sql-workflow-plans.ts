import { sql, type Kysely } from 'kysely';
import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import type { KernelTables } from '../../adapters/sql/kernel-tables.js';
import { sqlTx } from '../../adapters/sql/sql-tx.js';
import { dueRunsQuery } from '../../adapters/sql/sql-workflow-store.js';
import type { WorkflowInstance } from '../../ports/workflow-store.js';
import type { OpenStore } from '../contracts/harness.js';

const NOW = new Date('2026-06-01T00:00:00.000Z');

function run(index: number, status: WorkflowInstance['status']): WorkflowInstance {
  const at = new Date(NOW.getTime() - 60_000 + index);
  return {
    id: `run-${String(index).padStart(5, '0')}`,
    teamId: 'team-1',
    definition: 'plan.test',
    status,
    stepIndex: 1,
    state: {},
    attempts: 0,
    error: null,
    emitEvents: false,
    nextRunAt: at,
    deadlineAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The runner's poll as the PostgreSQL pool runs it: prepared, with a generic
 * plan, on a table never analysed (autovacuum off, as on CI), where finished
 * runs far outnumber the due ones. It must read the partial index of
 * unfinished runs, not scan the history.
 */
export function sqlWorkflowPlanSuite(label: string, open: OpenStore): void {
  const test = suite(`${label}: workflow poll plan`);

  test('the due-run poll uses the index of unfinished runs under a generic plan', async () => {
    const store = await open();
    try {
      await store.init();
      await store.truncateAll();
      const runs = Array.from({ length: 3000 }, (_, index) => run(index, index % 600 === 0 ? 'running' : 'completed'));
      await store.unitOfWork.run((tx) => store.workflows.insert(tx, runs));
      const plan = await store.unitOfWork.run(async (tx) => {
        const db = sqlTx(tx).db;
        const compiled = dueRunsQuery(db as Kysely<KernelTables>, NOW, 100).compile();
        await sql`set local plan_cache_mode = force_generic_plan`.execute(db);
        await sql.raw(`prepare due_poll as ${compiled.sql}`).execute(db);
        try {
          const args = compiled.parameters.map((value) => (value instanceof Date ? `'${value.toISOString()}'` : typeof value === 'number' ? String(value) : `'${String(value)}'`));
          const { rows } = await sql.raw<Record<string, string>>(`explain execute due_poll(${args.join(', ')})`).execute(db);
          return rows.map((row) => Object.values(row)[0]).join('\n');
        } finally {
          await sql`deallocate due_poll`.execute(db);
        }
      });
      assert.match(plan, /workflows_unfinished_due_idx/);
      assert.not.match(plan, /Seq Scan/);
      const due = await store.workflows.dueRuns(NOW, 100);
      assert.equal(due.map((found) => found.id), ['run-00000', 'run-00600', 'run-01200', 'run-01800', 'run-02400']);
    } finally {
      await store.close();
    }
  });

  test.run();
}
