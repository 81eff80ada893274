import type { Housekeeping, HousekeepingTask } from '../../ports/housekeeping.js';
import type { Logger } from '../../ports/logger.js';

/**
 * Runs every registered housekeeping task on its own interval while the
 * process runs background work. A round never overlaps the previous one of
 * the same task; a failed round is logged and the next one runs as usual;
 * `stop()` waits for rounds in flight.
 */
export class HousekeepingLoop implements Housekeeping {
  readonly #tasks: HousekeepingTask[] = [];
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #running = new Map<HousekeepingTask, Promise<void>>();
  #started = false;

  constructor(private readonly logger: Logger) {}

  register(task: HousekeepingTask): void {
    this.#tasks.push(task);
    if (this.#started) this.#schedule(task);
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    for (const task of this.#tasks) this.#schedule(task);
  }

  async stop(): Promise<void> {
    this.#started = false;
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await Promise.all(this.#running.values());
  }

  #schedule(task: HousekeepingTask): void {
    const timer = setInterval(() => {
      if (this.#running.has(task)) return;
      const round = task
        .run()
        .then((done) => {
          if (done > 0) this.logger.info('housekeeping round done', { task: task.name, done });
        })
        .catch((error: unknown) => this.logger.error('housekeeping round failed', { task: task.name, error: String(error) }))
        .finally(() => this.#running.delete(task));
      this.#running.set(task, round);
    }, task.intervalMs);
    timer.unref();
    this.#timers.push(timer);
  }
}
