/**
 * Waits `ms` of real time. For backoff between polls of the store (what the
 * Clock port says does not move while a test waits for another connection's
 * commit), never for correctness: the caller re-checks what it waits for.
 */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
