import { inject, injectable } from 'inversify';
import type { Operation, RequestContext } from '../../../kernel/public.js';
import { DEFAULT_WINDOW_SECONDS, type DomainHealthView, type WindowInput } from '../operations.js';
import { DashboardReader, type ProjectorView } from './dashboard-reader.js';
import { viewerOf } from './dashboard-scope.js';

/**
 * GET /v1/live-dashboard/domain-health: per event-sourced domain, whether its
 * store answers, how the projectors stand on its events, and its recent
 * errors. Projector status and parked events come from the shared store
 * (the same in every process); recent_errors are this process's consumer
 * failures in the window. A team view: the team's events, pending and
 * parked events; recent_errors (this process's failures, not counted per
 * team) are null there.
 */
@injectable()
export class DomainHealthOperation implements Operation<WindowInput, DomainHealthView> {
  constructor(@inject(DashboardReader) private readonly reader: DashboardReader) {}

  async execute(input: WindowInput, ctx: RequestContext): Promise<DomainHealthView> {
    const viewer = viewerOf(ctx);
    const windowSeconds = input.window_seconds ?? DEFAULT_WINDOW_SECONDS;
    const now = this.reader.clock.now();
    const [store, counts, { projectors }, parked] = await Promise.all([
      this.reader.storeHealth(),
      this.reader.countsByDomain(viewer),
      this.reader.projectors(viewer),
      this.reader.parkedEvents(viewer, 1_000),
    ]);
    const { failedByType } = this.reader.backbone.stats(windowSeconds).window;
    const declared = this.reader.registry.list().map(({ type }) => type.group);
    const domains = [...new Set([...declared, ...Object.keys(counts.byDomain)])].sort();
    return {
      scope: viewer.scope,
      generated_at: now.toISOString(),
      window_seconds: windowSeconds,
      store,
      domains: domains.map((domain) => {
        const inDomain = (type: string) => this.reader.domainOf(type) === domain;
        const recentErrors = viewer.scope === 'team' ? null : Object.entries(failedByType).reduce((sum, [type, n]) => sum + (inDomain(type) ? n : 0), 0);
        const parkedHere = parked.filter((p) => inDomain(p.type)).length;
        return {
          domain,
          status: !store.connected ? 'down' : (recentErrors ?? 0) > 0 || parkedHere > 0 ? 'degraded' : 'healthy',
          store_connected: store.connected,
          events_total: counts.byDomain[domain] ?? 0,
          projector_status: projectorStatus(projectors, inDomain),
          recent_errors: recentErrors,
          parked_events: parkedHere,
        };
      }),
      projectors: projectors.map(({ state }) => ({ group: state.group, status: state.status, pending_events: state.pending_events })),
    };
  }
}

/**
 * A domain's projector status: `degraded` when a group is retrying one of its
 * events, `stopped` when a group has its events pending and no loop runs
 * here to handle them, else `ok`.
 */
function projectorStatus(projectors: readonly ProjectorView[], inDomain: (type: string) => boolean): 'ok' | 'degraded' | 'stopped' {
  if (projectors.some((p) => p.state.status === 'failing' && p.nextType !== null && inDomain(p.nextType))) return 'degraded';
  if (projectors.some((p) => p.state.status === 'stopped' && p.pendingTypes.some(inDomain))) return 'stopped';
  return 'ok';
}
