import type { WorkflowDefinition, WorkflowOutcome, WorkflowRunMeta } from '../contract/workflow.js';
import { StepFailure } from '../contract/workflow.js';
import type { Clock } from '../../ports/clock.js';
import type { Ids } from '../../ports/ids.js';
import type { Logger } from '../../ports/logger.js';
import type { Tx, UnitOfWork } from '../../ports/unit-of-work.js';
import type { StartWorkflow, WorkflowEngine } from '../../ports/workflow-engine.js';
import type { WorkflowInstance, WorkflowStore } from '../../ports/workflow-store.js';
import { BootError } from '../boot/boot-error.js';
import { LoopLane } from '../scheduling/loop-lane.js';
import type { WorkflowEventPayload } from './workflow-events.js';

const TIMEOUT_ERROR = 'workflow timed out';
const DEFAULT_MAX_ATTEMPTS = 5;
const MAX_BACKOFF_MS = 5 * 60_000;

export interface WorkflowRunnerOptions {
  readonly store: WorkflowStore;
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly logger: Logger;
  readonly pollIntervalMs: number;
  readonly batchSize: number;
  /** Runs advanced at the same time within one pass (each in its own unit of work). */
  readonly concurrency: number;
}

/**
 * Durable step runner. Each step commits in its own unit of work together
 * with the run record and its events; the run row is locked (SKIP LOCKED on
 * SQL) so several processes share runs without running a step twice.
 * Retryable errors back off; StepFailure, timeouts and exhausted attempts
 * compensate completed steps newest first, one per unit of work.
 */
export class WorkflowRunner implements WorkflowEngine {
  readonly #definitions = new Map<string, WorkflowDefinition>();
  readonly #loop: LoopLane;

  constructor(private readonly options: WorkflowRunnerOptions) {
    this.#loop = new LoopLane('workflow runner', () => this.runDue(), options.pollIntervalMs, options.logger);
  }

  register(definition: WorkflowDefinition): void {
    if (this.#definitions.has(definition.name)) throw new BootError(`Workflow '${definition.name}' is registered twice.`);
    this.#definitions.set(definition.name, definition);
  }

  async start(tx: Tx, request: StartWorkflow): Promise<string> {
    const definition = this.#definition(request.definition);
    const now = this.options.clock.now();
    const completed = request.completedSteps ?? 0;
    const instance: WorkflowInstance = {
      id: request.id ?? this.options.ids.uuid(),
      teamId: request.teamId,
      definition: definition.name,
      status: 'running',
      stepIndex: completed,
      state: request.state,
      attempts: 0,
      error: null,
      emitEvents: request.emitEvents,
      nextRunAt: request.runAt ?? now,
      deadlineAt: definition.timeoutMs ? new Date(now.getTime() + definition.timeoutMs) : null,
      createdAt: now,
      updatedAt: now,
    };
    await this.options.store.insert(tx, instance);
    await this.#emit(tx, instance, 'workflow.started', null);
    for (const step of definition.steps.slice(0, completed)) await this.#emit(tx, instance, 'workflow.step_completed', step.name);
    tx.afterCommit(() => this.wake());
    return instance.id;
  }

  get(teamId: string, id: string): Promise<WorkflowInstance | undefined> {
    return this.options.store.get(teamId, id);
  }

  async runDue(): Promise<number> {
    let steps = 0;
    for (;;) {
      const ids = await this.options.store.dueIds(this.options.clock.now(), this.options.batchSize);
      let progressed = 0;
      // Runs are independent and each is locked while it advances, so a few go at once: one at a
      // time would cap settlement at one transaction's latency, below the rate transfers arrive.
      let next = 0;
      const lane = async (): Promise<void> => {
        while (next < ids.length) {
          const id = ids[next++]!;
          if (await this.#advance(id)) progressed += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.options.concurrency, ids.length) }, lane));
      steps += progressed;
      if (progressed === 0) return steps;
    }
  }

  /** Background loop for servers: polls, and wakes at once after a start commits. */
  startBackground(): void {
    this.#loop.start();
  }

  async stopBackground(): Promise<void> {
    await this.#loop.stop();
  }

  wake(): void {
    this.#loop.wake();
  }

  /** Runs one step (or one compensation) of a due run; false when there was nothing to do. */
  async #advance(id: string): Promise<boolean> {
    try {
      return await this.options.unitOfWork.run(async (tx) => {
        const instance = await this.options.store.lockDue(tx, id, this.options.clock.now());
        if (!instance) return false;
        await this.#step(tx, instance);
        return true;
      });
    } catch (error) {
      await this.#recordFailure(id, error);
      return true;
    }
  }

  async #step(tx: Tx, instance: WorkflowInstance): Promise<void> {
    const definition = this.#definition(instance.definition);
    const now = this.options.clock.now();
    if (instance.status === 'running' && instance.deadlineAt && now >= instance.deadlineAt) {
      await this.#beginCompensation(tx, instance, TIMEOUT_ERROR);
    } else if (instance.status === 'running') {
      const step = definition.steps[instance.stepIndex]!;
      const next = await step.run(tx, instance.state, this.#meta(instance));
      if (next) instance.state = next as Record<string, unknown>;
      instance.stepIndex += 1;
      instance.attempts = 0;
      await this.#emit(tx, instance, 'workflow.step_completed', step.name);
      if (instance.stepIndex >= definition.steps.length) await this.#finish(tx, instance, 'completed');
    } else {
      await this.#compensateOne(tx, instance);
    }
    instance.nextRunAt = now;
    await this.#save(tx, instance);
  }

  async #compensateOne(tx: Tx, instance: WorkflowInstance): Promise<void> {
    const step = this.#definition(instance.definition).steps[instance.stepIndex];
    if (step?.compensate) {
      await step.compensate(tx, instance.state, this.#meta(instance));
      await this.#emit(tx, instance, 'workflow.compensation_executed', step.name);
    }
    instance.stepIndex -= 1;
    instance.attempts = 0;
    if (instance.stepIndex < 0) await this.#finish(tx, instance, instance.error === TIMEOUT_ERROR ? 'timed_out' : 'failed');
  }

  async #beginCompensation(tx: Tx, instance: WorkflowInstance, reason: string): Promise<void> {
    instance.status = 'compensating';
    instance.error = reason;
    instance.stepIndex -= 1;
    instance.attempts = 0;
    if (instance.stepIndex < 0) await this.#finish(tx, instance, reason === TIMEOUT_ERROR ? 'timed_out' : 'failed');
  }

  async #finish(tx: Tx, instance: WorkflowInstance, outcome: WorkflowOutcome): Promise<void> {
    instance.status = outcome;
    await this.#definition(instance.definition).onFinished?.(tx, instance.state, outcome, this.#meta(instance));
    const type = outcome === 'completed' ? 'workflow.completed' : outcome === 'failed' ? 'workflow.failed' : 'workflow.timeout';
    await this.#emit(tx, instance, type, null);
  }

  /** The step's transaction rolled back; record the attempt in a fresh one. */
  async #recordFailure(id: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    try {
      await this.options.unitOfWork.run(async (tx) => {
        const instance = await this.options.store.lockDue(tx, id, this.options.clock.now());
        if (!instance) return;
        const definition = this.#definition(instance.definition);
        instance.attempts += 1;
        const permanent = error instanceof StepFailure || instance.attempts >= (definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
        if (!(error instanceof StepFailure)) {
          this.options.logger.warn('workflow step error', { workflow_id: id, attempt: instance.attempts, error: message });
        }
        if (instance.status === 'running' && permanent) {
          await this.#beginCompensation(tx, instance, message);
          instance.nextRunAt = this.options.clock.now();
        } else {
          // Compensations are retried until they succeed: giving up would strand reserved funds.
          instance.error = message;
          instance.nextRunAt = new Date(this.options.clock.now().getTime() + backoffMs(instance.attempts));
        }
        await this.#save(tx, instance);
      });
    } catch (failure) {
      this.options.logger.error('could not record workflow failure', { workflow_id: id, error: String(failure) });
    }
  }

  async #save(tx: Tx, instance: WorkflowInstance): Promise<void> {
    instance.updatedAt = this.options.clock.now();
    await this.options.store.update(tx, instance);
  }

  #meta(instance: WorkflowInstance): WorkflowRunMeta {
    return {
      workflowId: instance.id,
      teamId: instance.teamId,
      attempt: instance.attempts + 1,
      now: this.options.clock.now(),
      ...(instance.error ? { error: instance.error } : {}),
    };
  }

  async #emit(tx: Tx, instance: WorkflowInstance, type: string, step: string | null): Promise<void> {
    if (!instance.emitEvents) return;
    const payload: WorkflowEventPayload = {
      workflow_id: instance.id,
      workflow: instance.definition,
      step,
      status: instance.status,
      error: instance.error,
    };
    await tx.append([{ type, teamId: instance.teamId, aggregateType: 'workflow', aggregateId: instance.id, payload }]);
  }

  #definition(name: string): WorkflowDefinition {
    const definition = this.#definitions.get(name);
    if (!definition) throw new BootError(`Unknown workflow '${name}': is the plugin that defines it enabled?`);
    return definition;
  }
}

function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 20));
}
