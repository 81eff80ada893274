import { token } from '../kernel/contract/token.js';

/** One unit of background work. */
export interface ScheduledTask {
  /** Names the task in logs and errors ('gcu.tick', 'webhooks.prune-deliveries'). */
  readonly name: string;
  /** One pass; returns how much it did (0 when it found nothing). Must be safe to run in several processes at once. */
  run(): Promise<number>;
}

/** A task run at start and then every `intervalMs` (more than 0); as a loop, its poll interval. */
export interface PeriodicTask extends ScheduledTask {
  readonly intervalMs: number;
}

/** A poll loop that can be woken: after a pass that did something it runs again at once. */
export interface WakeableLoop {
  wake(): void;
}

/**
 * The kernel's scheduler: every periodic, due-time and polling job of the
 * kernel and of plugins runs here, never on a plugin's own timer. It runs
 * only in a process started with background work; each task's first pass
 * happens at start, a pass never overlaps the previous pass of the same
 * task, a failed pass is logged and the next one runs as usual, and stop()
 * waits for passes in flight. Due times are the Clock port's, so tests drive
 * them; timers only say when to look again.
 */
export interface Scheduler {
  /** Runs `task` at start, then `task.intervalMs` of Clock time after each pass began (at once after one that overran). */
  every(task: PeriodicTask): void;
  /** Runs `task` once when the Clock reaches `due` (at start, or at once, if it already has); a failed pass is logged, not retried. */
  at(due: Date, task: ScheduledTask): void;
  /**
   * A poll loop: at start, at once when woken or after a pass that did
   * something, else `task.intervalMs` of timer time after the last pass (a
   * backoff between polls: the Clock may stand still in a test while another
   * process commits). A wake during a pass runs one more pass after it.
   */
  loop(task: PeriodicTask): WakeableLoop;
}
export const Scheduler = token<Scheduler>('kernel.scheduler');
