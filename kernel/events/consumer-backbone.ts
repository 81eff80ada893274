import { silentProgress, type Progress } from '../../ports/progress.js';
import type { StoredEvent } from '../contract/event.js';
import { NotFoundError } from '../errors/errors.js';
import type { Clock } from '../../ports/clock.js';
import type {
  BackboneStats,
  BackgroundWorker,
  ConsumerCheckpoint,
  ConsumerDefinition,
  ConsumerEvent,
  ConsumerStore,
  EventBackbone,
  GroupStats,
  RedriveResult,
} from '../../ports/event-consumers.js';
import type { Logger } from '../../ports/logger.js';
import type { Scheduler, WakeableLoop } from '../../ports/scheduler.js';
import type { Tx } from '../../ports/unit-of-work.js';
import { ConsumerStats } from './consumer-stats.js';
import { pause } from '../scheduling/pause.js';

export interface ConsumerBackboneOptions {
  readonly store: ConsumerStore;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Runs the two loops in a process started with background work. */
  readonly scheduler: Scheduler;
  /** Fallback poll; wake-ups (in-process commits, NOTIFY) make it rarely matter. */
  readonly pollIntervalMs: number;
  readonly batchSize: number;
  /** Failures of one event before it is parked. */
  readonly maxAttempts: number;
  /** Wait before retrying a failed event: retryBaseMs × 2^(attempt − 1), at most retryMaxMs (Clock port time). */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** Also told of other processes' commits (the live event stream, so their events reach this process's subscribers at once). */
  readonly onRemoteCommit?: () => void;
}

/** How long drain() waits, in real time, for older transactions (anywhere on the server) to end. */
const DRAIN_WAIT_LIMIT_MS = 10_000;
/** Parked events one re-drive call goes through. */
const REDRIVE_LIMIT = 1_000;

/**
 * A handler's own failure: counts towards parking unless the store says its
 * cause is the store's (lost connection, deadlock …). `cause` is the original
 * error, so the SQL unit of work's retry sees its SQLSTATE.
 */
class HandlerFailure extends Error {
  constructor(
    cause: unknown,
    readonly event: StoredEvent,
    /** Whether the failing event is known (per-event handler, or a batch of one). */
    readonly pinned: boolean,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/**
 * Runs durable consumer groups over the event store, and plugins' background
 * workers after them, on two loops. Each pass claims a group (skipping groups
 * another process holds), hands its next batch to the handler and moves the
 * checkpoint in the same unit of work. A failed event is retried after an
 * exponential backoff measured by the Clock port; after `maxAttempts`
 * failures it is parked with its error (an operator can re-drive it) and
 * the group moves on.
 */
export class ConsumerBackbone implements EventBackbone {
  readonly #consumers = new Map<string, ConsumerDefinition>();
  readonly #ensured = new Set<string>();
  /** Each group's checkpoint as last seen here: when nothing lies past it, a pass skips the claim (a write). */
  readonly #seen = new Map<string, string>();
  /** A group backing off after a failure is not claimed before this time (ms by the Clock port). */
  readonly #notBefore = new Map<string, number>();
  readonly #workers: BackgroundWorker[] = [];
  readonly #stats: ConsumerStats;
  readonly #consumerLoop: WakeableLoop;
  readonly #workerLoop: WakeableLoop;
  #background = false;
  #unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly options: ConsumerBackboneOptions) {
    this.#stats = new ConsumerStats(options.clock.now(), () => options.clock.now().getTime());
    // Two loops: a slow webhook receiver must not hold back the consumers, nor the consumers the sending.
    this.#consumerLoop = options.scheduler.loop({ name: 'kernel.event-consumers', intervalMs: options.pollIntervalMs, run: () => this.#consumersPass() });
    this.#workerLoop = options.scheduler.loop({ name: 'kernel.background-workers', intervalMs: options.pollIntervalMs, run: () => this.#workersPass() });
  }

  register(consumer: ConsumerDefinition): void {
    if (this.#consumers.has(consumer.group)) throw new Error(`consumer group '${consumer.group}' is registered twice`);
    this.#consumers.set(consumer.group, consumer);
    this.#stats.group(consumer.group);
    this.wake();
  }

  registerWorker(worker: BackgroundWorker): void {
    this.#workers.push(worker);
    this.wake();
  }

  get background(): boolean {
    return this.#background;
  }

  /** Listens for other processes' commits, to wake the loops (which run on the Scheduler, started with it). */
  async startBackground(): Promise<void> {
    if (this.#background) return;
    this.#background = true;
    this.#unlisten = await this.options.store.onRemoteCommit(() => {
      this.wake();
      this.options.onRemoteCommit?.();
    });
  }

  /** Stops listening, after the Scheduler has stopped the loops. With `abandon`, sends in flight are not awaited (a crash, as far as the store can tell). */
  async stopBackground(options: { abandon?: boolean } = {}): Promise<void> {
    const wasRunning = this.#background;
    this.#background = false;
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    await unlisten?.().catch(() => undefined);
    // A server stopping gracefully lets the sends in flight finish (each is bounded by its timeout).
    if (wasRunning && !options.abandon) await this.#workersIdle();
  }

  async #workersIdle(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => worker.idle?.()));
  }

  /** Commits wake both loops: the consumers for the events, the workers for what the consumers queue. */
  wake(): void {
    this.#consumerLoop.wake();
    this.#workerLoop.wake();
  }

  wakeWorkers(options: { readonly everywhere?: boolean } = {}): void {
    this.#workerLoop.wake();
    if (options.everywhere) this.options.store.notifyOthers();
  }

  /**
   * On PostgreSQL a pass can find nothing while events committed before the
   * drain are not readable yet (a transaction older than theirs, in any
   * database of the server, is still running). So the drain notes where
   * commits stand when it starts, and goes on, with a short backoff, while
   * groups have events left and the readable horizon has not reached that
   * mark (bounded by DRAIN_WAIT_LIMIT_MS).
   */
  async drain(): Promise<number> {
    const { committed } = await this.options.store.horizon();
    let total = 0;
    let waitedMs = 0;
    for (let backoffMs = 1; ; ) {
      // Taken before the pass: if it already covered the mark, the pass could read everything committed before the drain.
      const { readable } = await this.options.store.horizon();
      // Sequential here (tests): consumers first, so what they queue is sent in the same round.
      const done = (await this.#consumersPass()) + (await this.#workersPass());
      await this.#workersIdle();
      total += done;
      if (done > 0) continue;
      if (readable >= committed || !(await this.#anyGroupBehind())) return total;
      if (waitedMs >= DRAIN_WAIT_LIMIT_MS) {
        this.options.logger.warn('drain gave up waiting for older transactions to end', { waited_ms: waitedMs });
        return total;
      }
      await pause(backoffMs);
      waitedMs += backoffMs;
      backoffMs = Math.min(backoffMs * 2, 50);
    }
  }

  stats(windowSeconds = 60): BackboneStats {
    return this.#stats.snapshot(this.#background, windowSeconds);
  }

  async redrive(group: string, position?: bigint, progress: Progress = silentProgress): Promise<RedriveResult[]> {
    const consumer = this.#consumers.get(group);
    if (!consumer) throw new NotFoundError('consumer group', group);
    const positions = position !== undefined ? [position] : await this.options.store.parkedPositions(group, REDRIVE_LIMIT);
    const results: RedriveResult[] = [];
    const task = progress.begin(`redrive ${group}`, positions.length);
    try {
      // One unit of work each: one event failing again does not undo the others.
      for (const at of positions) {
        const result = await this.#redriveOne(consumer, at);
        results.push(result);
        task.step(`position ${at} ${result.outcome}`);
      }
    } finally {
      task.end();
    }
    return results;
  }

  async #anyGroupBehind(): Promise<boolean> {
    for (const checkpoint of await this.options.store.checkpoints()) {
      if (this.#consumers.has(checkpoint.group) && (await this.options.store.hasAfter(checkpoint.cursor))) return true;
    }
    return false;
  }

  async #consumersPass(): Promise<number> {
    let done = 0;
    for (const consumer of this.#consumers.values()) {
      try {
        done += await this.#runGroup(consumer);
      } catch (error) {
        this.options.logger.error('consumer group pass failed', { group: consumer.group, error });
      }
    }
    // What the consumers queued (webhook deliveries) is for the workers: start them now, not at their next poll.
    if (done > 0) this.#workerLoop.wake();
    return done;
  }

  async #workersPass(): Promise<number> {
    let done = 0;
    for (const worker of this.#workers) {
      try {
        done += await worker.runDue();
      } catch (error) {
        this.options.logger.error('background worker failed', { worker: worker.name, error });
      }
    }
    return done;
  }

  async #runGroup(consumer: ConsumerDefinition): Promise<number> {
    if (!this.#ensured.has(consumer.group)) {
      await this.options.store.ensureGroup(consumer.group, this.options.clock.now());
      this.#ensured.add(consumer.group);
    }
    if ((this.#notBefore.get(consumer.group) ?? 0) > this.options.clock.now().getTime()) return 0;
    const seen = this.#seen.get(consumer.group);
    if (seen !== undefined && !(await this.options.store.hasAfter(seen))) return 0;
    try {
      const result = await this.options.store.claim(consumer.group, (tx, checkpoint) => this.#handleBatch(consumer, tx, checkpoint));
      return result.claimed ? result.value : 0;
    } catch (error) {
      // A store failure (the database down, a deadlock) is not the event's fault: the loop simply tries again.
      if (!(error instanceof HandlerFailure) || this.options.store.isStoreFailure(error.cause)) throw error;
      this.#stats.failed(consumer.group, error.message, error.event.type);
      return this.#recordFailure(consumer, error);
    }
  }

  async #handleBatch(consumer: ConsumerDefinition, tx: Tx, checkpoint: ConsumerCheckpoint): Promise<number> {
    const now = this.options.clock.now();
    const read = await this.options.store.readAfter(tx, checkpoint.cursor, this.options.batchSize);
    if (read.length === 0) {
      // Only after a clean look: events may lie past the checkpoint but not be readable yet (older transactions running).
      if (!(await this.options.store.hasAfter(checkpoint.cursor))) this.#seen.set(consumer.group, checkpoint.cursor);
      return 0;
    }
    // After a failure: the events before the failing one go as a batch; the failing one goes alone, once its backoff is over.
    const failingAt = checkpoint.failingCursor === null ? -1 : read.findIndex((e) => e.cursor === checkpoint.failingCursor);
    if (failingAt === 0 && checkpoint.retryAt && checkpoint.retryAt > now) {
      const retryAt = checkpoint.retryAt.getTime();
      tx.afterCommit(() => this.#notBefore.set(consumer.group, retryAt));
      return 0;
    }
    const events = failingAt === 0 ? read.slice(0, 1) : failingAt > 0 ? read.slice(0, failingAt) : read;
    const accepted = consumer.accepts ? events.filter((event) => consumer.accepts!(event)) : events;
    await this.#handle(consumer, tx, accepted);
    const last = events[events.length - 1]!;
    const passedFailing = failingAt === 0 || checkpoint.failingCursor === null;
    await this.options.store.save(tx, consumer.group, {
      cursor: last.cursor,
      position: last.position,
      handled: checkpoint.handled + events.length,
      parked: checkpoint.parked,
      attempts: passedFailing ? 0 : checkpoint.attempts,
      failingCursor: passedFailing ? null : checkpoint.failingCursor,
      lastError: checkpoint.lastError,
      retryAt: passedFailing ? null : checkpoint.retryAt,
      at: now,
    });
    tx.afterCommit(() => {
      this.#stats.handled(consumer.group, events.length, accepted);
      this.#seen.set(consumer.group, last.cursor);
      this.#notBefore.delete(consumer.group);
    });
    return events.length;
  }

  /** Runs the handler on `events`; a throw becomes a HandlerFailure naming the event, when it is known. */
  async #handle(consumer: ConsumerDefinition, tx: Tx, events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    if (consumer.handleBatch) {
      try {
        await consumer.handleBatch(tx, events);
      } catch (error) {
        throw new HandlerFailure(error, events[0]!, events.length === 1);
      }
      return;
    }
    for (const event of events) {
      try {
        await consumer.handle(tx, event);
      } catch (error) {
        throw new HandlerFailure(error, event, true);
      }
    }
  }

  /**
   * The batch rolled back. A pinned failure counts an attempt against its
   * event and schedules the retry after a backoff; once the event has failed
   * `maxAttempts` times (and nothing before it is left) it is parked and the
   * checkpoint moves past it. An unpinned one (a batch handler) only marks
   * the first event, so the group goes one event at a time until it finds
   * the failing one.
   */
  async #recordFailure(consumer: ConsumerDefinition, failure: HandlerFailure): Promise<number> {
    const result = await this.options.store.claim(consumer.group, async (tx, checkpoint) => {
      const read = await this.options.store.readAfter(tx, checkpoint.cursor, this.options.batchSize);
      const at = read.findIndex((e) => e.id === failure.event.id);
      if (at < 0) return 0; // another process moved past it meanwhile
      const event = read[at]!;
      const now = this.options.clock.now();
      const failing = (attempts: number, retryAt: Date | null) =>
        this.options.store.save(tx, consumer.group, {
          cursor: checkpoint.cursor,
          position: checkpoint.position,
          handled: checkpoint.handled,
          parked: checkpoint.parked,
          attempts,
          failingCursor: event.cursor,
          lastError: failure.message,
          retryAt,
          at: now,
        });
      if (!failure.pinned) {
        await failing(0, null);
        return 1;
      }
      const attempts = checkpoint.failingCursor === event.cursor ? checkpoint.attempts + 1 : 1;
      if (attempts < this.options.maxAttempts || at > 0) {
        const counted = Math.min(attempts, this.options.maxAttempts - 1);
        const retryAt = new Date(now.getTime() + this.#backoffMs(counted));
        await failing(counted, retryAt);
        // Only a failing event at the front holds the group back; the events before it go on at once.
        if (at === 0) tx.afterCommit(() => this.#notBefore.set(consumer.group, retryAt.getTime()));
        return 1;
      }
      await this.#park(tx, consumer.group, checkpoint, event, failure.message, attempts, now);
      return 1;
    });
    return result.claimed ? result.value : 0;
  }

  #backoffMs(attempt: number): number {
    return Math.min(this.options.retryMaxMs, this.options.retryBaseMs * 2 ** (attempt - 1));
  }

  async #park(tx: Tx, group: string, checkpoint: ConsumerCheckpoint, event: ConsumerEvent, error: string, attempts: number, now: Date): Promise<void> {
    await this.options.store.park(tx, {
      group,
      position: event.position,
      eventId: event.id,
      type: event.type,
      teamId: event.teamId,
      error,
      attempts,
      parkedAt: now,
    });
    await this.options.store.save(tx, group, {
      cursor: event.cursor,
      position: event.position,
      handled: checkpoint.handled,
      parked: checkpoint.parked + 1,
      attempts: 0,
      failingCursor: null,
      lastError: error,
      retryAt: null,
      at: now,
    });
    tx.afterCommit(() => {
      this.#stats.parked(group);
      this.#notBefore.delete(group);
    });
    this.options.logger.error('event parked after repeated consumer failures', {
      group,
      position: event.position.toString(),
      type: event.type,
      attempts,
      error,
    });
  }

  async #redriveOne(consumer: ConsumerDefinition, position: bigint): Promise<RedriveResult> {
    const { group } = consumer;
    try {
      const result = await this.options.store.withParked(group, position, async (tx, _parked, event) => {
        const accepted = !consumer.accepts || consumer.accepts(event);
        await this.#handle(consumer, tx, accepted ? [event] : []);
        await this.options.store.unpark(tx, group, position);
        tx.afterCommit(() => this.#stats.handled(group, 1, accepted ? [event] : []));
        return { group, position, eventId: event.id, type: event.type, outcome: 'handled', error: null } as const;
      });
      return result.found ? result.value : { group, position, eventId: null, type: null, outcome: 'missing', error: null };
    } catch (error) {
      if (!(error instanceof HandlerFailure) || this.options.store.isStoreFailure(error.cause)) throw error;
      this.#stats.failed(group, error.message, error.event.type);
      const now = this.options.clock.now();
      // Still parked: record the new error so the dashboard shows why.
      await this.options.store.withParked(group, position, (tx, parked) =>
        this.options.store.park(tx, { ...parked, error: error.message, attempts: parked.attempts + 1, parkedAt: now }),
      );
      this.options.logger.warn('re-driven event failed again; it stays parked', { group, position: position.toString(), error });
      return { group, position, eventId: error.event.id, type: error.event.type, outcome: 'failed', error: error.message };
    }
  }
}

export type { GroupStats };
