import { z } from 'zod';
import { route, type RouteDeclaration } from '../../kernel/contract/route.js';
import { wholeNumber } from '../../kernel/contract/query.js';
import { MAX_WINDOW_SECONDS } from '../../kernel/events/per-second-counters.js';
import { DomainHealth, EventThroughput, Metrics, ProjectorLag, RedriveParked, StreamStatus } from './operations.js';

/**
 * The live dashboard's five version-1 paths. System-wide figures cross
 * every team, so only the operator key may read them (a team key is 403).
 */
const tags = ['Live dashboard'];
const v1 = ['v1'] as const;
const windowQuery = z.object({
  window_seconds: wholeNumber(1, MAX_WINDOW_SECONDS).optional().describe('Sliding window for rates, default 60'),
});
const none = z.object({});
/** The largest event position a store can hold (PostgreSQL bigint). */
const MAX_POSITION = 9_223_372_036_854_775_807n;

/** A parked event's position, as stream-status shows it: digits, 1 to the bigint maximum, on every store alike. */
export const positionText = z
  .string()
  .regex(/^[1-9][0-9]{0,18}$/, 'an event position (digits)')
  // zod runs this check also when the pattern failed: compare only digits.
  .refine((text) => !/^[0-9]+$/.test(text) || BigInt(text) <= MAX_POSITION, `an event position is at most ${MAX_POSITION}`);

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
  route({
    method: 'POST',
    path: '/admin/consumer-groups/:group/redrive',
    prefixes: ['v2'],
    access: 'operator',
    params: z.object({ group: z.string().min(1).max(200) }),
    body: z.strictObject({ position: positionText.optional() }),
    response: z.object({
      group: z.string(),
      handled: z.number().int(),
      failed: z.number().int(),
      results: z.array(
        z.object({
          position: z.string(),
          event_id: z.string().nullable(),
          type: z.string().nullable(),
          outcome: z.enum(['handled', 'failed', 'missing']),
          error: z.string().nullable(),
        }),
      ),
    }),
    operation: RedriveParked,
    summary: 'Re-drive parked events of a consumer group',
    description:
      'Hands parked events (the one at `position`, else every one of the group, oldest first) to the group\'s handler again, one unit of work each. Handled events leave the parked list; failing ones stay with their new error. 404 for an unknown group or a position that is not parked.',
    tags: ['Operations'],
  }),
];
