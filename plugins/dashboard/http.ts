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
 * The live dashboard's five version-1 paths. System-wide figures cross
 * every team, so only the operator key may read them (a team key is 403).
 */
const tags = ['Live dashboard'];
const v1 = ['v1'] as const;
const none = z.object({});

export const dashboardRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'GET',
    path: '/live-dashboard/metrics',
    prefixes: v1,
    access: 'operator',
    query: WindowQuery,
    response: MetricsView,
    operation: Metrics,
    operationId: 'getDashboardMetrics',
    summary: 'Event counts, processing rates, error rates, uptime',
    tags,
  }),
  route({
    method: 'GET',
    path: '/live-dashboard/domain-health',
    prefixes: v1,
    access: 'operator',
    query: WindowQuery,
    response: DomainHealthView,
    operation: DomainHealth,
    operationId: 'getDomainHealth',
    summary: 'Per domain: store connectivity, projector status, recent errors',
    tags,
  }),
  route({
    method: 'GET',
    path: '/live-dashboard/event-throughput',
    prefixes: v1,
    access: 'operator',
    query: WindowQuery,
    response: EventThroughputView,
    operation: EventThroughput,
    operationId: 'getEventThroughput',
    summary: 'Events per second and latency per domain and in total, over a sliding window',
    tags,
  }),
  route({
    method: 'GET',
    path: '/live-dashboard/stream-status',
    prefixes: v1,
    access: 'operator',
    query: none,
    response: StreamStatusView,
    operation: StreamStatus,
    operationId: 'getStreamStatus',
    summary: 'Stream connectivity, consumer groups, pending counts, memory use',
    tags,
  }),
  route({
    method: 'GET',
    path: '/live-dashboard/projector-lag',
    prefixes: v1,
    access: 'operator',
    query: none,
    response: ProjectorLagView,
    operation: ProjectorLag,
    operationId: 'getProjectorLag',
    summary: 'Lag of each projector (consumer group) behind the event store head',
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
