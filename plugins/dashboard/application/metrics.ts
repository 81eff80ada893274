import { inject, injectable } from 'inversify';
import type { Operation } from '../../../kernel/public.js';
import { DEFAULT_WINDOW_SECONDS, type MetricsView, type WindowInput } from '../operations.js';
import { DashboardReader, round } from './dashboard-reader.js';

/**
 * GET /v1/live-dashboard/metrics: event counts (all time and in the window),
 * this process's processing and error rates over the window, uptime.
 */
@injectable()
export class MetricsOperation implements Operation<WindowInput, MetricsView> {
  constructor(@inject(DashboardReader) private readonly reader: DashboardReader) {}

  async execute(input: WindowInput): Promise<MetricsView> {
    const windowSeconds = input.window_seconds ?? DEFAULT_WINDOW_SECONDS;
    const now = this.reader.clock.now();
    const since = new Date(now.getTime() - windowSeconds * 1000);
    const [all, recent] = await Promise.all([this.reader.countsByDomain(), this.reader.countsByDomain(since)]);
    const stats = this.reader.backbone.stats(windowSeconds);
    const handledInWindow = stats.window.handled;
    const failuresInWindow = stats.window.failed;
    const attempts = handledInWindow + failuresInWindow;
    return {
      generated_at: now.toISOString(),
      window_seconds: windowSeconds,
      uptime_seconds: round(process.uptime(), 1),
      backbone_started_at: stats.startedAt.toISOString(),
      events: {
        total: all.total,
        by_domain: all.byDomain,
        by_type: all.byType,
        in_window: recent.total,
        per_second: round(recent.total / windowSeconds),
      },
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
