import { token } from '../kernel/contract/token.js';
import type { WorkflowInstance } from './workflow-store.js';
import type { Tx } from './unit-of-work.js';

export interface StartWorkflow {
  readonly definition: string;
  readonly teamId: string;
  readonly state: Record<string, unknown>;
  /** Emit workflow.* events (webhooks) for this run. */
  readonly emitEvents: boolean;
  /** Defaults to a new uuid. */
  readonly id?: string;
  /** First step runs no earlier than this (default now). */
  readonly runAt?: Date;
  /**
   * How many leading steps the caller already performed inside `tx` (e.g. a
   * transfer's 'reserve' step, done while creating the transfer so the client
   * gets 422 insufficient_funds synchronously). The run continues after them,
   * and on failure or timeout they are compensated like any completed step.
   */
  readonly completedSteps?: number;
}

/** Starts durable workflows inside the caller's transaction. */
export interface WorkflowEngine {
  start(tx: Tx, request: StartWorkflow): Promise<string>;
  /** Starts many runs with one insert (group commit); returns their ids in order. */
  startMany(tx: Tx, requests: readonly StartWorkflow[]): Promise<string[]>;
  /**
   * Resumes a run parked by a step's AwaitSignal, inside `tx`: merges
   * `patch` into its state and runs the parked step again there (the
   * deadline does not apply: the signal is the decision the run waited for);
   * when that step fails for good, the compensations run in `tx` too, so the
   * signaller's change and the step's outcome commit together. False when
   * the run is not the team's, not parked, or finished.
   */
  signal(tx: Tx, teamId: string, id: string, patch?: Record<string, unknown>): Promise<boolean>;
  get(teamId: string, id: string): Promise<WorkflowInstance | undefined>;
  /** Runs every step that is due now; returns how many steps ran (tests, CLI). */
  runDue(): Promise<number>;
}
export const WorkflowEngine = token<WorkflowEngine>('kernel.workflow-engine');
