import { inject, injectable } from 'inversify';
import type { Operation } from '../../../kernel/contract/route.js';
import { DEFAULT_WINDOW_SECONDS, type WindowInput } from '../operations.js';
import { DashboardReader } from './dashboard-reader.js';

/**
 * GET /v1/live-dashboard/domain-health: per event-sourced domain, whether its
 * store answers, how its projectors stand, and its recent errors (consumer
 * failures on its events in the window, events of it parked).
 */
@injectable()
export class DomainHealthOperation implements Operation<WindowInput, Record<string, unknown>> {
  constructor(@inject(DashboardReader) private readonly reader: DashboardReader) {}

  async execute(input: WindowInput): Promise<Record<string, unknown>> {
    const windowSeconds = input.window_seconds ?? DEFAULT_WINDOW_SECONDS;
    const now = this.reader.clock.now();
    const from = now.getTime() - windowSeconds * 1000;
    const [store, counts, { projectors }, parked] = await Promise.all([
      this.reader.storeHealth(),
      this.reader.countsByDomain(),
      this.reader.projectors(),
      this.reader.consumers.parkedEvents(1_000),
    ]);
    const failures = this.reader.backbone.stats().recentFailures.filter((f) => f.at >= from);
    const declared = this.reader.registry.list().map(({ type }) => type.group);
    const domains = [...new Set([...declared, ...Object.keys(counts.byDomain)])].sort();
    const projectorStatus = projectors.some((p) => p.status === 'failing')
      ? 'degraded'
      : projectors.some((p) => p.status === 'stopped')
        ? 'stopped'
        : 'ok';
    return {
      generated_at: now.toISOString(),
      window_seconds: windowSeconds,
      store,
      domains: domains.map((domain) => {
        const recentErrors = failures.filter((f) => this.reader.domainOf(f.type) === domain).length;
        const parkedHere = parked.filter((p) => this.reader.domainOf(p.type) === domain).length;
        return {
          domain,
          status: !store.connected ? 'down' : recentErrors > 0 || parkedHere > 0 ? 'degraded' : 'healthy',
          store_connected: store.connected,
          events_total: counts.byDomain[domain] ?? 0,
          projector_status: projectorStatus,
          recent_errors: recentErrors,
          parked_events: parkedHere,
        };
      }),
      projectors: projectors.map((p) => ({ group: p.group, status: p.status, pending_events: p.pending_events })),
    };
  }
}
