import type { Bind } from 'inversify';
import {
  Clock,
  ConsumerStore,
  definePlugin,
  EventBackbone,
  EventRegistry,
  EventStore,
  operation,
  Progress,
  UnitOfWork,
  type OperationBinding,
} from '../../kernel/public.js';
import { MemoryEventTally } from './adapters/memory/memory-event-tally.js';
import { dashboardMigrations } from './adapters/sql/migrations.js';
import { SqlEventTally } from './adapters/sql/sql-event-tally.js';
import { DashboardReader } from './application/dashboard-reader.js';
import { EventCounts } from './application/event-counts.js';
import { EventTally } from './application/event-tally.js';
import { DomainHealthOperation } from './application/domain-health.js';
import { EventThroughputOperation } from './application/event-throughput.js';
import { MetricsOperation } from './application/metrics.js';
import { ProjectorLagOperation } from './application/projector-lag.js';
import { RedriveParkedOperation } from './application/redrive-parked.js';
import { StreamStatusOperation } from './application/stream-status.js';
import { dashboardCommands } from './commands.js';
import { dashboardGraphql } from './graphql/dashboard.js';
import { dashboardRoutes, dashboardRouteTags } from './http.js';
import * as ops from './operations.js';
import { EventTallyRepository } from './ports.js';

const operations: readonly OperationBinding[] = [
  // Input schemas: GraphQL's arguments are parsed by them on the one entry path, with the bounds of REST's query and body.
  operation(ops.Metrics, MetricsOperation, ops.WindowArgs),
  operation(ops.DomainHealth, DomainHealthOperation, ops.WindowArgs),
  operation(ops.EventThroughput, EventThroughputOperation, ops.WindowArgs),
  operation(ops.StreamStatus, StreamStatusOperation),
  operation(ops.ProjectorLag, ProjectorLagOperation),
  operation(ops.RedriveParked, RedriveParkedOperation, ops.RedriveInputSchema),
];

/**
 * The live dashboard (version 1): figures computed on each call from the
 * event store, the consumer checkpoints, this process and the webhook
 * deliveries, for the whole service (the operator key) or one team (a
 * team's key), and the operator's re-drive of parked events (REST and CLI).
 * Its one consumer group keeps the event counts per type and per team and
 * type in the dashboard's own tables. The delivery figures come through
 * WebhookDeliveryStats, injected optionally (not in `requires`, no
 * dependency on webhooks): without the webhooks module they are null.
 */
export const dashboardPlugin = definePlugin({
  name: 'dashboard',
  version: '0.1.0',
  kernel: '^2.0.0',
  description: 'Live dashboard, per team or for the whole service: event counts and rates, domain health, stream status, projector and webhook delivery lag; re-drive of parked events.',
  dependsOn: ['identity'],
  provides: [],
  requires: [UnitOfWork, EventStore, ConsumerStore, EventBackbone, EventRegistry, Clock, Progress],
  persistence: {
    memory(bind: Bind) {
      bind<EventTallyRepository>(EventTallyRepository).to(MemoryEventTally);
    },
    sql(bind: Bind) {
      bind<EventTallyRepository>(EventTallyRepository).to(SqlEventTally);
    },
  },
  migrations: dashboardMigrations,
  routes: dashboardRoutes,
  routeTags: dashboardRouteTags,
  commands: dashboardCommands,
  graphql: dashboardGraphql,
  register(bind: Bind) {
    bind<DashboardReader>(DashboardReader).toSelf();
    bind<EventCounts>(EventCounts).toSelf();
  },
  operations,
  async start(rt) {
    rt.get(EventBackbone).register(new EventTally(rt.get(EventTallyRepository)));
  },
});

export default dashboardPlugin;
