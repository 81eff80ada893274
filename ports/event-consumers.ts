import type { StoredEvent } from '../kernel/contract/event.js';
import { token } from '../kernel/contract/token.js';
import type { Tx } from './unit-of-work.js';

/**
 * Durable consumer groups over the append-only event store. A group reads
 * events in a stable order and keeps its own checkpoint; the checkpoint and
 * whatever the handler writes commit in one unit of work, so a crash resumes
 * exactly where the last commit left off.
 *
 * The order is given by an opaque `cursor`, not by `position` alone: on
 * PostgreSQL identity positions can commit out of order, so the SQL store
 * orders by (inserting transaction id, position) and only hands out events of
 * transactions older than every transaction still running (see
 * docs/decisions.md). Memory and PGlite commit one at a time, so there the
 * cursor is the position.
 */
export interface ConsumerEvent extends StoredEvent {
  /** Where the group's checkpoint moves to once this event is handled. */
  readonly cursor: string;
}

export interface ConsumerCheckpoint {
  readonly group: string;
  readonly cursor: string;
  /** Position of the last event handled (or parked), 0n before any. */
  readonly position: bigint;
  readonly handled: number;
  readonly parked: number;
  /** Consecutive failures of the event at `failingCursor`. */
  readonly attempts: number;
  readonly failingCursor: string | null;
  readonly lastError: string | null;
  readonly updatedAt: Date;
}

export interface CheckpointUpdate {
  readonly cursor: string;
  readonly position: bigint;
  readonly handled: number;
  readonly parked: number;
  readonly attempts: number;
  readonly failingCursor: string | null;
  readonly lastError: string | null;
  readonly at: Date;
}

export interface ParkedEvent {
  readonly group: string;
  readonly position: bigint;
  readonly eventId: string;
  readonly type: string;
  readonly teamId: string;
  readonly error: string;
  readonly attempts: number;
  readonly parkedAt: Date;
}

export interface EventCount {
  readonly type: string;
  readonly count: number;
}

export interface ConsumerStore {
  /** Creates the group's checkpoint at the start of the log when it does not exist yet. */
  ensureGroup(group: string, at: Date): Promise<void>;
  /**
   * Runs `work` in one unit of work holding the group's checkpoint row
   * (FOR UPDATE SKIP LOCKED on SQL): `claimed: false` when another process
   * holds it. A throw rolls back the handler's writes and the checkpoint alike.
   */
  claim<T>(group: string, work: (tx: Tx, checkpoint: ConsumerCheckpoint) => Promise<T>): Promise<{ claimed: true; value: T } | { claimed: false }>;
  /** Events after `cursor` that can no longer be preceded by a later commit, in cursor order. */
  readAfter(tx: Tx, cursor: string, limit: number): Promise<ConsumerEvent[]>;
  save(tx: Tx, group: string, update: CheckpointUpdate): Promise<void>;
  park(tx: Tx, parked: ParkedEvent): Promise<void>;
  checkpoints(): Promise<ConsumerCheckpoint[]>;
  parkedEvents(limit: number): Promise<ParkedEvent[]>;
  /** Whether any committed event lies after `cursor` (a cheap read that spares idle claims a write). */
  hasAfter(cursor: string): Promise<boolean>;
  /** Committed events after `cursor` (what the group still has to handle). */
  pending(cursor: string): Promise<number>;
  /** Occurred-at of the oldest event after `cursor`, for lag in seconds. */
  oldestPendingAt(cursor: string): Promise<Date | undefined>;
  /** Events per type, all time or since `since`. */
  countByType(since?: Date): Promise<EventCount[]>;
  /**
   * Calls `listener` when another process commits events (LISTEN/NOTIFY on
   * PostgreSQL). In-process commits are signalled by the kernel. Returns unsubscribe.
   */
  onRemoteCommit(listener: () => void): Promise<() => Promise<void>>;
  /** 'listen' when cross-process wake-ups are live, 'in-process' otherwise. */
  readonly wakeMode: () => 'listen' | 'in-process' | 'disconnected';
}
export const ConsumerStore = token<ConsumerStore>('kernel.consumer-store');

/** Where a new group starts: before the first event. */
export const START_CURSOR = '0:0';

/** One durable consumer: a projector, the webhook fan-out, … */
export interface ConsumerDefinition {
  readonly group: string;
  /** Which events it wants; the others only move the checkpoint. */
  accepts?(event: StoredEvent): boolean;
  /** Runs inside the unit of work that moves the checkpoint. Throw to retry; after maxAttempts the event is parked. */
  handle(tx: Tx, event: StoredEvent): Promise<void>;
}

/**
 * Work a plugin runs on the backbone's loop after the consumers (e.g. the
 * webhook dispatcher sending due deliveries), so one loop, one wake-up and
 * one drain cover it.
 */
export interface BackgroundWorker {
  readonly name: string;
  /** Starts what is due now; returns how much it started (0 = nothing due). */
  runDue(): Promise<number>;
  /** Resolves when work started by runDue has finished (drains and graceful stops wait for it). */
  idle?(): Promise<void>;
}

/** The kernel service that runs consumer groups (bound by the kernel). */
export interface EventBackbone {
  register(consumer: ConsumerDefinition): void;
  registerWorker(worker: BackgroundWorker): void;
  /** Handles everything committed so far for every group this process can claim; returns events handled. */
  drain(): Promise<number>;
  /** Something committed: run soon rather than at the next poll. */
  wake(): void;
  stats(): BackboneStats;
}
export const EventBackbone = token<EventBackbone>('kernel.event-backbone');

export interface GroupStats {
  readonly group: string;
  readonly handled: number;
  readonly failures: number;
  readonly parked: number;
  /** Event occurred-at to handled, in ms, recent samples per event type. */
  readonly latencies: ReadonlyArray<{ readonly type: string; readonly ms: number; readonly at: number }>;
  readonly lastError: string | null;
  readonly lastRunAt: Date | null;
}

export interface BackboneStats {
  readonly startedAt: Date;
  readonly running: boolean;
  readonly groups: readonly GroupStats[];
  /** Recent failures with the time and the event type, for error rates. */
  readonly recentFailures: ReadonlyArray<{ readonly group: string; readonly type: string; readonly at: number }>;
}
