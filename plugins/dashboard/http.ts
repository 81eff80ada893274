import { z } from 'zod';
import { route, type RouteDeclaration } from '../../kernel/public.js';
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

/**
 * The live dashboard's five version-1 paths: any key with read permission.
 * The operator key sees the whole service, a team's key the same views
 * computed from its team's data only (`scope` says which). The re-drive
 * stays the operator's.
 */
const tags = ['Live dashboard'];
const v1 = ['v1'] as const;
const none = z.object({});

/** What every dashboard route says about whose figures it answers. */
const SCOPE =
  "The operator key reads the whole service (`scope: service`); a team's key reads the same figures computed from its own team's events, parked events and webhook deliveries only (`scope: team`).";

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
    description: `${SCOPE} In a team view the processing and failure counters of this process are null: they are not counted per team, and the service's figure is never shown instead; parked_total is the team's events parked now. Uptime and the backbone's start are shown to every scope.`,
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
    description: `${SCOPE} In a team view recent_errors (this process's consumer failures, not counted per team) is null and a domain's status follows the store and the team's parked events; store connectivity and latency are shown to every scope.`,
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
    description: `${SCOPE} A team view counts the team's events in the window and takes the latency percentiles from the samples of the team's own events.`,
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
    description: `${SCOPE} A team view: head_position is the team's newest event, each group's pending and parked figures are the team's, parked_recent lists the team's parked events, webhook_deliveries its own endpoints' backlog; connectivity is shown to every scope, memory (the shared process's) only to the operator.`,
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
    description: `${SCOPE} A team view: per group, the team's events behind the checkpoint (pending_events), the log positions from the checkpoint to the team's newest event when one is pending (lag_positions), the age of the oldest (lag_seconds), the team's events parked now; handled_total is null (not counted per team); a group failing on another team's event shows failing while the team's events wait, without that event's error.`,
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
