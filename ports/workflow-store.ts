import type { WorkflowStatus } from '../kernel/contract/workflow.js';
import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/** A persisted workflow run. `state` is JSON (amounts as strings). */
export interface WorkflowInstance {
  readonly id: string;
  readonly teamId: string;
  readonly definition: string;
  status: WorkflowStatus;
  /** Next step to run; while compensating, the next step to compensate. */
  stepIndex: number;
  state: Record<string, unknown>;
  attempts: number;
  error: string | null;
  readonly emitEvents: boolean;
  nextRunAt: Date;
  readonly deadlineAt: Date | null;
  readonly createdAt: Date;
  updatedAt: Date;
}

/** Where a due run stands, enough for the runner to group runs of the same step before locking them. */
export interface DueRun {
  readonly id: string;
  readonly definition: string;
  readonly status: WorkflowStatus;
  readonly stepIndex: number;
  readonly deadlineAt: Date | null;
}

/** Durable workflow records; the kernel's runner is the only user. */
export interface WorkflowStore {
  insert(tx: Tx, instances: readonly WorkflowInstance[]): Promise<void>;
  /** Writes the mutable fields of each run; fails when one does not exist (for its team). */
  update(tx: Tx, instances: readonly WorkflowInstance[]): Promise<void>;
  /** Unfinished runs due at `now`, oldest first. */
  dueRuns(now: Date, limit: number): Promise<DueRun[]>;
  /**
   * Locks the due, unfinished runs among `ids` inside `tx` (FOR UPDATE SKIP
   * LOCKED on SQL) and returns them in id order, leaving out those finished,
   * not due, or held by another process.
   */
  lockDue(tx: Tx, ids: readonly string[], now: Date): Promise<WorkflowInstance[]>;
  get(teamId: string, id: string): Promise<WorkflowInstance | undefined>;
  /** Earliest next_run_at of unfinished runs, for the runner's timer. */
  nextDueAt(): Promise<Date | undefined>;
}
export const WorkflowStore = token<WorkflowStore>('kernel.workflow-store');
