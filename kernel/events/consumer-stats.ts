import type { BackboneStats, GroupStats } from '../../ports/event-consumers.js';
import { PerSecondCounters } from './per-second-counters.js';

/** Latency samples kept per group: enough for a p99, never used for rates (they would saturate). */
const MAX_SAMPLES = 2_000;

interface MutableGroup {
  handled: number;
  failures: number;
  parked: number;
  latencies: Array<{ type: string; teamId: string; ms: number; at: number }>;
  lastError: string | null;
  lastRunAt: Date | null;
}

/**
 * What this process has seen of its consumers: totals, per-second counts of
 * handled and failed events (for rates), and event-to-handled latency
 * samples (for percentiles). Times come from the clock port, the same clock
 * that stamps events' occurred_at, so latencies are consistent in tests too.
 */
export class ConsumerStats {
  readonly #groups = new Map<string, MutableGroup>();
  readonly #counters = new PerSecondCounters();

  constructor(
    private readonly startedAt: Date,
    private readonly now: () => number,
  ) {}

  group(name: string): MutableGroup {
    let group = this.#groups.get(name);
    if (!group) {
      group = { handled: 0, failures: 0, parked: 0, latencies: [], lastError: null, lastRunAt: null };
      this.#groups.set(name, group);
    }
    return group;
  }

  handled(name: string, count: number, events: ReadonlyArray<{ type: string; teamId: string; occurredAt: Date }>): void {
    const group = this.group(name);
    const now = this.now();
    group.handled += count;
    group.lastRunAt = new Date(now);
    this.#counters.handled(now, count);
    for (const event of events) group.latencies.push({ type: event.type, teamId: event.teamId, ms: Math.max(0, now - event.occurredAt.getTime()), at: now });
    if (group.latencies.length > MAX_SAMPLES) group.latencies.splice(0, group.latencies.length - MAX_SAMPLES);
  }

  failed(name: string, error: string, type = 'unknown'): void {
    const group = this.group(name);
    group.failures += 1;
    group.lastError = error;
    this.#counters.failed(this.now(), type);
  }

  parked(name: string): void {
    this.group(name).parked += 1;
  }

  snapshot(running: boolean, windowSeconds: number): BackboneStats {
    const groups: GroupStats[] = [...this.#groups].map(([group, g]) => ({
      group,
      handled: g.handled,
      failures: g.failures,
      parked: g.parked,
      latencies: [...g.latencies],
      lastError: g.lastError,
      lastRunAt: g.lastRunAt,
    }));
    return { startedAt: this.startedAt, running, groups, window: this.#counters.window(this.now(), windowSeconds) };
  }
}
