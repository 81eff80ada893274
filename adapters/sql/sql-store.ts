import { sql, type Kysely } from 'kysely';
import type { StoreDeps } from '../open-store.js';
import type { StoreBundle, StoreKind } from '../store.js';
import { CommitNotifier } from './commit-notifier.js';
import { consumerMigrations, EVENTS_CHANNEL } from './consumer-migrations.js';
import { kernelMigrations } from './kernel-migrations.js';
import { DEFAULT_RETRY } from './retry.js';
import { SqlConsumerStore, type EventsListener } from './sql-consumer-store.js';
import { eventWriter, SqlEventStore } from './sql-event-store.js';
import { SqlIdempotencyStore } from './sql-idempotency-store.js';
import { SqlMigrator } from './sql-migrator.js';
import { SqlUnitOfWork } from './sql-unit-of-work.js';
import { SqlWorkflowStore } from './sql-workflow-store.js';
import { truncateAll } from './truncate-all.js';
import { VacuumAnalyze } from './vacuum-analyze.js';

/** Builds the kernel ports over one root Kysely handle, which the unit of work keeps to itself. */
export function openSqlStore(
  kind: Extract<StoreKind, 'postgres' | 'pglite'>,
  root: Kysely<any>,
  deps: StoreDeps,
  eventsListener?: EventsListener,
): StoreBundle {
  const unitOfWork = new SqlUnitOfWork(root, {
    dialect: kind,
    logger: deps.logger,
    retry: DEFAULT_RETRY,
    events: eventWriter(deps.clock, deps.ids),
  });
  // PostgreSQL only: other processes LISTEN for it; PGlite is one process. One subscriber of the
  // "events committed" hook, beside the kernel's own wake of this process's stream and consumers.
  // The consumer store sends the same NOTIFY for work committed without events (a webhook outbox).
  let notifyOthers: (() => void) | undefined;
  if (kind === 'postgres') {
    const notifier = new CommitNotifier(async () => {
      await unitOfWork.read((db) => sql`select pg_notify(${EVENTS_CHANNEL}, '')`.execute(db));
    }, deps.logger);
    notifyOthers = () => notifier.signal();
    unitOfWork.onEventsCommitted(notifyOthers);
  }
  const migrator = new SqlMigrator(unitOfWork);
  return {
    kind,
    family: 'sql',
    unitOfWork,
    eventStore: new SqlEventStore(unitOfWork),
    idempotency: new SqlIdempotencyStore(unitOfWork),
    workflows: new SqlWorkflowStore(unitOfWork),
    migrator,
    consumers: new SqlConsumerStore(unitOfWork, eventsListener, notifyOthers),
    init: async () => {
      await migrator.migrate('kernel', kernelMigrations);
      await migrator.migrate('event-backbone', consumerMigrations);
    },
    truncateAll: () => unitOfWork.withRoot(truncateAll),
    // PostgreSQL vacuums and analyses on its own (autovacuum); PGlite has none.
    ...(kind === 'pglite' ? { maintenance: new VacuumAnalyze(unitOfWork, deps.logger) } : {}),
    close: () => unitOfWork.close(),
  };
}
