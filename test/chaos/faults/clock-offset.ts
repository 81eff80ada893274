import { readFileSync } from 'node:fs';

/**
 * Preloaded into the chaos run's service processes (`node --import`) when
 * CHAOS_CLOCK_FILE is set: the wall clock the process reads (`Date.now()`,
 * `new Date()`, so the kernel's SystemClock and with it the simulated
 * chains' block clock) is the real one plus the offset in milliseconds
 * written in that file, read at start and again on SIGUSR2. The
 * clock-jump fault (faults/clock-jump.ts) writes a larger offset and
 * signals every process: the chains' head jumps forward, receipts
 * confirm and finalise at once, and bridge steps become due early.
 * Timers (monotonic) are untouched, as in a real NTP step.
 */
const file = process.env.CHAOS_CLOCK_FILE;
if (file) {
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, 'utf8')) || 0;
    } catch {
      // No file yet: no offset.
    }
  };
  read();
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(realNow() + offset);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return realNow() + offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
  process.on('SIGUSR2', read);
}
