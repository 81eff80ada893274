import type { Tx } from '../../ports/unit-of-work.js';

/**
 * A durable workflow: steps run one at a time, each in its own unit of work
 * together with the step record and its events, so a restart resumes at the
 * first step not committed. When a step fails for good, completed steps are
 * compensated in reverse order, each compensation a real movement with its
 * own events (never a row delete).
 */
export interface WorkflowStep<S> {
  readonly name: string;
  /**
   * Returns the new state (or nothing to keep it). Throw StepFailure to fail
   * for good; return an AwaitSignal to park the run at this step until
   * WorkflowEngine.signal.
   */
  run?(tx: Tx, state: S, meta: WorkflowRunMeta): Promise<S | void | AwaitSignal<S>>;
  /**
   * The same step for many runs in one unit of work (group commit): one
   * result per run, in order, a StepFailure for a run that fails for good.
   * A step has `run`, `runBatch` or both; with only `runBatch`, a lone run
   * is a batch of one. Throwing fails the whole batch, which the runner then
   * retries run by run.
   */
  runBatch?(tx: Tx, runs: readonly WorkflowBatchItem<S>[]): Promise<Array<S | void | StepFailure | AwaitSignal<S>>>;
  compensate?(tx: Tx, state: S, meta: WorkflowRunMeta): Promise<void>;
  /**
   * When the step may run, from the state the previous step left (e.g. a
   * bridge transfer waiting for the source chain's finality): the run is due
   * then and not before. Undefined or past: at once.
   */
  notBefore?(state: S): Date | undefined;
}

export interface WorkflowBatchItem<S> {
  readonly state: S;
  readonly meta: WorkflowRunMeta;
}

export interface WorkflowDefinition<S = any> {
  readonly name: string;
  readonly steps: readonly WorkflowStep<S>[];
  /** Attempts per step for retryable (non-StepFailure) errors. */
  readonly maxAttempts?: number;
  /** Whole-workflow deadline; on expiry completed steps are compensated. */
  readonly timeoutMs?: number;
  /** Called in the same unit of work when the workflow reaches a final state. */
  onFinished?(tx: Tx, state: S, outcome: WorkflowOutcome, meta: WorkflowRunMeta): Promise<void>;
}

export type WorkflowStatus = 'running' | 'compensating' | 'completed' | 'failed' | 'timed_out';
export type WorkflowOutcome = 'completed' | 'failed' | 'timed_out';

export interface WorkflowRunMeta {
  readonly workflowId: string;
  readonly teamId: string;
  readonly attempt: number;
  readonly now: Date;
  /** Failure reason when compensating or finished unsuccessfully. */
  readonly error?: string;
}

/** A business failure: not retried, triggers compensation. */
export class StepFailure extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
    this.name = 'StepFailure';
  }
}

/**
 * A step's answer "not yet: wait for a decision from outside" (a transfer
 * held for a compliance review). The run stays at the step with the given
 * state, is never due (no polling, no timeout while it waits: the decision
 * may take days), and WorkflowEngine.signal runs the step again in the
 * signaller's unit of work. The run record holds it, so a restart changes
 * nothing.
 */
export class AwaitSignal<S = unknown> {
  constructor(readonly state?: S) {}
}

export function defineWorkflow<S>(definition: WorkflowDefinition<S>): WorkflowDefinition<S> {
  return definition;
}
