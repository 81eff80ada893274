import type { Tx } from '../../ports/unit-of-work.js';
import type { DueRun, WorkflowInstance, WorkflowStore } from '../../ports/workflow-store.js';
import { memoryTx } from './memory-tx.js';
import type { MemoryUnitOfWork } from './memory-unit-of-work.js';
import { jsonCopy } from './json-copy.js';

const UNFINISHED = new Set(['running', 'compensating']);

/**
 * Workflow runs in a map, copied in and out so a runner mutating its
 * instance changes nothing until it calls `update` (as with SQL rows).
 * Reads outside a transaction take the store's mutex, so they never see a
 * write that may still be rolled back. The unfinished runs are also kept
 * apart: finished runs stay (as rows do) and would otherwise make every poll
 * for due runs read every run ever started.
 */
export class MemoryWorkflowStore implements WorkflowStore {
  readonly #runs = new Map<string, WorkflowInstance>();
  readonly #unfinished = new Map<string, WorkflowInstance>();

  constructor(private readonly unitOfWork: MemoryUnitOfWork) {}

  async insert(tx: Tx, instances: readonly WorkflowInstance[]): Promise<void> {
    const mtx = memoryTx(tx);
    for (const instance of instances) {
      if (this.#runs.has(instance.id)) throw new Error(`workflow ${instance.id} already exists`);
      this.#put(copy(instance));
      mtx.onRollback(() => this.#remove(instance.id));
    }
  }

  async update(tx: Tx, instances: readonly WorkflowInstance[]): Promise<void> {
    const mtx = memoryTx(tx);
    for (const instance of instances) {
      const previous = this.#runs.get(instance.id);
      if (!previous || previous.teamId !== instance.teamId) throw new Error(`workflow ${instance.id} does not exist`);
      this.#put(copy(instance));
      mtx.onRollback(() => this.#put(previous));
    }
  }

  async dueRuns(now: Date, limit: number): Promise<DueRun[]> {
    if (limit <= 0) return [];
    return this.unitOfWork.exclusive(() => {
      const due: WorkflowInstance[] = [];
      for (const run of this.#unfinished.values()) if (isDue(run, now)) due.push(run);
      return due
        .sort(oldestFirst)
        .slice(0, limit)
        .map((run) => ({ id: run.id, definition: run.definition, status: run.status, stepIndex: run.stepIndex, deadlineAt: run.deadlineAt }));
    });
  }

  /** Units of work are serialised here, so no other holder can exist: due and unfinished is enough. */
  async lockDue(tx: Tx, ids: readonly string[], now: Date): Promise<WorkflowInstance[]> {
    memoryTx(tx);
    const locked = new Map<string, WorkflowInstance>();
    for (const id of ids) {
      const run = this.#runs.get(id);
      if (run && isDue(run, now)) locked.set(id, copy(run));
    }
    return [...locked.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async get(teamId: string, id: string): Promise<WorkflowInstance | undefined> {
    return this.unitOfWork.exclusive(() => {
      const run = this.#runs.get(id);
      return run && run.teamId === teamId ? copy(run) : undefined;
    });
  }

  async nextDueAt(): Promise<Date | undefined> {
    return this.unitOfWork.exclusive(() => {
      let earliest: Date | undefined;
      for (const run of this.#unfinished.values()) if (!earliest || run.nextRunAt < earliest) earliest = run.nextRunAt;
      return earliest && new Date(earliest.getTime());
    });
  }

  clear(): void {
    this.#runs.clear();
    this.#unfinished.clear();
  }

  #put(run: WorkflowInstance): void {
    this.#runs.set(run.id, run);
    if (UNFINISHED.has(run.status)) this.#unfinished.set(run.id, run);
    else this.#unfinished.delete(run.id);
  }

  #remove(id: string): void {
    this.#runs.delete(id);
    this.#unfinished.delete(id);
  }
}

function isDue(run: WorkflowInstance, now: Date): boolean {
  return UNFINISHED.has(run.status) && run.nextRunAt.getTime() <= now.getTime();
}

/** Same order as the SQL store: next_run_at, then created_at, then id. */
function oldestFirst(a: WorkflowInstance, b: WorkflowInstance): number {
  return (
    a.nextRunAt.getTime() - b.nextRunAt.getTime() ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

function copy(run: WorkflowInstance): WorkflowInstance {
  return {
    ...run,
    state: jsonCopy(run.state),
    nextRunAt: new Date(run.nextRunAt.getTime()),
    deadlineAt: run.deadlineAt && new Date(run.deadlineAt.getTime()),
    createdAt: new Date(run.createdAt.getTime()),
    updatedAt: new Date(run.updatedAt.getTime()),
  };
}
