import { token } from '../kernel/contract/token.js';

/** One unit of background work. */
export interface ScheduledTask {
  /** Names the task in logs and errors ('gcu.tick', 'webhooks.prune-deliveries'). */
  readonly name: string;
  /** One pass; returns how much it did (0 when it found nothing). Must be safe to run in several processes at once. */
  run(): Promise<number>;
}

/** A task run at start and then every `intervalMs` of Clock time. */
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
 * waits for passes in flight. Time is the Clock port's, so tests drive it.
 */
export interface Scheduler {
  /** Runs `task` at start, then every `task.intervalMs`. */
  every(task: PeriodicTask): void;
  /** Runs `task` once when the Clock reaches `due` (at the next pass if it already has). */
  at(due: Date, task: ScheduledTask): void;
  /** A poll loop: at start, at once when woken or after a pass that did something, else every `task.intervalMs`. */
  loop(task: PeriodicTask): WakeableLoop;
}
export const Scheduler = token<Scheduler>('kernel.scheduler');
