/**
 * The parts of the live-dashboard JSON views the page shows (the zod schemas
 * in plugins/dashboard/operations.ts are the source; the page reads a subset).
 */
export interface Latency {
  readonly samples: number;
  readonly p50_ms: number | null;
  readonly p99_ms: number | null;
}

/** Whose figures: the operator key's whole service, or a team key's own team (null where a figure is not counted per team). */
export type Scope = 'service' | 'team';

export interface MetricsView {
  readonly scope: Scope;
  readonly generated_at: string;
  readonly uptime_seconds: number;
  readonly events: { readonly total: number; readonly per_second: number };
  readonly processing: { readonly per_second: number | null };
  readonly errors: { readonly parked_total: number; readonly error_rate: number | null };
}

export interface ThroughputView {
  readonly total: { readonly events: number; readonly events_per_second: number; readonly latency: Latency };
}

export interface ProjectorState {
  readonly group: string;
  readonly checkpoint_position: string;
  readonly pending_events: number;
  readonly lag_positions: string;
  readonly lag_seconds: number;
  readonly handled_total: number | null;
  readonly parked_total: number;
  readonly last_error: string | null;
  readonly status: string;
}

export interface ProjectorLagView {
  readonly head_position: string;
  readonly projectors: readonly ProjectorState[];
}

export interface ParkedEvent {
  readonly group: string;
  readonly position: string;
  readonly event_id: string;
  readonly type: string;
  readonly error: string;
  readonly attempts: number;
  readonly parked_at: string;
}

export interface StreamStatusView {
  readonly connectivity: { readonly store_connected: boolean; readonly store_latency_ms: number };
  readonly pending_total: number;
  readonly parked_recent: readonly ParkedEvent[];
}

export interface DomainHealthView {
  readonly domains: ReadonlyArray<{
    readonly domain: string;
    readonly status: string;
    readonly events_total: number;
    readonly projector_status: string;
    readonly recent_errors: number | null;
    readonly parked_events: number;
  }>;
}

export interface RedriveView {
  readonly group: string;
  readonly handled: number;
  readonly failed: number;
  readonly results: ReadonlyArray<{ readonly position: string; readonly outcome: string; readonly error: string | null }>;
}

/** Everything one refresh reads. */
export interface Snapshot {
  readonly metrics: MetricsView;
  readonly throughput: ThroughputView;
  readonly lag: ProjectorLagView;
  readonly stream: StreamStatusView;
  readonly health: DomainHealthView;
}
