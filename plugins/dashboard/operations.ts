import { z } from 'zod';
import { MAX_WINDOW_SECONDS, timestamp, token, wholeNumber, type Operation } from '../../kernel/public.js';

/**
 * The live dashboard's operations and the zod schema of every input and
 * view (the one source of the TS types and the OpenAPI components). Figures
 * are system-wide (every team): only the operator reads them. Positions are
 * decimal strings (they can pass 2^53).
 */
export const DEFAULT_WINDOW_SECONDS = 60;

export const WindowQuery = z.object({
  window_seconds: wholeNumber(1, MAX_WINDOW_SECONDS).optional().describe('Sliding window for rates, default 60'),
});
/** Sliding window of the rate figures, in seconds (default 60). */
export type WindowInput = z.infer<typeof WindowQuery>;

const position = z.string().regex(/^[0-9]+$/).describe('An event position (digits)');
const counts = z.record(z.string(), z.number().int());
const NOW = '2026-01-15T09:30:00.000Z';

export const MetricsView = z
  .strictObject({
    generated_at: timestamp,
    window_seconds: z.number().int(),
    uptime_seconds: z.number(),
    backbone_started_at: timestamp,
    events: z.strictObject({ total: z.number().int(), by_domain: counts, by_type: counts, in_window: z.number().int(), per_second: z.number() }),
    processing: z.strictObject({ handled_total: z.number().int(), handled_in_window: z.number().int(), per_second: z.number() }),
    errors: z.strictObject({ failures_total: z.number().int(), failures_in_window: z.number().int(), parked_total: z.number().int(), error_rate: z.number() }),
  })
  .meta({
    id: 'DashboardMetrics',
    example: {
      generated_at: NOW,
      window_seconds: 60,
      uptime_seconds: 86400.5,
      backbone_started_at: '2026-01-14T09:30:00.000Z',
      events: { total: 1200, by_domain: { transfer: 800, account: 400 }, by_type: { 'transfer.completed': 800, 'account.created': 400 }, in_window: 30, per_second: 0.5 },
      processing: { handled_total: 2400, handled_in_window: 60, per_second: 1 },
      errors: { failures_total: 2, failures_in_window: 0, parked_total: 0, error_rate: 0 },
    },
  });
export type MetricsView = z.infer<typeof MetricsView>;

const PROJECTOR_STATUS = z.enum(['caught_up', 'processing', 'failing', 'stopped']);

export const DomainHealthView = z
  .strictObject({
    generated_at: timestamp,
    window_seconds: z.number().int(),
    store: z.strictObject({ connected: z.boolean(), latency_ms: z.number(), error: z.string().nullable() }),
    domains: z.array(
      z.strictObject({
        domain: z.string(),
        status: z.enum(['healthy', 'degraded', 'down']),
        store_connected: z.boolean(),
        events_total: z.number().int(),
        projector_status: z.enum(['ok', 'degraded', 'stopped']),
        recent_errors: z.number().int(),
        parked_events: z.number().int(),
      }),
    ),
    projectors: z.array(z.strictObject({ group: z.string(), status: PROJECTOR_STATUS, pending_events: z.number().int() })),
  })
  .meta({
    id: 'DashboardDomainHealth',
    example: {
      generated_at: NOW,
      window_seconds: 60,
      store: { connected: true, latency_ms: 1.2, error: null },
      domains: [
        { domain: 'transfer', status: 'healthy', store_connected: true, events_total: 800, projector_status: 'ok', recent_errors: 0, parked_events: 0 },
      ],
      projectors: [{ group: 'webhooks.fanout', status: 'caught_up', pending_events: 0 }],
    },
  });
export type DomainHealthView = z.infer<typeof DomainHealthView>;

const latency = z.strictObject({ samples: z.number().int(), p50_ms: z.number().nullable(), p99_ms: z.number().nullable() });

export const EventThroughputView = z
  .strictObject({
    generated_at: timestamp,
    window_seconds: z.number().int(),
    total: z.strictObject({ events: z.number().int(), events_per_second: z.number(), latency }),
    domains: z.array(z.strictObject({ domain: z.string(), events: z.number().int(), events_per_second: z.number(), latency })),
  })
  .meta({
    id: 'DashboardEventThroughput',
    example: {
      generated_at: NOW,
      window_seconds: 60,
      total: { events: 30, events_per_second: 0.5, latency: { samples: 30, p50_ms: 2.1, p99_ms: 9.8 } },
      domains: [{ domain: 'transfer', events: 30, events_per_second: 0.5, latency: { samples: 30, p50_ms: 2.1, p99_ms: 9.8 } }],
    },
  });
export type EventThroughputView = z.infer<typeof EventThroughputView>;

export const ProjectorState = z.strictObject({
  group: z.string(),
  checkpoint_position: position,
  pending_events: z.number().int(),
  lag_positions: position,
  lag_seconds: z.number(),
  handled_total: z.number().int(),
  parked_total: z.number().int(),
  failing_attempts: z.number().int(),
  last_error: z.string().nullable(),
  retry_at: timestamp.nullable().describe('While failing: when the event is tried again (exponential backoff)'),
  status: PROJECTOR_STATUS.describe('caught_up, processing, failing (retrying an event), or stopped (behind with no loop running here)'),
  updated_at: timestamp,
});
export type ProjectorState = z.infer<typeof ProjectorState>;

const PROJECTOR_EXAMPLE = {
  group: 'webhooks.fanout',
  checkpoint_position: '1200',
  pending_events: 0,
  lag_positions: '0',
  lag_seconds: 0,
  handled_total: 1200,
  parked_total: 0,
  failing_attempts: 0,
  last_error: null,
  retry_at: null,
  status: 'caught_up',
  updated_at: NOW,
} as const;

export const ProjectorLagView = z
  .strictObject({ generated_at: timestamp, head_position: position, max_lag_events: z.number().int(), projectors: z.array(ProjectorState) })
  .meta({ id: 'DashboardProjectorLag', example: { generated_at: NOW, head_position: '1200', max_lag_events: 0, projectors: [PROJECTOR_EXAMPLE] } });
export type ProjectorLagView = z.infer<typeof ProjectorLagView>;

export const StreamStatusView = z
  .strictObject({
    generated_at: timestamp,
    connectivity: z.strictObject({
      store_connected: z.boolean(),
      store_latency_ms: z.number(),
      wake_mode: z.enum(['listen', 'in-process', 'disconnected']),
      consumer_loop_running: z.boolean(),
    }),
    head_position: position,
    consumer_groups: z.array(
      ProjectorState.pick({ group: true, checkpoint_position: true, pending_events: true, failing_attempts: true, last_error: true, retry_at: true, status: true }).extend({
        parked_events: z.number().int(),
      }),
    ),
    pending_total: z.number().int(),
    parked_recent: z.array(
      z.strictObject({
        group: z.string(),
        position,
        event_id: z.string(),
        type: z.string(),
        error: z.string(),
        attempts: z.number().int(),
        parked_at: timestamp,
      }),
    ),
    memory: z.strictObject({ rss_mb: z.number(), heap_used_mb: z.number(), heap_total_mb: z.number(), external_mb: z.number() }),
  })
  .meta({
    id: 'DashboardStreamStatus',
    example: {
      generated_at: NOW,
      connectivity: { store_connected: true, store_latency_ms: 1.2, wake_mode: 'listen', consumer_loop_running: true },
      head_position: '1200',
      consumer_groups: [
        { group: 'webhooks.fanout', checkpoint_position: '1200', pending_events: 0, parked_events: 0, failing_attempts: 0, last_error: null, retry_at: null, status: 'caught_up' },
      ],
      pending_total: 0,
      parked_recent: [],
      memory: { rss_mb: 180.4, heap_used_mb: 92.1, heap_total_mb: 120, external_mb: 4.2 },
    },
  });
export type StreamStatusView = z.infer<typeof StreamStatusView>;

/** The largest event position a store can hold (PostgreSQL bigint). */
const MAX_POSITION = 9_223_372_036_854_775_807n;

/** A parked event's position, as stream-status shows it: digits, 1 to the bigint maximum, on every store alike. */
export const positionText = z
  .string()
  .regex(/^[1-9][0-9]{0,18}$/, 'an event position (digits)')
  // zod runs this check also when the pattern failed: compare only digits.
  .refine((text) => !/^[0-9]+$/.test(text) || BigInt(text) <= MAX_POSITION, `an event position is at most ${MAX_POSITION}`);

export const RedriveParams = z.object({ group: z.string().min(1).max(200) });
export const RedriveBody = z
  .strictObject({ position: positionText.optional() })
  .meta({ id: 'RedriveRequest', example: { position: '1187' } });
export type RedriveInput = z.infer<typeof RedriveParams> & {
  /** One parked event's position (digits); absent: every parked event of the group. */
  readonly position?: string;
};

export const RedriveView = z
  .strictObject({
    group: z.string(),
    handled: z.number().int(),
    failed: z.number().int(),
    results: z.array(
      z.strictObject({
        position: z.string(),
        event_id: z.string().nullable(),
        type: z.string().nullable(),
        outcome: z.enum(['handled', 'failed', 'missing']),
        error: z.string().nullable(),
      }),
    ),
  })
  .meta({
    id: 'RedriveResult',
    example: {
      group: 'webhooks.fanout',
      handled: 1,
      failed: 0,
      results: [{ position: '1187', event_id: '0a2c4e6a-8c0e-4a2c-8e6a-0c2e4a6c8e0a', type: 'transfer.completed', outcome: 'handled', error: null }],
    },
  });
export type RedriveView = z.infer<typeof RedriveView>;

type NoInput = Record<string, never>;

export const Metrics = token<Operation<WindowInput, MetricsView>>('dashboard.metrics');
export const DomainHealth = token<Operation<WindowInput, DomainHealthView>>('dashboard.domain-health');
export const EventThroughput = token<Operation<WindowInput, EventThroughputView>>('dashboard.event-throughput');
export const StreamStatus = token<Operation<NoInput, StreamStatusView>>('dashboard.stream-status');
export const ProjectorLag = token<Operation<NoInput, ProjectorLagView>>('dashboard.projector-lag');
export const RedriveParked = token<Operation<RedriveInput, RedriveView>>('dashboard.redrive-parked');
