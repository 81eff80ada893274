import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import {
  DomainHealth,
  DomainHealthView,
  EventThroughput,
  EventThroughputView,
  Metrics,
  MetricsView,
  ProjectorLag,
  ProjectorLagView,
  RedriveBody,
  RedriveParams,
  RedriveParked,
  RedriveView,
  StreamStatus,
  StreamStatusView,
  WindowQuery,
} from './operations.js';

export const dashboardRouteTags: readonly RouteTag[] = [
  {
    name: 'Live dashboard',
    description:
      "Figures computed on each call from the event store, the consumer checkpoints, the webhook deliveries and the answering process: event counts and rates, domain health, throughput and latency, stream status, projector and delivery lag; the whole bank's for the operator key, a team's own for its key (docs/dashboard.md).",
  },
  {
    name: 'Operations',
    description: 'Operator actions on the event backbone: re-drive the parked events of a consumer group.',
  },
];
const tags = ['Live dashboard'];
const v1 = ['v1'] as const;
const none = z.object({});

/** What every dashboard route says about whose figures it answers. */
const SCOPE =
  "The operator key reads the whole service (`scope: service`); a team's key reads the same figures computed from its own team's events, parked events and webhook deliveries only (`scope: team`).";

/**
 * The live dashboard's five version-1 paths: any key with read permission.
 * The operator key sees the whole service, a team's key the same views
 * computed from its team's data only (`scope` says which). The re-drive
 * stays the operator's.
 */
export const dashboardRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'GET',
    path: '/live-dashboard/metrics',
    prefixes: v1,
    access: 'read',
    query: WindowQuery,
    response: MetricsView,
    operation: Metrics,
    operationId: 'getDashboardMetrics',
    summary: 'Event counts, processing rates, error rates, uptime',
    description: `Rates use a sliding window of window_seconds (1 to 3600, default 60) of Clock time. Event counts (all time, by domain and type, in the window) come from the event store; processing and error figures from the consumer groups of the answering process, which start from zero at a restart. ${SCOPE} In a team view the processing and failure counters of this process are null: they are not counted per team, and the service's figure is never shown instead; parked_total is the team's events parked now. Uptime and the backbone's start are shown to every scope.`,
    tags,
  }),
  route({
    method: 'GET',
    path: '/live-dashboard/domain-health',
    prefixes: v1,
    access: 'read',
    query: WindowQuery,
    response: DomainHealthView,
    operation: DomainHealth,
    operationId: 'getDomainHealth',
    summary: 'Per domain: store connectivity, projector status, recent errors',
    description: `Rates use a sliding window of window_seconds (1 to 3600, default 60) of Clock time. Store connectivity and latency from a trivial unit of work; per domain a status (healthy, degraded on consumer failures in the window or parked events, down when the store is unreachable), its projectors and recent errors. ${SCOPE} In a team view recent_errors (this process's consumer failures, not counted per team) is null and a domain's status follows the store and the team's parked events; store connectivity and latency are shown to every scope.`,
    tags,
  }),
  route({
    method: 'GET',
    path: '/live-dashboard/event-throughput',
    prefixes: v1,
    access: 'read',
    query: WindowQuery,
    response: EventThroughputView,
    operation: EventThroughput,
    operationId: 'getEventThroughput',
    summary: 'Events per second and latency per domain and in total, over a sliding window',
    description: `Rates use a sliding window of window_seconds (1 to 3600, default 60) of Clock time. Events and events per second from the event store; latency percentiles (p50, p99) from an event occurring to a consumer of the answering process handling it. ${SCOPE} A team view counts the team's events in the window and takes the latency percentiles from the samples of the team's own events.`,
    tags,
  }),
  route({
    method: 'GET',
    path: '/live-dashboard/stream-status',
    prefixes: v1,
    access: 'read',
    query: none,
    response: StreamStatusView,
    operation: StreamStatus,
    operationId: 'getStreamStatus',
    summary: 'Stream connectivity, consumer groups, pending counts, memory use',
    description: `How the backbone wakes (PostgreSQL LISTEN, in-process, or disconnected while the poll still runs), the event store head, each consumer group with its checkpoint, pending, parked and failing events, the last 20 parked events, and the memory of the answering process. ${SCOPE} A team view: head_position is the team's newest event, each group's pending and parked figures are the team's, parked_recent lists the team's parked events, webhook_deliveries its own endpoints' backlog; connectivity is shown to every scope, memory (the shared process's) only to the operator.`,
    tags,
  }),
  route({
    method: 'GET',
    path: '/live-dashboard/projector-lag',
    prefixes: v1,
    access: 'read',
    query: none,
    response: ProjectorLagView,
    operation: ProjectorLag,
    operationId: 'getProjectorLag',
    summary: 'Lag of each projector (consumer group) behind the event store head',
    description: `Per consumer group: checkpoint, pending events, lag in positions and in seconds (age of the next unhandled event), totals, the failing attempt and its retry time, and a status (caught_up, processing, failing, stopped). ${SCOPE} A team view: per group, the team's events behind the checkpoint (pending_events), the log positions from the checkpoint to the team's newest event when one is pending (lag_positions), the age of the oldest (lag_seconds), the team's events parked now; handled_total is null (not counted per team); a group failing on another team's event shows failing while the team's events wait, without that event's error.`,
    tags,
  }),
  route({
    method: 'POST',
    path: '/admin/consumer-groups/:group/redrive',
    prefixes: ['v2'],
    access: 'operator',
    params: RedriveParams,
    body: RedriveBody,
    response: RedriveView,
    operation: RedriveParked,
    summary: 'Re-drive parked events of a consumer group',
    description:
      'Hands parked events (the one at `position`, else every one of the group, oldest first) to the group\'s handler again, one unit of work each. Handled events leave the parked list; failing ones stay with their new error. 404 for an unknown group or a position that is not parked.',
    tags: ['Operations'],
  }),
];
