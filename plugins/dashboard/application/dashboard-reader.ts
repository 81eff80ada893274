import { inject, injectable, optional } from 'inversify';
import {
  Clock,
  ConsumerStore,
  EventBackbone,
  EventRegistry,
  EventStore,
  UnitOfWork,
  WebhookDeliveryStats,
  type ConsumerCheckpoint,
} from '../../../kernel/public.js';
import type { Viewer } from './dashboard-scope.js';
import { domainOf } from './domains.js';
import { EventCounts } from './event-counts.js';
import { DEFAULT_WINDOW_SECONDS, type ProjectorState, type WebhookDeliveriesView } from '../operations.js';

/** Declared with the operations (its zod schema documents the projector-lag view). */
export type { ProjectorState };

/** A projector's state plus what the per-domain figures need: the types it has pending and the one it is on. */
export interface ProjectorView {
  readonly state: ProjectorState;
  readonly pendingTypes: readonly string[];
  readonly nextType: string | null;
}

/**
 * Reads the figures every dashboard path shares, from the event store, the
 * consumer checkpoints, this process's backbone and, when the webhooks
 * module is on, its delivery backlog, for the whole service or one team
 * (a Viewer). Nothing is cached or made up: every call asks the store.
 */
@injectable()
export class DashboardReader {
  constructor(
    @inject(ConsumerStore) readonly consumers: ConsumerStore,
    @inject(EventBackbone) readonly backbone: EventBackbone,
    @inject(EventStore) readonly events: EventStore,
    @inject(UnitOfWork) readonly unitOfWork: UnitOfWork,
    @inject(EventRegistry) readonly registry: EventRegistry,
    @inject(Clock) readonly clock: Clock,
    @inject(EventCounts) private readonly counts: EventCounts,
    // Optional: the dashboard runs without the webhooks module, and then shows no delivery figures.
    @inject(WebhookDeliveryStats) @optional() private readonly deliveries: WebhookDeliveryStats | undefined,
  ) {}

  domainOf(type: string): string {
    return domainOf(this.registry, type);
  }

  /** Counts per domain (and per type) since `since`, or all time, of the viewer's events. */
  async countsByDomain(viewer: Viewer, since?: Date): Promise<{ total: number; byDomain: Record<string, number>; byType: Record<string, number> }> {
    const counts = await this.counts.byType(since, viewer.teamId);
    const byDomain: Record<string, number> = {};
    const byType: Record<string, number> = {};
    let total = 0;
    for (const { type, count } of counts) {
      const domain = this.domainOf(type);
      byDomain[domain] = (byDomain[domain] ?? 0) + count;
      byType[type] = count;
      total += count;
    }
    return { total, byDomain, byType };
  }

  /** Every consumer group as the viewer sees it, and the head: the log's, or the team's newest event. */
  async projectors(viewer: Viewer): Promise<{ head: bigint; projectors: ProjectorView[] }> {
    const head = viewer.teamId === undefined ? await this.events.head() : await this.consumers.teamHead(viewer.teamId);
    const [checkpoints, parked] = await Promise.all([this.consumers.checkpoints(), viewer.teamId === undefined ? [] : this.consumers.parkedCounts(viewer.teamId)]);
    const { running } = this.backbone.stats();
    const now = this.clock.now();
    const parkedOf = new Map(parked.map(({ group, count }) => [group, count]));
    const projectors = await Promise.all(
      checkpoints.map((checkpoint) =>
        viewer.teamId === undefined
          ? this.#projector(checkpoint, head, now, running)
          : this.#teamProjector(viewer.teamId, checkpoint, head, now, running, parkedOf.get(checkpoint.group) ?? 0),
      ),
    );
    return { head, projectors };
  }

  /** The viewer's parked events, newest first. */
  parkedEvents(viewer: Viewer, limit: number) {
    return this.consumers.parkedEvents(limit, undefined, viewer.teamId);
  }

  /** The viewer's webhook deliveries (failed attempts over the default window); null without the webhooks module. */
  async webhookDeliveries(viewer: Viewer): Promise<WebhookDeliveriesView> {
    if (!this.deliveries) return null;
    const now = this.clock.now();
    const lag = await this.deliveries.lag(new Date(now.getTime() - DEFAULT_WINDOW_SECONDS * 1000), viewer.teamId);
    return {
      pending: lag.pending,
      oldest_pending_seconds: lag.oldestPendingAt ? Math.max(0, round((now.getTime() - lag.oldestPendingAt.getTime()) / 1000)) : 0,
      failed_attempts_in_window: lag.failedAttempts,
      window_seconds: DEFAULT_WINDOW_SECONDS,
      failing_endpoints: lag.failingEndpoints,
    };
  }

  /** Times a trivial unit of work and a head read: is the store there, and how fast. */
  async storeHealth(): Promise<{ connected: boolean; latency_ms: number; error: string | null }> {
    const started = performance.now();
    try {
      await this.unitOfWork.run(async () => undefined);
      await this.events.head();
      return { connected: true, latency_ms: round(performance.now() - started), error: null };
    } catch (error) {
      return { connected: false, latency_ms: round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
    }
  }

  async #projector(checkpoint: ConsumerCheckpoint, head: bigint, now: Date, running: boolean): Promise<ProjectorView> {
    const byType = await this.consumers.pendingByType(checkpoint.cursor);
    const pending = byType.reduce((sum, { count }) => sum + count, 0);
    const next = pending > 0 ? await this.consumers.nextPending(checkpoint.cursor) : undefined;
    const status = checkpoint.failingCursor !== null ? 'failing' : pending === 0 ? 'caught_up' : running ? 'processing' : 'stopped';
    return {
      state: {
        group: checkpoint.group,
        checkpoint_position: checkpoint.position.toString(),
        pending_events: pending,
        lag_positions: (head > checkpoint.position ? head - checkpoint.position : 0n).toString(),
        lag_seconds: next ? Math.max(0, round((now.getTime() - next.occurredAt.getTime()) / 1000)) : 0,
        handled_total: checkpoint.handled,
        parked_total: checkpoint.parked,
        failing_attempts: checkpoint.attempts,
        last_error: checkpoint.lastError,
        retry_at: checkpoint.retryAt?.toISOString() ?? null,
        status,
        updated_at: checkpoint.updatedAt.toISOString(),
      },
      pendingTypes: byType.map(({ type }) => type),
      nextType: next?.type ?? null,
    };
  }

  /**
   * A group as one team sees it: the team's events behind its checkpoint
   * (count, age of the oldest, log positions up to the team's newest), the
   * team's events it holds parked, and whether it is failing while the
   * team's events wait; the error text only when the failing event is the
   * team's own. Handled totals are not counted per team: null.
   */
  async #teamProjector(teamId: string, checkpoint: ConsumerCheckpoint, teamHead: bigint, now: Date, running: boolean, parked: number): Promise<ProjectorView> {
    const byType = await this.consumers.pendingByType(checkpoint.cursor, teamId);
    const pending = byType.reduce((sum, { count }) => sum + count, 0);
    const failing = checkpoint.failingCursor !== null && pending > 0;
    const [next, current] = await Promise.all([
      pending > 0 ? this.consumers.nextPending(checkpoint.cursor, teamId) : undefined,
      failing ? this.consumers.nextPending(checkpoint.cursor) : undefined,
    ]);
    const ownFailure = failing && current?.teamId === teamId;
    const status = failing ? 'failing' : pending === 0 ? 'caught_up' : running ? 'processing' : 'stopped';
    return {
      state: {
        group: checkpoint.group,
        checkpoint_position: checkpoint.position.toString(),
        pending_events: pending,
        lag_positions: (pending > 0 && teamHead > checkpoint.position ? teamHead - checkpoint.position : 0n).toString(),
        lag_seconds: next ? Math.max(0, round((now.getTime() - next.occurredAt.getTime()) / 1000)) : 0,
        handled_total: null,
        parked_total: parked,
        failing_attempts: failing ? checkpoint.attempts : 0,
        last_error: ownFailure ? checkpoint.lastError : null,
        retry_at: failing ? (checkpoint.retryAt?.toISOString() ?? null) : null,
        status,
        updated_at: checkpoint.updatedAt.toISOString(),
      },
      pendingTypes: byType.map(({ type }) => type),
      // The team's next event: the one the group fails on, or one of the team's held back behind it.
      nextType: next?.type ?? null,
    };
  }
}

export function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
