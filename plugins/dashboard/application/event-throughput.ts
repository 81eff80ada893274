import { inject, injectable } from 'inversify';
import type { Operation, RequestContext } from '../../../kernel/public.js';
import { DEFAULT_WINDOW_SECONDS, type EventThroughputView, type WindowInput } from '../operations.js';
import { DashboardReader, round } from './dashboard-reader.js';
import { viewerOf } from './dashboard-scope.js';
import { percentile } from './domains.js';

/**
 * GET /v1/live-dashboard/event-throughput: events per second per domain and
 * in total over the window (from the event store), and event-to-consumer
 * latency p50/p99 per domain (from this process's consumers). A team view
 * counts the team's events and the latency samples of the team's events.
 */
@injectable()
export class EventThroughputOperation implements Operation<WindowInput, EventThroughputView> {
  constructor(@inject(DashboardReader) private readonly reader: DashboardReader) {}

  async execute(input: WindowInput, ctx: RequestContext): Promise<EventThroughputView> {
    const viewer = viewerOf(ctx);
    const windowSeconds = input.window_seconds ?? DEFAULT_WINDOW_SECONDS;
    const now = this.reader.clock.now();
    const from = now.getTime() - windowSeconds * 1000;
    const recent = await this.reader.countsByDomain(viewer, new Date(from));
    const latencies = new Map<string, number[]>();
    const all: number[] = [];
    for (const group of this.reader.backbone.stats().groups) {
      for (const sample of group.latencies) {
        if (sample.at < from || (viewer.teamId !== undefined && sample.teamId !== viewer.teamId)) continue;
        const domain = this.reader.domainOf(sample.type);
        if (!latencies.has(domain)) latencies.set(domain, []);
        latencies.get(domain)!.push(sample.ms);
        all.push(sample.ms);
      }
    }
    const domains = [...new Set([...Object.keys(recent.byDomain), ...latencies.keys()])].sort();
    const latency = (samples: number[] = []) => {
      const sorted = [...samples].sort((a, b) => a - b);
      return { samples: sorted.length, p50_ms: percentile(sorted, 50), p99_ms: percentile(sorted, 99) };
    };
    return {
      scope: viewer.scope,
      generated_at: now.toISOString(),
      window_seconds: windowSeconds,
      total: { events: recent.total, events_per_second: round(recent.total / windowSeconds), latency: latency(all) },
      domains: domains.map((domain) => ({
        domain,
        events: recent.byDomain[domain] ?? 0,
        events_per_second: round((recent.byDomain[domain] ?? 0) / windowSeconds),
        latency: latency(latencies.get(domain)),
      })),
    };
  }
}
