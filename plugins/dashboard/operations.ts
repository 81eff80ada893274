import { z } from 'zod';
import { MAX_WINDOW_SECONDS, timestamp, token, wholeNumber, type Operation } from '../../kernel/public.js';

/**
 * The live dashboard's operations and the zod schema of every input and
 * view (the one source of the TS types and the OpenAPI components). The
 * operator key reads the whole service (`scope: 'service'`); a team's key
 * reads the same views computed from its own team's data only (`scope:
 * 'team'`), with null where a figure cannot be told apart per team
 * (application/dashboard-scope.ts). Positions are decimal strings (they can
 * pass 2^53).
 */
export const DEFAULT_WINDOW_SECONDS = 60;

export const WindowQuery = z.object({
  window_seconds: wholeNumber(1, MAX_WINDOW_SECONDS).optional().describe('Sliding window for rates, default 60'),
});
/** Sliding window of the rate figures, in seconds (default 60). */
export type WindowInput = z.infer<typeof WindowQuery>;
/** The same bounds for a caller that sends a number, not query text (GraphQL), parsed on the one entry path. */
export const WindowArgs = z.object({ window_seconds: z.number().int().min(1).max(MAX_WINDOW_SECONDS).optional() });

const position = z.string().regex(/^[0-9]+$/).describe('An event position (digits)');
const counts = z.record(z.string(), z.number().int());
const NOW = '2026-01-15T09:30:00.000Z';

/** Whose figures a view holds. */
export const DashboardScope = z
  .enum(['service', 'team'])
  .describe("service: every team's data (the operator key); team: only the calling key's team's data");
export type DashboardScope = z.infer<typeof DashboardScope>;

/** A figure a team view cannot attribute to the team (this process's handling counters): null there. */
const perService = (schema: z.ZodNumber, what: string) => schema.nullable().describe(`${what}; null in a team view (not counted per team)`);

/** The webhook delivery backlog of the scope: the window of failed attempts is the default 60 seconds. */
export const WebhookDeliveriesView = z
  .strictObject({
    pending: z.number().int().describe('Deliveries waiting to be sent or retried'),
    oldest_pending_seconds: z.number().describe('Age of the oldest waiting delivery, 0 when none waits'),
    failed_attempts_in_window: z.number().int().describe('Attempts that failed (retried or given up) in the last window_seconds'),
    window_seconds: z.number().int(),
    failing_endpoints: z.number().int().describe('Endpoints in a run of failures, disabled ones included'),
  })
  .nullable()
  .describe('The webhook deliveries of the scope; null when the webhooks module is off');
export type WebhookDeliveriesView = z.infer<typeof WebhookDeliveriesView>;
const DELIVERIES_EXAMPLE = { pending: 3, oldest_pending_seconds: 12.5, failed_attempts_in_window: 1, window_seconds: 60, failing_endpoints: 0 };

export const MetricsView = z
  .strictObject({
    scope: DashboardScope,
    generated_at: timestamp,
    window_seconds: z.number().int(),
    uptime_seconds: z.number(),
    backbone_started_at: timestamp,
    events: z.strictObject({ total: z.number().int(), by_domain: counts, by_type: counts, in_window: z.number().int(), per_second: z.number() }),
    processing: z.strictObject({
      handled_total: perService(z.number().int(), "Events this process's consumer groups handled"),
      handled_in_window: perService(z.number().int(), 'Of them, in the window'),
      per_second: perService(z.number(), 'Handled per second over the window'),
    }),
    errors: z.strictObject({
      failures_total: perService(z.number().int(), "This process's consumer failures"),
      failures_in_window: perService(z.number().int(), 'Of them, in the window'),
      parked_total: z.number().int().describe("Service: events this process parked since it started; team: the team's events parked now, every group"),
      error_rate: perService(z.number(), 'Failures over attempts in the window'),
    }),
  })
  .meta({
    id: 'DashboardMetrics',
    example: {
      scope: 'service',
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
    scope: DashboardScope,
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
        recent_errors: perService(z.number().int(), "This process's consumer failures on the domain's events in the window"),
        parked_events: z.number().int(),
      }),
    ),
    projectors: z.array(z.strictObject({ group: z.string(), status: PROJECTOR_STATUS, pending_events: z.number().int() })),
  })
  .meta({
    id: 'DashboardDomainHealth',
    example: {
      scope: 'service',
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
    scope: DashboardScope,
    generated_at: timestamp,
    window_seconds: z.number().int(),
    total: z.strictObject({ events: z.number().int(), events_per_second: z.number(), latency }),
    domains: z.array(z.strictObject({ domain: z.string(), events: z.number().int(), events_per_second: z.number(), latency })),
  })
  .meta({
    id: 'DashboardEventThroughput',
    example: {
      scope: 'service',
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
  pending_events: z.number().int().describe("Events after the checkpoint the group has still to handle (a team view: the team's own)"),
  lag_positions: position.describe(
    "Log positions from the checkpoint to the head (a team view: to the team's newest event, 0 when none of the team's is pending)",
  ),
  lag_seconds: z.number().describe('Age of the oldest pending event (a team view: of the team\'s own), 0 when none'),
  handled_total: perService(z.number().int(), 'Events the group has handled'),
  parked_total: z.number().int().describe("Service: events the group ever parked; team: the team's events the group holds parked now"),
  failing_attempts: z.number().int(),
  last_error: z.string().nullable().describe("A team view shows it only when the failing event is the team's own"),
  retry_at: timestamp.nullable().describe('While failing: when the event is tried again (exponential backoff)'),
  status: PROJECTOR_STATUS.describe(
    "caught_up, processing, failing (retrying an event; a team view: while the team's events wait behind it), or stopped (behind with no loop running here)",
  ),
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

const headPosition = position.describe("The newest event's position (a team view: the team's newest), 0 before any");

export const ProjectorLagView = z
  .strictObject({
    scope: DashboardScope,
    generated_at: timestamp,
    head_position: headPosition,
    max_lag_events: z.number().int(),
    projectors: z.array(ProjectorState),
    webhook_deliveries: WebhookDeliveriesView,
  })
  .meta({
    id: 'DashboardProjectorLag',
    example: {
      scope: 'service',
      generated_at: NOW,
      head_position: '1200',
      max_lag_events: 0,
      projectors: [PROJECTOR_EXAMPLE],
      webhook_deliveries: DELIVERIES_EXAMPLE,
    },
  });
export type ProjectorLagView = z.infer<typeof ProjectorLagView>;

export const StreamStatusView = z
  .strictObject({
    scope: DashboardScope,
    generated_at: timestamp,
    connectivity: z.strictObject({
      store_connected: z.boolean(),
      store_latency_ms: z.number(),
      wake_mode: z.enum(['listen', 'in-process', 'disconnected']),
      consumer_loop_running: z.boolean(),
    }),
    head_position: headPosition,
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
    webhook_deliveries: WebhookDeliveriesView,
    memory: z
      .strictObject({ rss_mb: z.number(), heap_used_mb: z.number(), heap_total_mb: z.number(), external_mb: z.number() })
      .nullable()
      .describe("This process's memory; null in a team view (the shared process's capacity, not the team's)"),
  })
  .meta({
    id: 'DashboardStreamStatus',
    example: {
      scope: 'service',
      generated_at: NOW,
      connectivity: { store_connected: true, store_latency_ms: 1.2, wake_mode: 'listen', consumer_loop_running: true },
      head_position: '1200',
      consumer_groups: [
        { group: 'webhooks.fanout', checkpoint_position: '1200', pending_events: 0, parked_events: 0, failing_attempts: 0, last_error: null, retry_at: null, status: 'caught_up' },
      ],
      pending_total: 0,
      parked_recent: [],
      webhook_deliveries: DELIVERIES_EXAMPLE,
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
/** The group and the body together: what a caller that does not validate on its own (GraphQL) is parsed by. */
export const RedriveInputSchema = RedriveParams.extend({ position: positionText.optional() });
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
