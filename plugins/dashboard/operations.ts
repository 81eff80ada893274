import type { Operation } from '../../kernel/contract/route.js';
import { token } from '../../kernel/contract/token.js';

/** Sliding window of the rate figures, in seconds (default 60). */
export interface WindowInput {
  readonly window_seconds?: number;
}

export const DEFAULT_WINDOW_SECONDS = 60;

export const Metrics = token<Operation<WindowInput, Record<string, unknown>>>('dashboard.metrics');
export const DomainHealth = token<Operation<WindowInput, Record<string, unknown>>>('dashboard.domain-health');
export const EventThroughput = token<Operation<WindowInput, Record<string, unknown>>>('dashboard.event-throughput');
export const StreamStatus = token<Operation<Record<string, never>, Record<string, unknown>>>('dashboard.stream-status');
export const ProjectorLag = token<Operation<Record<string, never>, Record<string, unknown>>>('dashboard.projector-lag');

export interface RedriveInput {
  readonly group: string;
  /** One parked event's position (digits); absent: every parked event of the group. */
  readonly position?: string;
}

export interface RedriveView {
  readonly group: string;
  readonly handled: number;
  readonly failed: number;
  readonly results: ReadonlyArray<{
    readonly position: string;
    readonly event_id: string | null;
    readonly type: string | null;
    readonly outcome: 'handled' | 'failed' | 'missing';
    readonly error: string | null;
  }>;
}

export const RedriveParked = token<Operation<RedriveInput, RedriveView>>('dashboard.redrive-parked');
