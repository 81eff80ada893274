import type { WindowCounts } from '../../ports/event-consumers.js';

/** The longest window the dashboard asks for, in seconds. */
export const MAX_WINDOW_SECONDS = 3_600;

interface Slot {
  second: number;
  handled: number;
  failed: number;
  failedByType: Map<string, number>;
}

/**
 * Handled and failed events per clock second over the last hour, in a ring
 * of one slot per second: a window's totals are exact at any rate (samples
 * would saturate), and memory stays fixed. Seconds come from the caller's
 * clock (the Clock port), so a test that moves the clock moves the window.
 */
export class PerSecondCounters {
  readonly #slots: Array<Slot | undefined> = new Array(MAX_WINDOW_SECONDS);

  handled(nowMs: number, count: number): void {
    this.#slot(nowMs).handled += count;
  }

  failed(nowMs: number, type: string): void {
    const slot = this.#slot(nowMs);
    slot.failed += 1;
    slot.failedByType.set(type, (slot.failedByType.get(type) ?? 0) + 1);
  }

  /** Totals of the `seconds` clock seconds up to and including the current one. */
  window(nowMs: number, seconds: number): WindowCounts {
    const span = Math.max(1, Math.min(MAX_WINDOW_SECONDS, Math.floor(seconds)));
    const last = secondOf(nowMs);
    const first = last - span + 1;
    let handled = 0;
    let failed = 0;
    const failedByType: Record<string, number> = {};
    for (const slot of this.#slots) {
      if (!slot || slot.second < first || slot.second > last) continue;
      handled += slot.handled;
      failed += slot.failed;
      for (const [type, count] of slot.failedByType) failedByType[type] = (failedByType[type] ?? 0) + count;
    }
    return { seconds: span, handled, failed, failedByType };
  }

  #slot(nowMs: number): Slot {
    const second = secondOf(nowMs);
    const index = ((second % MAX_WINDOW_SECONDS) + MAX_WINDOW_SECONDS) % MAX_WINDOW_SECONDS;
    let slot = this.#slots[index];
    // A slot last used an hour (or more) ago starts over.
    if (!slot || slot.second !== second) {
      slot = { second, handled: 0, failed: 0, failedByType: new Map() };
      this.#slots[index] = slot;
    }
    return slot;
  }
}

function secondOf(ms: number): number {
  return Math.floor(ms / 1000);
}
