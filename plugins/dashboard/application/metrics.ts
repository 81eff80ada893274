import { inject, injectable } from 'inversify';
import type { Operation, RequestContext } from '../../../kernel/public.js';
import { DEFAULT_WINDOW_SECONDS, type MetricsView, type WindowInput } from '../operations.js';
import { DashboardReader, round } from './dashboard-reader.js';
import { viewerOf } from './dashboard-scope.js';

/**
 * GET /v1/live-dashboard/metrics: event counts (all time and in the window),
 * this process's processing and error rates over the window, uptime. A team
 * view counts the team's events and parked events; the processing and
 * failure counters carry no team, so they are null there.
 */
@injectable()
export class MetricsOperation implements Operation<WindowInput, MetricsView> {
  constructor(@inject(DashboardReader) private readonly reader: DashboardReader) {}

  async execute(input: WindowInput, ctx: RequestContext): Promise<MetricsView> {
    const viewer = viewerOf(ctx);
    const windowSeconds = input.window_seconds ?? DEFAULT_WINDOW_SECONDS;
    const now = this.reader.clock.now();
    const since = new Date(now.getTime() - windowSeconds * 1000);
    const [all, recent, teamParked] = await Promise.all([
      this.reader.countsByDomain(viewer, undefined),
      this.reader.countsByDomain(viewer, since),
      viewer.teamId === undefined ? [] : this.reader.consumers.parkedCounts(viewer.teamId),
    ]);
    const stats = this.reader.backbone.stats(windowSeconds);
    const handledInWindow = stats.window.handled;
    const failuresInWindow = stats.window.failed;
    const attempts = handledInWindow + failuresInWindow;
    const events = {
      total: all.total,
      by_domain: all.byDomain,
      by_type: all.byType,
      in_window: recent.total,
      per_second: round(recent.total / windowSeconds),
    };
    const common = {
      generated_at: now.toISOString(),
      window_seconds: windowSeconds,
      uptime_seconds: round(process.uptime(), 1),
      backbone_started_at: stats.startedAt.toISOString(),
      events,
    };
    if (viewer.scope === 'team') {
      return {
        scope: 'team',
        ...common,
        processing: { handled_total: null, handled_in_window: null, per_second: null },
        errors: {
          failures_total: null,
          failures_in_window: null,
          parked_total: teamParked.reduce((sum, { count }) => sum + count, 0),
          error_rate: null,
        },
      };
    }
    return {
      scope: 'service',
      ...common,
      processing: {
        handled_total: stats.groups.reduce((sum, g) => sum + g.handled, 0),
        handled_in_window: handledInWindow,
        per_second: round(handledInWindow / windowSeconds),
      },
      errors: {
        failures_total: stats.groups.reduce((sum, g) => sum + g.failures, 0),
        failures_in_window: failuresInWindow,
        parked_total: stats.groups.reduce((sum, g) => sum + g.parked, 0),
        error_rate: attempts === 0 ? 0 : round(failuresInWindow / attempts, 4),
      },
    };
  }
}
