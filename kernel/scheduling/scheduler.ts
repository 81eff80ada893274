import type { Clock } from '../../ports/clock.js';
import type { Logger } from '../../ports/logger.js';
import type { PeriodicTask, ScheduledTask, Scheduler, WakeableLoop } from '../../ports/scheduler.js';
import { DueJob, type Job, type JobContext, LoopJob, PeriodicJob } from './jobs.js';
import { systemTimers, type Timers } from './timers.js';

export interface KernelSchedulerOptions {
  readonly clock: Clock;
  readonly logger: Logger;
  /** Default: Node's timers, unref'd. */
  readonly timers?: Timers;
}

/**
 * The Scheduler port's implementation: tasks registered before start() wait
 * for it; tasks registered after it (a plugin's start hook in a serving
 * process) begin at once. The kernel starts it only with background work.
 */
export class KernelScheduler implements Scheduler {
  readonly #jobs = new Set<Job>();
  readonly #context: JobContext;
  #started = false;

  constructor(options: KernelSchedulerOptions) {
    this.#context = { clock: options.clock, logger: options.logger, timers: options.timers ?? systemTimers };
  }

  every(task: PeriodicTask): void {
    this.#add(new PeriodicJob(positiveInterval(task), this.#context));
  }

  at(due: Date, task: ScheduledTask): void {
    this.#add(new DueJob(task, due.getTime(), this.#context, (job) => this.#jobs.delete(job)));
  }

  loop(task: PeriodicTask): WakeableLoop {
    const job = new LoopJob(positiveInterval(task), this.#context);
    this.#add(job);
    return job;
  }

  get started(): boolean {
    return this.#started;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    for (const job of this.#jobs) job.start();
  }

  /**
   * Without background work (tests, the CLI): one pass of every periodic
   * task, and of every due-time task whose time has come, in the order they
   * were registered; what they did in total. Loops are left out: their work
   * has its own direct entry (the workflow runner's runDue).
   */
  async runOnce(): Promise<number> {
    if (this.#started) throw new Error('runOnce drives a scheduler that is not started');
    let done = 0;
    for (const job of [...this.#jobs]) done += await job.runOnce();
    return done;
  }

  /** Stops every task; resolves when their passes in flight have ended (with `abandon`, at once). */
  async stop(options: { abandon?: boolean } = {}): Promise<void> {
    this.#started = false;
    await Promise.all([...this.#jobs].map((job) => job.stop(options.abandon)));
  }

  #add(job: Job): void {
    this.#jobs.add(job);
    if (this.#started) job.start();
  }
}

/** An interval of 0 would run a task back to back for ever. */
function positiveInterval<T extends PeriodicTask>(task: T): T {
  if (!(task.intervalMs > 0)) throw new RangeError(`scheduled task '${task.name}': intervalMs must be more than 0, not ${task.intervalMs}`);
  return task;
}
