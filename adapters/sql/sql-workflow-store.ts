import { sql, type Kysely, type Selectable } from 'kysely';
import type { WorkflowStatus } from '../../kernel/contract/workflow.js';
import type { Tx } from '../../ports/unit-of-work.js';
import type { DueRun, WorkflowInstance, WorkflowStore } from '../../ports/workflow-store.js';
import type { KernelTables, WorkflowsTable } from './kernel-tables.js';
import { jsonText } from './sql-event-store.js';
import { sqlTx } from './sql-tx.js';
import type { Column } from './unnest.js';
import { FixedStatement } from './fixed-sql.js';
import type { SqlUnitOfWork } from './sql-unit-of-work.js';

const UNFINISHED: readonly WorkflowStatus[] = ['running', 'compensating'];
/**
 * The statuses written into the statement, not bound: only then can a
 * prepared statement's generic plan use the partial index of unfinished runs
 * (kernel migration 0006), whose predicate the planner must see to match.
 */
const IS_UNFINISHED = sql<boolean>`status in (${sql.raw(UNFINISHED.map((status) => `'${status}'`).join(', '))})`;

/** The runner's poll: due unfinished runs in order, read from the partial index. Exported for its plan test. */
export function dueRunsQuery(db: Kysely<KernelTables>, now: Date, limit: number) {
  return db
    .selectFrom('workflows')
    .select(['id', 'definition', 'status', 'step_index', 'deadline_at'])
    .where(IS_UNFINISHED)
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit);
}

/**
 * Workflow runs in `workflows`. Several processes share the work through
 * `lockDue`: row locks taken with SKIP LOCKED, held until the step's unit of
 * work ends, so two runners never run the same step at once.
 */
export class SqlWorkflowStore implements WorkflowStore {
  constructor(private readonly unitOfWork: SqlUnitOfWork) {}

  /** Deferred, like update: the runs are written with the transaction's other writes. */
  async insert(tx: Tx, instances: readonly WorkflowInstance[]): Promise<void> {
    if (instances.length === 0) return;
    sqlTx(tx).defer({
      table: 'workflows',
      kind: 'insert',
      statement: INSERT.bind([], instances.map((i) => [i.id, i.teamId, i.definition, ...mutable(i), i.createdAt])),
      what: 'workflows insert',
    });
  }

  async update(tx: Tx, instances: readonly WorkflowInstance[]): Promise<void> {
    if (instances.length === 0) return;
    sqlTx(tx).defer({
      table: 'workflows',
      kind: 'update',
      statement: UPDATE.bind([], instances.map((i) => [i.id, i.teamId, ...mutable(i)])),
      // A run missing (or of another team) is a bug: the whole transaction fails.
      expectRows: instances.length,
      what: 'workflows update (a run does not exist)',
    });
  }

  async dueRuns(now: Date, limit: number): Promise<DueRun[]> {
    if (limit <= 0) return [];
    const rows = await this.unitOfWork.read((root) => dueRunsQuery(root as Kysely<KernelTables>, now, limit).execute());
    return rows.map((r) => ({ id: r.id, definition: r.definition, status: r.status as WorkflowStatus, stepIndex: r.step_index, deadlineAt: r.deadline_at }));
  }

  async lockDue(tx: Tx, ids: readonly string[], now: Date): Promise<WorkflowInstance[]> {
    if (ids.length === 0) return [];
    const rows = await LOCK_DUE.run<Selectable<WorkflowsTable>>(sqlTx(tx).db, [now, [...ids]]);
    return rows.rows.map(toInstance);
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
        .where(IS_UNFINISHED)
        .executeTakeFirst(),
    );
    return row?.next ?? undefined;
  }
}

/** The columns `update` may change (id, team, definition and creation time are fixed), in `mutable`'s order. */
const MUTABLE_COLUMNS: readonly Column[] = [
  ['status', 'text'],
  ['step_index', 'integer'],
  ['state', 'jsonb'],
  ['attempts', 'integer'],
  ['error', 'text'],
  ['emit_events', 'boolean'],
  ['next_run_at', 'timestamptz'],
  ['deadline_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const INSERT_COLUMNS: readonly Column[] = [['id', 'text'], ['team_id', 'text'], ['definition', 'text'], ...MUTABLE_COLUMNS, ['created_at', 'timestamptz']];

// The statements every transfer's settlement runs, written once (fixed-sql.ts): no query built per call.
const INSERT = new FixedStatement((rows) => `insert into workflows (${INSERT_COLUMNS.map(([name]) => name).join(', ')}) select * from ${rows}`, [['v', INSERT_COLUMNS]]);
const UPDATE = new FixedStatement(
  (rows) => `update workflows as t
      set status = v.status, step_index = v.step_index, state = v.state, attempts = v.attempts, error = v.error,
          emit_events = v.emit_events, next_run_at = v.next_run_at, deadline_at = v.deadline_at, updated_at = v.updated_at
      from ${rows}
      where t.id = v.id and t.team_id = v.team_id`,
  [['v', [['id', 'text'], ['team_id', 'text'], ...MUTABLE_COLUMNS]]],
);
// The ids as one array, so the text is the same for any number of runs (an IN list of parameters was not).
const LOCK_DUE = new FixedStatement(
  () => `select * from workflows
      where id = any($2::text[]) and status in (${UNFINISHED.map((status) => `'${status}'`).join(', ')}) and next_run_at <= $1
      order by id collate "C"
      for update skip locked`,
  [],
  2,
);

function mutable(i: WorkflowInstance): unknown[] {
  return [i.status, i.stepIndex, jsonText(i.state), i.attempts, i.error, i.emitEvents, i.nextRunAt, i.deadlineAt, i.updatedAt];
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
