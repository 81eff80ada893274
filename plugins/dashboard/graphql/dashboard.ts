import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { z } from 'zod';
import { graphqlObjectType, type GraphqlContext, type GraphqlContribution } from '../../../kit/graphql.js';
import * as ops from '../operations.js';

/**
 * The live dashboard in GraphQL: the same operations as the version-1
 * `/live-dashboard/*` paths (a team key reads its team's figures, the
 * operator key the whole service) and the operator's re-drive of parked
 * events. They extend the `user` domain, the caller's own view of the
 * service, which identity owns and this plugin already depends on (the
 * `plugin` domain would fit too, but its owner, partner, may be disabled
 * while the dashboard runs, and an extension needs its owner). Types are
 * derived from the REST views; the metrics' counts per domain and per type,
 * maps in REST, are lists of {name, count} here (GraphQL has no map type).
 */
const NamedCount = z.strictObject({ name: z.string(), count: z.number().int() });
const eventsShape = ops.MetricsView.shape.events;
export const MetricsGraphqlView = ops.MetricsView.extend({
  events: eventsShape.extend({
    by_domain: z.array(NamedCount).describe('Events per domain, by name'),
    by_type: z.array(NamedCount).describe('Events per event type, by name'),
  }),
});
type MetricsGraphqlView = z.infer<typeof MetricsGraphqlView>;

const MetricsType = graphqlObjectType('DashboardMetrics', MetricsGraphqlView);
const DomainHealthType = graphqlObjectType('DashboardDomainHealth', ops.DomainHealthView);
const EventThroughputType = graphqlObjectType('DashboardEventThroughput', ops.EventThroughputView);
const StreamStatusType = graphqlObjectType('DashboardStreamStatus', ops.StreamStatusView);
const ProjectorLagType = graphqlObjectType('DashboardProjectorLag', ops.ProjectorLagView);
const RedriveType = graphqlObjectType('RedriveResult', ops.RedriveView);

/** A count map as a list, in name order (stable for clients and tests). */
function named(counts: Record<string, number>): { name: string; count: number }[] {
  return Object.entries(counts)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, count]) => ({ name, count }));
}

/** Left out, the operation's default window (60 s) applies, as when REST's query omits it. */
const windowOf = (windowSeconds: number | null | undefined): ops.WindowInput => (windowSeconds == null ? {} : { window_seconds: windowSeconds });

@Resolver()
export class DashboardResolver {
  @Query(() => MetricsType, { description: 'Event counts, processing and error rates, uptime (GET /v1/live-dashboard/metrics).' })
  async dashboardMetrics(@Ctx() ctx: GraphqlContext, @Arg('window_seconds', () => Int, { nullable: true }) windowSeconds?: number | null): Promise<MetricsGraphqlView> {
    const view = await ctx.run(ops.Metrics, windowOf(windowSeconds));
    return { ...view, events: { ...view.events, by_domain: named(view.events.by_domain), by_type: named(view.events.by_type) } };
  }

  @Query(() => DomainHealthType, { description: 'Per event-sourced domain: store connectivity, projector status, recent errors (GET /v1/live-dashboard/domain-health).' })
  dashboardDomainHealth(@Ctx() ctx: GraphqlContext, @Arg('window_seconds', () => Int, { nullable: true }) windowSeconds?: number | null): Promise<ops.DomainHealthView> {
    return ctx.run(ops.DomainHealth, windowOf(windowSeconds));
  }

  @Query(() => EventThroughputType, { description: 'Events per second and latency per domain and in total (GET /v1/live-dashboard/event-throughput).' })
  dashboardEventThroughput(@Ctx() ctx: GraphqlContext, @Arg('window_seconds', () => Int, { nullable: true }) windowSeconds?: number | null): Promise<ops.EventThroughputView> {
    return ctx.run(ops.EventThroughput, windowOf(windowSeconds));
  }

  @Query(() => StreamStatusType, { description: 'Stream connectivity, consumer groups, pending counts, recently parked events, memory (GET /v1/live-dashboard/stream-status).' })
  dashboardStreamStatus(@Ctx() ctx: GraphqlContext): Promise<ops.StreamStatusView> {
    return ctx.run(ops.StreamStatus, {});
  }

  @Query(() => ProjectorLagType, { description: 'Lag of each projector behind the event store head, and the webhook delivery backlog (GET /v1/live-dashboard/projector-lag).' })
  dashboardProjectorLag(@Ctx() ctx: GraphqlContext): Promise<ops.ProjectorLagView> {
    return ctx.run(ops.ProjectorLag, {});
  }

  @Mutation(() => RedriveType, { description: 'Hands parked events of a consumer group (one position, else all) to its handler again (operator key; POST /v2/admin/consumer-groups/{group}/redrive).' })
  redriveParkedEvents(@Ctx() ctx: GraphqlContext, @Arg('group', () => String) group: string, @Arg('position', () => String, { nullable: true }) position?: string | null): Promise<ops.RedriveView> {
    return ctx.run(ops.RedriveParked, position == null ? { group } : { group, position });
  }
}

export const dashboardGraphql: readonly GraphqlContribution[] = [{ domain: 'user', extends: true, resolvers: [DashboardResolver] }];
