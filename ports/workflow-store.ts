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

/** Durable workflow records; the kernel's runner is the only user. */
export interface WorkflowStore {
  insert(tx: Tx, instance: WorkflowInstance): Promise<void>;
  update(tx: Tx, instance: WorkflowInstance): Promise<void>;
  /** Ids of unfinished runs due at `now`, oldest first. */
  dueIds(now: Date, limit: number): Promise<string[]>;
  /**
   * Locks one due, unfinished run inside `tx` (FOR UPDATE SKIP LOCKED on SQL)
   * and returns it, or undefined when it is finished, not due, or held by
   * another process.
   */
  lockDue(tx: Tx, id: string, now: Date): Promise<WorkflowInstance | undefined>;
  get(teamId: string, id: string): Promise<WorkflowInstance | undefined>;
  /** Earliest next_run_at of unfinished runs, for the runner's timer. */
  nextDueAt(): Promise<Date | undefined>;
}
export const WorkflowStore = token<WorkflowStore>('kernel.workflow-store');
