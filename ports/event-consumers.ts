import type { Progress } from './progress.js';
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
  /** While failing: not before this time (by the Clock port) is the event tried again (exponential backoff). */
  readonly retryAt: Date | null;
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
  /** Absent = null: not backing off. */
  readonly retryAt?: Date | null;
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
  /** Records a parked event; parking one again (a failed re-drive) replaces its error and attempts. */
  park(tx: Tx, parked: ParkedEvent): Promise<void>;
  /**
   * Runs `work` in one unit of work holding one parked event of `group` (the
   * one at `position`) with the stored event; `found: false` when it is not
   * parked (or another re-drive holds it). The work removes it with `unpark`.
   */
  withParked<T>(
    group: string,
    position: bigint,
    work: (tx: Tx, parked: ParkedEvent, event: StoredEvent) => Promise<T>,
  ): Promise<{ found: true; value: T } | { found: false }>;
  unpark(tx: Tx, group: string, position: bigint): Promise<void>;
  checkpoints(): Promise<ConsumerCheckpoint[]>;
  /** Newest first; only `group`'s when given, only events of team `teamId` when given. */
  parkedEvents(limit: number, group?: string, teamId?: string): Promise<ParkedEvent[]>;
  /** How many events each group has parked now (groups with none left out), only events of team `teamId` when given. */
  parkedCounts(teamId?: string): Promise<Array<{ readonly group: string; readonly count: number }>>;
  /** Positions of `group`'s parked events, lowest (oldest in the stream) first: the order a re-drive hands them back in. */
  parkedPositions(group: string, limit: number): Promise<bigint[]>;
  /** Whether any committed event lies after `cursor` (a cheap read that spares idle claims a write). */
  hasAfter(cursor: string): Promise<boolean>;
  /**
   * Committed events after `cursor` per type (what the group still has to
   * handle); with `teamId`, only that team's events (an index on team and
   * commit order on SQL, so the cost follows the team's backlog).
   */
  pendingByType(cursor: string, teamId?: string): Promise<EventCount[]>;
  /**
   * The next event after `cursor` in the group's order (the one it is
   * handling or failing on); with `teamId`, the next of that team's events.
   */
  nextPending(cursor: string, teamId?: string): Promise<{ readonly type: string; readonly occurredAt: Date; readonly teamId: string } | undefined>;
  /** Position of the team's newest committed event in commit order, 0n before any. */
  teamHead(teamId: string): Promise<bigint>;
  /**
   * Where the log stands in commit order. `committed` lies past every
   * transaction committed so far; `readable` is how far `readAfter` sees (on
   * PostgreSQL the oldest transaction still running anywhere on the server,
   * so it can trail `committed`). Once `readable` reaches a `committed` taken
   * earlier, everything committed before that moment is readable.
   */
  horizon(): Promise<{ readonly committed: bigint; readonly readable: bigint }>;
  /**
   * Whether an error is the store's, not the handler's: lost connections,
   * serialization failures and deadlocks, exhausted resources, shutdowns.
   * Such failures are retried without counting towards parking.
   */
  isStoreFailure(error: unknown): boolean;
  /** Committed events per type that occurred at or after `since` (a range over occurred_at), by type; only team `teamId`'s when given. */
  countSince(since: Date, teamId?: string): Promise<EventCount[]>;
  /**
   * Calls `listener` when another process commits events (LISTEN/NOTIFY on
   * PostgreSQL). In-process commits are signalled by the kernel. Returns unsubscribe.
   */
  onRemoteCommit(listener: () => void): Promise<() => Promise<void>>;
  /**
   * Tells other processes that work was committed, as a commit with events
   * does (PostgreSQL: the same coalesced NOTIFY); nothing where no other
   * process shares the store. A wake-up, never for correctness.
   */
  notifyOthers(): void;
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
  /**
   * Optional: takes a whole batch of accepted events at once (one statement for many); `handle` is then unused.
   * Events read from the log carry their cursor; a re-driven parked event is a bare StoredEvent.
   */
  handleBatch?(tx: Tx, events: readonly (StoredEvent | ConsumerEvent)[]): Promise<void>;
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
  /**
   * Handles everything committed before the call for every group this
   * process can claim, and runs the workers until they are idle; returns
   * the work done. A group waiting out a failure's backoff is left waiting.
   */
  drain(): Promise<number>;
  /** Something committed: run soon rather than at the next poll. */
  wake(): void;
  /**
   * Only the background workers: a worker freed capacity, or work for them
   * committed. With `everywhere`, other processes sharing the store are woken
   * too (for work any of them may take, such as rows of an outbox written in a
   * commit without events). Since 2.4.0.
   */
  wakeWorkers(options?: { readonly everywhere?: boolean }): void;
  /** This process's figures; `window` sums the last `windowSeconds` (by the Clock port, at most an hour). */
  stats(windowSeconds?: number): BackboneStats;
  /**
   * Operator re-drive: hands parked events of `group` (the one at `position`,
   * else all, oldest first) to the group's handler again, one unit of work
   * each. A handled event leaves the parked list; a failing one stays with
   * its new error. The group must be registered in this process. Each
   * event redriven is a step of `progress`.
   */
  redrive(group: string, position?: bigint, progress?: Progress): Promise<RedriveResult[]>;
}
export const EventBackbone = token<EventBackbone>('kernel.event-backbone');

export interface GroupStats {
  readonly group: string;
  readonly handled: number;
  readonly failures: number;
  readonly parked: number;
  /** Event occurred-at to handled, in ms: the latest samples (bounded), for percentiles only; each names its event's team. */
  readonly latencies: ReadonlyArray<{ readonly type: string; readonly teamId: string; readonly ms: number; readonly at: number }>;
  readonly lastError: string | null;
  readonly lastRunAt: Date | null;
}

export interface RedriveResult {
  readonly group: string;
  readonly position: bigint;
  /** Null when the event was not parked (missing). */
  readonly eventId: string | null;
  readonly type: string | null;
  /** handled (or not accepted by the group: nothing to do), failed (still parked), missing (not parked any more). */
  readonly outcome: 'handled' | 'failed' | 'missing';
  readonly error: string | null;
}

/** Counted per clock second, so a window's totals are exact however busy the process is. */
export interface WindowCounts {
  readonly seconds: number;
  readonly handled: number;
  readonly failed: number;
  readonly failedByType: Readonly<Record<string, number>>;
}

export interface BackboneStats {
  readonly startedAt: Date;
  readonly running: boolean;
  readonly groups: readonly GroupStats[];
  readonly window: WindowCounts;
}
