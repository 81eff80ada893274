/** A pending timer, as the Timers source that set it knows it. */
export type Timer = unknown;

/**
 * Where the scheduler gets its timers: Node's in a process, a fake clock's
 * in a test (sinon's `createClock()`), so tests move time without sleeping.
 */
export interface Timers {
  set(callback: () => void, delayMs: number): Timer;
  clear(timer: Timer): void;
}

/** Node's timers, unref'd: scheduled work never keeps a process alive. Read at call time, so sinon's fake timers apply. */
export const systemTimers: Timers = {
  set: (callback, delayMs) => setTimeout(callback, delayMs).unref(),
  clear: (timer) => clearTimeout(timer as NodeJS.Timeout),
};
