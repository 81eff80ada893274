import { inject, injectable } from 'inversify';
import type { Operation } from '../../../kernel/public.js';
import type { ProjectorLagView } from '../operations.js';
import { DashboardReader } from './dashboard-reader.js';

/**
 * GET /v1/live-dashboard/projector-lag: for each consumer group (read-model
 * projector, webhook fan-out …) how far behind the head it is, in events,
 * positions and seconds since the oldest event it has not handled.
 */
@injectable()
export class ProjectorLagOperation implements Operation<Record<string, never>, ProjectorLagView> {
  constructor(@inject(DashboardReader) private readonly reader: DashboardReader) {}

  async execute(): Promise<ProjectorLagView> {
    const { head, projectors } = await this.reader.projectors();
    const states = projectors.map((p) => p.state);
    return {
      generated_at: this.reader.clock.now().toISOString(),
      head_position: head.toString(),
      max_lag_events: states.reduce((max, p) => Math.max(max, p.pending_events), 0),
      projectors: states,
    };
  }
}
