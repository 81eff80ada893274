import type { NewEvent } from '../contract/event.js';
import type { WorkflowDefinition, WorkflowOutcome, WorkflowRunMeta, WorkflowStatus, WorkflowStep } from '../contract/workflow.js';
import { AwaitSignal, StepFailure } from '../contract/workflow.js';
import type { Clock } from '../../ports/clock.js';
import type { Ids } from '../../ports/ids.js';
import type { Logger } from '../../ports/logger.js';
import type { Scheduler, WakeableLoop } from '../../ports/scheduler.js';
import type { Tx, UnitOfWork } from '../../ports/unit-of-work.js';
import type { StartWorkflow, WorkflowEngine } from '../../ports/workflow-engine.js';
import type { DueRun, WorkflowInstance, WorkflowStore } from '../../ports/workflow-store.js';
import { BootError } from '../boot/boot-error.js';
import type { WorkflowEventPayload } from './workflow-events.js';

const TIMEOUT_ERROR = 'workflow timed out';
const DEFAULT_MAX_ATTEMPTS = 5;
const MAX_BACKOFF_MS = 5 * 60_000;
/** The smallest batch a group of due runs is split into (see #plan). */
const MIN_BATCH = 64;
/**
 * next_run_at of a run parked by AwaitSignal: never due, so no poll takes it
 * (nor does its deadline), and signal finds it with lockDue at this instant.
 */
const PARKED_UNTIL = new Date('9999-12-31T00:00:00.000Z');

export interface WorkflowRunnerOptions {
  readonly store: WorkflowStore;
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly logger: Logger;
  /** Runs the background loop in a process started with background work. */
  readonly scheduler: Scheduler;
  readonly pollIntervalMs: number;
  /** Due runs read per pass, and the most runs one batched step takes. */
  readonly batchSize: number;
  /** Units of work running at once within one pass. */
  readonly concurrency: number;
}

/**
 * Durable step runner. Each step commits in its own unit of work together
 * with the run record and its events; run rows are locked (SKIP LOCKED on
 * SQL) so several processes share runs without running a step twice.
 * Due runs standing at the same step of a step with `runBatch` advance
 * together in one unit of work (group commit); the others one by one.
 * Retryable errors back off; StepFailure, timeouts and exhausted attempts
 * compensate completed steps newest first, one per unit of work.
 */
export class WorkflowRunner implements WorkflowEngine {
  readonly #definitions = new Map<string, WorkflowDefinition>();
  readonly #loop: WakeableLoop;

  constructor(private readonly options: WorkflowRunnerOptions) {
    // In the background a pass runs again at once only when its poll was full (more is waiting);
    // otherwise runs falling due gather for pollIntervalMs and settle together in larger batches.
    this.#loop = options.scheduler.loop({
      name: 'kernel.workflow-runner',
      intervalMs: options.pollIntervalMs,
      run: async () => ((await this.#pass()).full ? 1 : 0),
    });
  }

  register(definition: WorkflowDefinition): void {
    if (this.#definitions.has(definition.name)) throw new BootError(`Workflow '${definition.name}' is registered twice.`);
    for (const step of definition.steps) {
      if (!step.run && !step.runBatch) throw new BootError(`Workflow '${definition.name}': step '${step.name}' has neither run nor runBatch.`);
    }
    this.#definitions.set(definition.name, definition);
  }

  async start(tx: Tx, request: StartWorkflow): Promise<string> {
    const [id] = await this.startMany(tx, [request]);
    return id!;
  }

  async startMany(tx: Tx, requests: readonly StartWorkflow[]): Promise<string[]> {
    if (requests.length === 0) return [];
    const now = this.options.clock.now();
    const events: NewEvent[] = [];
    const instances = requests.map((request): WorkflowInstance => {
      const definition = this.#definition(request.definition);
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
      this.#emit(events, instance, 'workflow.started', null);
      for (const step of definition.steps.slice(0, completed)) this.#emit(events, instance, 'workflow.step_completed', step.name);
      return instance;
    });
    await this.options.store.insert(tx, instances);
    if (events.length > 0) await tx.append(events);
    // Runs due later (a transfer's settlement) are found by the poll; waking for them would only poll early.
    if (instances.some((instance) => instance.nextRunAt <= now)) tx.afterCommit(() => this.wake());
    return instances.map((instance) => instance.id);
  }

  get(teamId: string, id: string): Promise<WorkflowInstance | undefined> {
    return this.options.store.get(teamId, id);
  }

  /** Advances every due run until none is left (tests drive settlement with it); answers the steps taken. */
  async runDue(): Promise<number> {
    let steps = 0;
    for (;;) {
      const { advanced } = await this.#pass();
      steps += advanced;
      if (advanced === 0) return steps;
    }
  }

  /** One poll of due runs and their steps; `full` when the poll hit batchSize, so more may be waiting. */
  async #pass(): Promise<{ advanced: number; full: boolean }> {
    const due = await this.options.store.dueRuns(this.options.clock.now(), this.options.batchSize);
    const tasks = this.#plan(due);
    let advanced = 0;
    // Tasks are independent and each locks its runs, so a few go at once: one at a time would
    // cap settlement at one transaction's latency, below the rate transfers arrive.
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < tasks.length) advanced += await tasks[next++]!();
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, tasks.length) }, lane));
    return { advanced, full: due.length >= this.options.batchSize };
  }

  /** A run left unfinished with its next step due now is run at once, not at the next poll. */
  #wakeIfDue(tx: Tx, runs: readonly WorkflowInstance[]): void {
    if (runs.some((run) => (run.status === 'running' || run.status === 'compensating') && run.nextRunAt <= this.options.clock.now())) {
      tx.afterCommit(() => this.wake());
    }
  }

  /** Runs the background loop's pass now rather than at its next poll (it runs only where the scheduler does). */
  wake(): void {
    this.#loop.wake();
  }

  /** One task per batchable (definition, step) group, split so the lanes share it; one per other run. */
  #plan(due: readonly DueRun[]): Array<() => Promise<number>> {
    const now = this.options.clock.now();
    const groups = new Map<string, { definition: string; stepIndex: number; ids: string[] }>();
    const tasks: Array<() => Promise<number>> = [];
    for (const run of due) {
      const step = this.#definitions.get(run.definition)?.steps[run.stepIndex];
      const batchable = run.status === 'running' && step?.runBatch !== undefined && !pastDeadline(run.deadlineAt, now);
      if (!batchable) {
        tasks.push(async () => ((await this.#advance(run.id)) ? 1 : 0));
        continue;
      }
      const key = `${run.definition}\u0000${run.stepIndex}`;
      const group = groups.get(key) ?? { definition: run.definition, stepIndex: run.stepIndex, ids: [] };
      group.ids.push(run.id);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      // A large group is split so several lanes work on it, but never into batches too small to pay.
      const chunks = Math.min(this.options.concurrency, Math.ceil(group.ids.length / MIN_BATCH));
      const size = Math.ceil(group.ids.length / chunks);
      for (let start = 0; start < group.ids.length; start += size) {
        const ids = group.ids.slice(start, start + size);
        tasks.push(() => this.#advanceBatch(ids, group.definition, group.stepIndex));
      }
    }
    return tasks;
  }

  /** Runs one batched step for every run of `ids` still standing at it, in one unit of work. */
  async #advanceBatch(ids: readonly string[], definitionName: string, stepIndex: number): Promise<number> {
    const definition = this.#definition(definitionName);
    const step = definition.steps[stepIndex]!;
    try {
      return await this.options.unitOfWork.run(async (tx) => {
        const now = this.options.clock.now();
        const runs = (await this.options.store.lockDue(tx, ids, now)).filter(
          (run) => run.definition === definitionName && run.status === 'running' && run.stepIndex === stepIndex && !pastDeadline(run.deadlineAt, now),
        );
        if (runs.length === 0) return 0;
        const results = await step.runBatch!(tx, runs.map((run) => ({ state: run.state, meta: this.#meta(run) })));
        if (results.length !== runs.length) throw new Error(`step '${step.name}' answered ${results.length} results for ${runs.length} runs`);
        const events: NewEvent[] = [];
        for (const [index, run] of runs.entries()) {
          const result = results[index];
          if (result instanceof StepFailure) await this.#beginCompensation(tx, run, result.message, events);
          else await this.#completeStep(tx, run, definition, result, events);
          run.nextRunAt = result instanceof AwaitSignal ? PARKED_UNTIL : nextRunAt(definition, run, now);
          run.updatedAt = now;
        }
        if (events.length > 0) await tx.append(events);
        await this.options.store.update(tx, runs);
        this.#wakeIfDue(tx, runs);
        return runs.length;
      });
    } catch (error) {
      // The batch rolled back: run each alone, so a bad run fails (and is retried) by itself.
      this.options.logger.warn('workflow batch failed; advancing its runs one by one', { workflow: definitionName, step: step.name, error: describe(error) });
      let advanced = 0;
      for (const id of ids) if (await this.#advance(id)) advanced += 1;
      return advanced;
    }
  }

  /** Runs one step (or one compensation) of a due run; false when there was nothing to do. */
  async #advance(id: string): Promise<boolean> {
    try {
      return await this.options.unitOfWork.run(async (tx) => {
        const [instance] = await this.options.store.lockDue(tx, [id], this.options.clock.now());
        if (!instance) return false;
        const events: NewEvent[] = [];
        await this.#step(tx, instance, events);
        if (events.length > 0) await tx.append(events);
        this.#wakeIfDue(tx, [instance]);
        return true;
      });
    } catch (error) {
      await this.#recordFailure(id, error);
      return true;
    }
  }

  async #step(tx: Tx, instance: WorkflowInstance, events: NewEvent[]): Promise<void> {
    const definition = this.#definition(instance.definition);
    const now = this.options.clock.now();
    if (instance.status === 'running' && pastDeadline(instance.deadlineAt, now)) {
      await this.#beginCompensation(tx, instance, TIMEOUT_ERROR, events);
    } else if (instance.status === 'running') {
      const next = await runOne(definition.steps[instance.stepIndex]!, tx, instance.state, this.#meta(instance));
      await this.#completeStep(tx, instance, definition, next, events);
      if (next instanceof AwaitSignal) {
        instance.nextRunAt = PARKED_UNTIL;
        await this.#save(tx, instance);
        return;
      }
    } else {
      await this.#compensateOne(tx, instance, events);
    }
    instance.nextRunAt = nextRunAt(definition, instance, now);
    await this.#save(tx, instance);
  }

  async signal(tx: Tx, teamId: string, id: string, patch: Record<string, unknown> = {}): Promise<boolean> {
    // A parked run is due exactly at PARKED_UNTIL: lockDue at that instant takes it (and only unfinished runs).
    const [instance] = await this.options.store.lockDue(tx, [id], PARKED_UNTIL);
    if (!instance || instance.teamId !== teamId || instance.status !== 'running' || instance.nextRunAt.getTime() !== PARKED_UNTIL.getTime()) return false;
    const definition = this.#definition(instance.definition);
    const events: NewEvent[] = [];
    instance.state = { ...instance.state, ...patch };
    let next: unknown;
    try {
      next = await runOne(definition.steps[instance.stepIndex]!, tx, instance.state, this.#meta(instance));
      await this.#completeStep(tx, instance, definition, next, events);
    } catch (error) {
      // Anything but a business failure rolls back the signaller's unit of work: it can be sent again.
      if (!(error instanceof StepFailure)) throw error;
      await this.#beginCompensation(tx, instance, error.message, events);
    }
    // The compensations run here too (each is safe to run again), so a refusal's release commits with the signal.
    while ((instance.status as WorkflowStatus) === 'compensating') await this.#compensateOne(tx, instance, events);
    const now = this.options.clock.now();
    instance.nextRunAt = next instanceof AwaitSignal ? PARKED_UNTIL : nextRunAt(definition, instance, now);
    if (events.length > 0) await tx.append(events);
    await this.#save(tx, instance);
    this.#wakeIfDue(tx, [instance]);
    return true;
  }

  /** Advances past the step, or (AwaitSignal) keeps the run at it with the state the step gave. */
  async #completeStep(tx: Tx, instance: WorkflowInstance, definition: WorkflowDefinition, result: unknown, events: NewEvent[]): Promise<void> {
    if (result instanceof AwaitSignal) {
      if (result.state) instance.state = result.state as Record<string, unknown>;
      instance.attempts = 0;
      return;
    }
    const next = result;
    const step = definition.steps[instance.stepIndex]!;
    if (next) instance.state = next as Record<string, unknown>;
    instance.stepIndex += 1;
    instance.attempts = 0;
    this.#emit(events, instance, 'workflow.step_completed', step.name);
    if (instance.stepIndex >= definition.steps.length) await this.#finish(tx, instance, 'completed', events);
  }

  async #compensateOne(tx: Tx, instance: WorkflowInstance, events: NewEvent[]): Promise<void> {
    const step = this.#definition(instance.definition).steps[instance.stepIndex];
    if (step?.compensate) {
      await step.compensate(tx, instance.state, this.#meta(instance));
      this.#emit(events, instance, 'workflow.compensation_executed', step.name);
    }
    instance.stepIndex -= 1;
    instance.attempts = 0;
    if (instance.stepIndex < 0) await this.#finish(tx, instance, instance.error === TIMEOUT_ERROR ? 'timed_out' : 'failed', events);
  }

  async #beginCompensation(tx: Tx, instance: WorkflowInstance, reason: string, events: NewEvent[]): Promise<void> {
    instance.status = 'compensating';
    instance.error = reason;
    instance.stepIndex -= 1;
    instance.attempts = 0;
    if (instance.stepIndex < 0) await this.#finish(tx, instance, reason === TIMEOUT_ERROR ? 'timed_out' : 'failed', events);
  }

  async #finish(tx: Tx, instance: WorkflowInstance, outcome: WorkflowOutcome, events: NewEvent[]): Promise<void> {
    instance.status = outcome;
    await this.#definition(instance.definition).onFinished?.(tx, instance.state, outcome, this.#meta(instance));
    const type = outcome === 'completed' ? 'workflow.completed' : outcome === 'failed' ? 'workflow.failed' : 'workflow.timeout';
    this.#emit(events, instance, type, null);
  }

  /** The step's transaction rolled back; record the attempt in a fresh one. */
  async #recordFailure(id: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    try {
      await this.options.unitOfWork.run(async (tx) => {
        const [instance] = await this.options.store.lockDue(tx, [id], this.options.clock.now());
        if (!instance) return;
        const definition = this.#definition(instance.definition);
        instance.attempts += 1;
        const permanent = error instanceof StepFailure || instance.attempts >= (definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
        if (!(error instanceof StepFailure)) {
          this.options.logger.warn('workflow step error', { workflow_id: id, attempt: instance.attempts, error: message });
        }
        const events: NewEvent[] = [];
        if (instance.status === 'running' && permanent) {
          await this.#beginCompensation(tx, instance, message, events);
          instance.nextRunAt = this.options.clock.now();
        } else {
          // Compensations are retried until they succeed: giving up would strand reserved funds.
          instance.error = message;
          instance.nextRunAt = new Date(this.options.clock.now().getTime() + backoffMs(instance.attempts));
        }
        if (events.length > 0) await tx.append(events);
        await this.#save(tx, instance);
        this.#wakeIfDue(tx, [instance]);
      });
    } catch (failure) {
      this.options.logger.error('could not record workflow failure', { workflow_id: id, error: failure });
    }
  }

  async #save(tx: Tx, instance: WorkflowInstance): Promise<void> {
    instance.updatedAt = this.options.clock.now();
    await this.options.store.update(tx, [instance]);
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

  #emit(events: NewEvent[], instance: WorkflowInstance, type: string, step: string | null): void {
    if (!instance.emitEvents) return;
    const payload: WorkflowEventPayload = {
      workflow_id: instance.id,
      workflow: instance.definition,
      step,
      status: instance.status,
      error: instance.error,
    };
    events.push({ type, teamId: instance.teamId, aggregateType: 'workflow', aggregateId: instance.id, payload });
  }

  #definition(name: string): WorkflowDefinition {
    const definition = this.#definitions.get(name);
    if (!definition) throw new BootError(`Unknown workflow '${name}': is the plugin that defines it enabled?`);
    return definition;
  }
}

/** A lone run of a step: `run`, or a batch of one whose StepFailure is thrown like run's. */
async function runOne(step: WorkflowStep<unknown>, tx: Tx, state: unknown, meta: WorkflowRunMeta): Promise<unknown> {
  if (step.run) return step.run(tx, state, meta);
  const [result] = await step.runBatch!(tx, [{ state, meta }]);
  if (result instanceof StepFailure) throw result;
  return result;
}

/** A running run waits for its next step's notBefore; anything else (compensation, finished) is due at once. */
function nextRunAt(definition: WorkflowDefinition, instance: WorkflowInstance, now: Date): Date {
  if (instance.status !== 'running') return now;
  const wait = definition.steps[instance.stepIndex]?.notBefore?.(instance.state);
  return wait && wait.getTime() > now.getTime() ? wait : now;
}

function pastDeadline(deadlineAt: Date | null, now: Date): boolean {
  return deadlineAt !== null && now.getTime() >= deadlineAt.getTime();
}

function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 20));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
