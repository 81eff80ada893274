import type { Logger } from '../../ports/logger.js';

/**
 * One background loop: runs `pass` at once when woken, again at once while
 * it finds work, else after `pollMs`. A wake during a pass is remembered,
 * never lost, and never starts a second pass alongside.
 */
export class LoopLane {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #rerun = false;
  #active = false;

  constructor(
    private readonly name: string,
    private readonly pass: () => Promise<number>,
    private readonly pollMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.#active = true;
    this.#schedule(0);
  }

  /** Stops scheduling; resolves when a pass in flight has ended (unless abandoned). */
  async stop(abandon = false): Promise<void> {
    this.#active = false;
    clearTimeout(this.#timer);
    if (!abandon) await this.#running;
  }

  wake(): void {
    if (!this.#active) return;
    // During a pass, a timer set now would be replaced by the one the pass sets when it ends.
    if (this.#running) this.#rerun = true;
    else this.#schedule(0);
  }

  #schedule(delayMs: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#tick(), delayMs);
    this.#timer.unref();
  }

  #tick(): void {
    if (this.#running) {
      this.#rerun = true;
      return;
    }
    this.#running = this.pass()
      .then((done) => {
        if (done > 0) this.#rerun = true;
      })
      .catch((error: unknown) => this.logger.error(`${this.name} pass failed`, { error: String(error) }))
      .finally(() => {
        this.#running = undefined;
        if (!this.#active) return;
        const again = this.#rerun;
        this.#rerun = false;
        this.#schedule(again ? 0 : this.pollMs);
      });
  }
}
