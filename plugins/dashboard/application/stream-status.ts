import { inject, injectable } from 'inversify';
import type { Operation, RequestContext } from '../../../kernel/public.js';
import type { StreamStatusView } from '../operations.js';
import { DashboardReader, round } from './dashboard-reader.js';
import { viewerOf } from './dashboard-scope.js';

const MB = 1024 * 1024;

/**
 * GET /v1/live-dashboard/stream-status: how this process follows the stream
 * (wake-ups by LISTEN/NOTIFY or in-process, loop running), every consumer
 * group with its pending count, recently parked events, the webhook
 * delivery backlog, and memory use. A team view: the team's pending and
 * parked events and deliveries; no memory figures.
 */
@injectable()
export class StreamStatusOperation implements Operation<Record<string, never>, StreamStatusView> {
  constructor(@inject(DashboardReader) private readonly reader: DashboardReader) {}

  async execute(_input: Record<string, never>, ctx: RequestContext): Promise<StreamStatusView> {
    const viewer = viewerOf(ctx);
    const [store, { head, projectors: views }, parked, deliveries] = await Promise.all([
      this.reader.storeHealth(),
      this.reader.projectors(viewer),
      this.reader.parkedEvents(viewer, 20),
      this.reader.webhookDeliveries(viewer),
    ]);
    const projectors = views.map((view) => view.state);
    const memory = process.memoryUsage();
    const stats = this.reader.backbone.stats();
    return {
      scope: viewer.scope,
      generated_at: this.reader.clock.now().toISOString(),
      connectivity: {
        store_connected: store.connected,
        store_latency_ms: store.latency_ms,
        wake_mode: this.reader.consumers.wakeMode(),
        consumer_loop_running: stats.running,
      },
      head_position: head.toString(),
      consumer_groups: projectors.map((p) => ({
        group: p.group,
        checkpoint_position: p.checkpoint_position,
        pending_events: p.pending_events,
        parked_events: p.parked_total,
        failing_attempts: p.failing_attempts,
        last_error: p.last_error,
        retry_at: p.retry_at,
        status: p.status,
      })),
      pending_total: projectors.reduce((sum, p) => sum + p.pending_events, 0),
      parked_recent: parked.map((p) => ({
        group: p.group,
        position: p.position.toString(),
        event_id: p.eventId,
        type: p.type,
        error: p.error,
        attempts: p.attempts,
        parked_at: p.parkedAt.toISOString(),
      })),
      webhook_deliveries: deliveries,
      memory:
        viewer.scope === 'team'
          ? null
          : {
              rss_mb: round(memory.rss / MB, 1),
              heap_used_mb: round(memory.heapUsed / MB, 1),
              heap_total_mb: round(memory.heapTotal / MB, 1),
              external_mb: round(memory.external / MB, 1),
            },
    };
  }
}
