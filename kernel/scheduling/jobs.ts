import type { Clock } from '../../ports/clock.js';
import type { Logger } from '../../ports/logger.js';
import type { PeriodicTask, ScheduledTask, WakeableLoop } from '../../ports/scheduler.js';
import type { Timer, Timers } from './timers.js';

export interface JobContext {
  readonly clock: Clock;
  readonly timers: Timers;
  readonly logger: Logger;
}

/** setTimeout's longest delay; a due time further off is simply re-checked then. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * One task under the scheduler: at most one pass at a time, a failed pass
 * logged, at most one timer pending. Subclasses say when a pass comes.
 */
export abstract class Job {
  #timer: Timer | undefined;
  /** The pending timer fires at once (armed with no delay). */
  #immediate = false;
  #running: Promise<void> | undefined;
  #active = false;
  // Bound once: the event and workflow loops run hundreds of passes a second, and closures per pass would add up.
  readonly #fire = (): void => {
    this.#timer = undefined;
    this.#immediate = false;
    this.tick();
  };
  readonly #done = (done: number): void => this.passed(done);
  readonly #failed = (error: unknown): void => this.context.logger.error('scheduled task failed', { task: this.task.name, error });
  readonly #settled = (): void => {
    this.#running = undefined;
    if (this.#active) this.next();
  };

  constructor(
    readonly task: ScheduledTask,
    protected readonly context: JobContext,
  ) {}

  /** The first pass comes at once (or at the due time). */
  start(): void {
    if (this.#active) return;
    this.#active = true;
    this.tick();
  }

  /** No pass starts after this; resolves when the pass in flight has ended (unless abandoned: a crash, as far as the store can tell). */
  async stop(abandon = false): Promise<void> {
    this.#active = false;
    this.context.timers.clear(this.#timer);
    this.#timer = undefined;
    this.#immediate = false;
    if (!abandon) await this.#running;
  }

  protected get active(): boolean {
    return this.#active;
  }

  protected get running(): boolean {
    return this.#running !== undefined;
  }

  /** Replaces the pending timer, if any. */
  protected arm(delayMs: number): void {
    this.context.timers.clear(this.#timer);
    this.#timer = this.context.timers.set(this.#fire, Math.min(delayMs, MAX_DELAY_MS));
    this.#immediate = delayMs <= 0;
  }

  /** A timer armed with no delay has not fired yet. */
  protected get firingNow(): boolean {
    return this.#immediate;
  }

  protected runPass(): void {
    let pass: Promise<number>;
    try {
      pass = this.task.run();
    } catch (error) {
      pass = Promise.reject(error);
    }
    this.#running = pass.then(this.#done, this.#failed).then(this.#settled);
  }

  /**
   * One pass now, where the scheduler is not started (tests, the CLI): what
   * the pass did. A task that is not due does nothing.
   */
  abstract runOnce(): Promise<number>;

  /** Started, or the timer fired. */
  protected abstract tick(): void;

  /** A pass ended and the job is still active. */
  protected abstract next(): void;

  protected passed(done: number): void {
    if (done > 0) this.context.logger.info('scheduled task done', { task: this.task.name, done });
  }

  /** Clock time until `dueMs`, or undefined when it has come. */
  protected untilDue(dueMs: number): number | undefined {
    const now = this.context.clock.now().getTime();
    return now < dueMs ? dueMs - now : undefined;
  }
}

/** `every`: a pass at start, then one each `intervalMs` of Clock time after the previous one began (at once if it overran). */
export class PeriodicJob extends Job {
  #dueMs = Number.NEGATIVE_INFINITY;

  constructor(
    override readonly task: PeriodicTask,
    context: JobContext,
  ) {
    super(task, context);
  }

  protected tick(): void {
    if (this.running) return;
    // Timers run on real time and the Clock may not (a test's manual clock): the timer only says when to look again.
    const wait = this.untilDue(this.#dueMs);
    if (wait !== undefined) return this.arm(wait);
    this.#dueMs = this.context.clock.now().getTime() + this.task.intervalMs;
    this.runPass();
  }

  protected next(): void {
    this.tick();
  }

  runOnce(): Promise<number> {
    return this.task.run();
  }
}

/** `at`: one pass once the Clock reaches `dueMs`; then the job is done. */
export class DueJob extends Job {
  constructor(
    task: ScheduledTask,
    private readonly dueMs: number,
    context: JobContext,
    private readonly finished: (job: DueJob) => void,
  ) {
    super(task, context);
  }

  protected tick(): void {
    if (this.running) return;
    const wait = this.untilDue(this.dueMs);
    if (wait !== undefined) this.arm(wait);
    else this.runPass();
  }

  protected next(): void {
    this.finished(this);
  }

  async runOnce(): Promise<number> {
    if (this.untilDue(this.dueMs) !== undefined) return 0;
    this.finished(this);
    return this.task.run();
  }
}

/**
 * `loop`: a pass at start, at once when woken, again at once after a pass
 * that did something, else after `intervalMs` of timer time (a backoff
 * between polls, not Clock time: a test's clock stands still while another
 * process commits). A wake during a pass is remembered, never lost, and
 * never starts a second pass alongside.
 */
export class LoopJob extends Job implements WakeableLoop {
  #rerun = false;

  constructor(
    override readonly task: PeriodicTask,
    context: JobContext,
  ) {
    super(task, context);
  }

  wake(): void {
    if (!this.active) return;
    // During a pass, a timer set now would be replaced by the one the pass sets when it ends.
    if (this.running) this.#rerun = true;
    // Every commit wakes the event loops: one pending timer at no delay serves them all (no clear and set per commit).
    else if (!this.firingNow) this.arm(0);
  }

  protected tick(): void {
    if (this.running) {
      this.#rerun = true;
      return;
    }
    this.runPass();
  }

  protected override passed(done: number): void {
    if (done > 0) this.#rerun = true;
  }

  /** A loop polls for work that other tasks also reach directly (the workflow runner's runDue), so a single pass adds nothing. */
  async runOnce(): Promise<number> {
    return 0;
  }

  protected next(): void {
    const again = this.#rerun;
    this.#rerun = false;
    this.arm(again ? 0 : this.task.intervalMs);
  }
}
