import { inject, injectable } from 'inversify';
import {
  Clock,
  ConsumerStore,
  EventBackbone,
  EventRegistry,
  EventStore,
  UnitOfWork,
  type ConsumerCheckpoint,
} from '../../../kernel/public.js';
import { domainOf } from './domains.js';
import { EventCounts } from './event-counts.js';
import type { ProjectorState } from '../operations.js';

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
 * consumer checkpoints and this process's backbone. Nothing is cached or
 * made up: every call asks the store.
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
  ) {}

  domainOf(type: string): string {
    return domainOf(this.registry, type);
  }

  /** Counts per domain (and per type) since `since`, or all time. */
  async countsByDomain(since?: Date): Promise<{ total: number; byDomain: Record<string, number>; byType: Record<string, number> }> {
    const counts = await this.counts.byType(since);
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

  async projectors(): Promise<{ head: bigint; projectors: ProjectorView[] }> {
    const head = await this.events.head();
    const checkpoints = await this.consumers.checkpoints();
    const { running } = this.backbone.stats();
    const now = this.clock.now();
    const projectors = await Promise.all(checkpoints.map((checkpoint) => this.#projector(checkpoint, head, now, running)));
    return { head, projectors };
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
}

export function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
