import { inject, injectable } from 'inversify';
import type { Operation, RequestContext } from '../../../kernel/public.js';
import type { ProjectorLagView } from '../operations.js';
import { DashboardReader } from './dashboard-reader.js';
import { viewerOf } from './dashboard-scope.js';

/**
 * GET /v1/live-dashboard/projector-lag: for each consumer group (read-model
 * projector, webhook fan-out …) how far behind the head it is, in events,
 * positions and seconds since the oldest event it has not handled, and the
 * webhook delivery backlog. A team view counts only the team's events and
 * deliveries (dashboard-reader.ts #teamProjector).
 */
@injectable()
export class ProjectorLagOperation implements Operation<Record<string, never>, ProjectorLagView> {
  constructor(@inject(DashboardReader) private readonly reader: DashboardReader) {}

  async execute(_input: Record<string, never>, ctx: RequestContext): Promise<ProjectorLagView> {
    const viewer = viewerOf(ctx);
    const [{ head, projectors }, deliveries] = await Promise.all([this.reader.projectors(viewer), this.reader.webhookDeliveries(viewer)]);
    const states = projectors.map((p) => p.state);
    return {
      scope: viewer.scope,
      generated_at: this.reader.clock.now().toISOString(),
      head_position: head.toString(),
      max_lag_events: states.reduce((max, p) => Math.max(max, p.pending_events), 0),
      projectors: states,
      webhook_deliveries: deliveries,
    };
  }
}
