import { z } from 'zod';
import { route, type RouteDeclaration } from '../../kernel/contract/route.js';
import { DomainHealth, EventThroughput, Metrics, ProjectorLag, StreamStatus } from './operations.js';

/**
 * The live dashboard's five version-1 paths. System-wide figures cross
 * every team, so only the operator key may read them (a team key is 403).
 */
const tags = ['Live dashboard'];
const v1 = ['v1'] as const;
const windowQuery = z.object({
  window_seconds: z.coerce.number().int().min(1).max(3_600).optional().describe('Sliding window for rates, default 60'),
});
const none = z.object({});

export const dashboardRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'GET',
    path: '/live-dashboard/metrics',
    prefixes: v1,
    access: 'operator',
    query: windowQuery,
    operation: Metrics,
    summary: 'Event counts, processing rates, error rates, uptime',
    tags,
  }),
  route({
    method: 'GET',
    path: '/live-dashboard/domain-health',
    prefixes: v1,
    access: 'operator',
    query: windowQuery,
    operation: DomainHealth,
    summary: 'Per domain: store connectivity, projector status, recent errors',
    tags,
  }),
  route({
    method: 'GET',
    path: '/live-dashboard/event-throughput',
    prefixes: v1,
    access: 'operator',
    query: windowQuery,
    operation: EventThroughput,
    summary: 'Events per second and latency per domain and in total, over a sliding window',
    tags,
  }),
  route({
    method: 'GET',
    path: '/live-dashboard/stream-status',
    prefixes: v1,
    access: 'operator',
    query: none,
    operation: StreamStatus,
    summary: 'Stream connectivity, consumer groups, pending counts, memory use',
    tags,
  }),
  route({
    method: 'GET',
    path: '/live-dashboard/projector-lag',
    prefixes: v1,
    access: 'operator',
    query: none,
    operation: ProjectorLag,
    summary: 'Lag of each projector (consumer group) behind the event store head',
    tags,
  }),
];
