/**
 * When the next attempt happens after a failed one. Attempt 1 is immediate;
 * after failed attempt n the delay is delays[n-1] ± jitter; past the end of
 * the list the delivery has failed for good. `unit` is a uniform draw in
 * [0, 1) from the Random port, so tests replay the same jitter.
 */
export function nextRetryDelayMs(failedAttempt: number, delays: readonly number[], jitter: number, unit: number): number | undefined {
  const base = delays[failedAttempt - 1];
  if (base === undefined) return undefined;
  const spread = base * jitter * (unit * 2 - 1);
  return Math.max(0, Math.round(base + spread));
}

/** Total attempts the schedule allows. */
export function maxAttempts(delays: readonly number[]): number {
  return delays.length + 1;
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfterMs(header: string | undefined, now: Date): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}
