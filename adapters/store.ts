import type { Clock } from '../ports/clock.js';
import type { ConsumerStore } from '../ports/event-consumers.js';
import type { EventStore } from '../ports/event-store.js';
import type { IdempotencyStore } from '../ports/idempotency-store.js';
import type { Ids } from '../ports/ids.js';
import type { Logger } from '../ports/logger.js';
import type { Migrator } from '../ports/migrator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { PeriodicTask } from '../ports/scheduler.js';
import type { WorkflowStore } from '../ports/workflow-store.js';

export type StoreKind = 'memory' | 'pglite' | 'postgres';

export interface StoreOptions {
  readonly kind: StoreKind;
  /** PGlite data directory; 'memory://' keeps PGlite in memory (tests). */
  readonly dataDir?: string;
  readonly databaseUrl?: string;
  readonly poolSize?: number;
  /** Stamps events' occurredAt (default: system time), so tests can move it. */
  readonly clock?: Clock;
  /** Gives events their ids (default: crypto.randomUUID), seeded in tests. */
  readonly ids?: Ids;
  /** Receives retry warnings and failed afterCommit hooks (default: console). */
  readonly logger?: Logger;
}

export interface PoolUsage {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

/**
 * One opened store: the kernel ports it implements, already wired to one
 * database handle. The composition root binds these to their tokens.
 */
export interface StoreBundle {
  readonly kind: StoreKind;
  readonly family: 'memory' | 'sql';
  readonly unitOfWork: UnitOfWork;
  readonly eventStore: EventStore;
  readonly idempotency: IdempotencyStore;
  readonly workflows: WorkflowStore;
  readonly migrator: Migrator;
  /** Durable consumer-group checkpoints over the event store (the event backbone). */
  readonly consumers: ConsumerStore;
  /** The connection pool's usage now (PostgreSQL only: memory and PGlite have no pool). */
  readonly poolUsage?: () => PoolUsage;
  /** Upkeep the store needs and does not do itself (PGlite: VACUUM and ANALYZE), scheduled by serving processes. */
  readonly maintenance?: PeriodicTask;
  /** Creates the kernel's own tables (events, idempotency keys, workflows) once. */
  init(): Promise<void>;
  /** Test helper: deletes every row of every table, keeping the schema. */
  truncateAll(): Promise<void>;
  close(): Promise<void>;
}
