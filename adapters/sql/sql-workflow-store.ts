import type { Kysely, Selectable } from 'kysely';
import type { WorkflowStatus } from '../../kernel/contract/workflow.js';
import type { Tx } from '../../ports/unit-of-work.js';
import type { WorkflowInstance, WorkflowStore } from '../../ports/workflow-store.js';
import type { KernelTables, WorkflowsTable } from './kernel-tables.js';
import { jsonText } from './sql-event-store.js';
import { sqlTx } from './sql-tx.js';
import type { SqlUnitOfWork } from './sql-unit-of-work.js';

const UNFINISHED: WorkflowStatus[] = ['running', 'compensating'];

/**
 * Workflow runs in `workflows`. Several processes share the work through
 * `lockDue`: a row lock taken with SKIP LOCKED, held until the step's unit of
 * work ends, so two runners never run the same step at once.
 */
export class SqlWorkflowStore implements WorkflowStore {
  constructor(private readonly unitOfWork: SqlUnitOfWork) {}

  async insert(tx: Tx, instance: WorkflowInstance): Promise<void> {
    await db(tx)
      .insertInto('workflows')
      .values({ id: instance.id, team_id: instance.teamId, definition: instance.definition, ...mutable(instance), created_at: instance.createdAt })
      .execute();
  }

  async update(tx: Tx, instance: WorkflowInstance): Promise<void> {
    const result = await db(tx)
      .updateTable('workflows')
      .set(mutable(instance))
      .where('id', '=', instance.id)
      .where('team_id', '=', instance.teamId)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new Error(`workflow ${instance.id} does not exist`);
  }

  async dueIds(now: Date, limit: number): Promise<string[]> {
    if (limit <= 0) return [];
    const rows = await this.unitOfWork.read((root) =>
      (root as Kysely<KernelTables>)
        .selectFrom('workflows')
        .select('id')
        .where('status', 'in', UNFINISHED)
        .where('next_run_at', '<=', now)
        .orderBy('next_run_at')
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute(),
    );
    return rows.map((r) => r.id);
  }

  async lockDue(tx: Tx, id: string, now: Date): Promise<WorkflowInstance | undefined> {
    const row = await db(tx)
      .selectFrom('workflows')
      .selectAll()
      .where('id', '=', id)
      .where('status', 'in', UNFINISHED)
      .where('next_run_at', '<=', now)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    return row && toInstance(row);
  }

  async get(teamId: string, id: string): Promise<WorkflowInstance | undefined> {
    const row = await this.unitOfWork.read((root) =>
      (root as Kysely<KernelTables>)
        .selectFrom('workflows')
        .selectAll()
        .where('id', '=', id)
        .where('team_id', '=', teamId)
        .executeTakeFirst(),
    );
    return row && toInstance(row);
  }

  async nextDueAt(): Promise<Date | undefined> {
    const row = await this.unitOfWork.read((root) =>
      (root as Kysely<KernelTables>)
        .selectFrom('workflows')
        .select((eb) => eb.fn.min('next_run_at').as('next'))
        .where('status', 'in', UNFINISHED)
        .executeTakeFirst(),
    );
    return row?.next ?? undefined;
  }
}

function db(tx: Tx): Kysely<KernelTables> {
  return sqlTx(tx).db as Kysely<KernelTables>;
}

/** The columns `update` may change; id, team, definition and creation time are fixed. */
function mutable(instance: WorkflowInstance) {
  return {
    status: instance.status,
    step_index: instance.stepIndex,
    state: jsonText(instance.state),
    attempts: instance.attempts,
    error: instance.error,
    emit_events: instance.emitEvents,
    next_run_at: instance.nextRunAt,
    deadline_at: instance.deadlineAt,
    updated_at: instance.updatedAt,
  };
}

function toInstance(row: Selectable<WorkflowsTable>): WorkflowInstance {
  return {
    id: row.id,
    teamId: row.team_id,
    definition: row.definition,
    status: row.status as WorkflowStatus,
    stepIndex: row.step_index,
    state: row.state,
    attempts: row.attempts,
    error: row.error,
    emitEvents: row.emit_events,
    nextRunAt: row.next_run_at,
    deadlineAt: row.deadline_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
