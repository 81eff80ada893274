import { writeFileSync } from 'node:fs';
import type { ServicePool } from '../service-pool.js';

/**
 * Jumps the service processes' clock forward (faults/clock-offset.ts):
 * the offset file grows by `ms` and every live process is told to read it.
 * Forward only, like the chains' blocks; the total is kept so a process
 * that starts later (after a kill -9) starts at the jumped time.
 */
export class ClockJump {
  #offset = 0;
  jumps = 0;

  constructor(readonly file: string) {
    writeFileSync(file, '0');
  }

  jump(pool: ServicePool, ms: number): void {
    this.#offset += ms;
    this.jumps += 1;
    writeFileSync(this.file, String(this.#offset));
    pool.signal('SIGUSR2');
  }

  get offsetMs(): number {
    return this.#offset;
  }
}
