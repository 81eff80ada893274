import type { Clock } from '../../ports/clock.js';
import type {
  BackboneStats,
  BackgroundWorker,
  ConsumerCheckpoint,
  ConsumerDefinition,
  ConsumerStore,
  EventBackbone,
  GroupStats,
} from '../../ports/event-consumers.js';
import type { Logger } from '../../ports/logger.js';
import type { Tx } from '../../ports/unit-of-work.js';
import { ConsumerStats } from './consumer-stats.js';
import { LoopLane } from '../scheduling/loop-lane.js';

export interface ConsumerBackboneOptions {
  readonly store: ConsumerStore;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Fallback poll; wake-ups (in-process commits, NOTIFY) make it rarely matter. */
  readonly pollIntervalMs: number;
  readonly batchSize: number;
  /** Failures of one event before it is parked. */
  readonly maxAttempts: number;
}

/** A handler's own failure: counts towards parking. Store failures do not (they are not the event's fault). */
class HandlerFailure extends Error {
  constructor(
    readonly original: unknown,
    readonly eventType: string,
  ) {
    super(original instanceof Error ? original.message : String(original));
  }
}

/**
 * Runs durable consumer groups over the event store, and plugins' background
 * workers after them, on one loop. Each pass claims a group (skipping groups
 * another process holds), hands its next batch to the handler and moves the
 * checkpoint in the same unit of work. A failing batch is retried one event
 * at a time; an event failing `maxAttempts` times is parked with its error
 * and the group moves on.
 */
export class ConsumerBackbone implements EventBackbone {
  readonly #consumers = new Map<string, ConsumerDefinition>();
  readonly #ensured = new Set<string>();
  /** Each group's checkpoint as last seen here: when nothing lies past it, a pass skips the claim (a write). */
  readonly #seen = new Map<string, string>();
  readonly #workers: BackgroundWorker[] = [];
  readonly #stats: ConsumerStats;
  readonly #consumerLane: LoopLane;
  readonly #workerLane: LoopLane;
  #background = false;
  #unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly options: ConsumerBackboneOptions) {
    this.#stats = new ConsumerStats(options.clock.now(), () => options.clock.now().getTime());
    // Two loops: a slow webhook receiver must not hold back the consumers, nor the consumers the sending.
    this.#consumerLane = new LoopLane('event consumers', () => this.#consumersPass(), options.pollIntervalMs, options.logger);
    this.#workerLane = new LoopLane('background workers', () => this.#workersPass(), options.pollIntervalMs, options.logger);
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

  async startBackground(): Promise<void> {
    if (this.#background) return;
    this.#background = true;
    this.#unlisten = await this.options.store.onRemoteCommit(() => this.wake());
    this.#consumerLane.start();
    this.#workerLane.start();
  }

  /** Stops the loop. With `abandon`, an in-flight pass is not awaited (a crash, as far as the store can tell). */
  async stopBackground(options: { abandon?: boolean } = {}): Promise<void> {
    const wasRunning = this.#background;
    this.#background = false;
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    await unlisten?.().catch(() => undefined);
    await Promise.all([this.#consumerLane.stop(options.abandon), this.#workerLane.stop(options.abandon)]);
    // A server stopping gracefully lets the sends in flight finish (each is bounded by its timeout).
    if (wasRunning && !options.abandon) await this.#workersIdle();
  }

  async #workersIdle(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => worker.idle?.()));
  }

  /** Commits wake both loops: the consumers for the events, the workers for what the consumers queue. */
  wake(): void {
    this.#consumerLane.wake();
    this.#workerLane.wake();
  }

  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      // Sequential here (tests): consumers first, so what they queue is sent in the same round.
      const done = (await this.#consumersPass()) + (await this.#workersPass());
      await this.#workersIdle();
      total += done;
      if (done === 0) return total;
    }
  }

  stats(): BackboneStats {
    return this.#stats.snapshot(this.#background);
  }

  async #consumersPass(): Promise<number> {
    let done = 0;
    for (const consumer of this.#consumers.values()) {
      try {
        done += await this.#runGroup(consumer);
      } catch (error) {
        this.options.logger.error('consumer group pass failed', { group: consumer.group, error: String(error) });
      }
    }
    // What the consumers queued (webhook deliveries) is for the workers: start them now, not at their next poll.
    if (done > 0) this.#workerLane.wake();
    return done;
  }

  async #workersPass(): Promise<number> {
    let done = 0;
    for (const worker of this.#workers) {
      try {
        done += await worker.runDue();
      } catch (error) {
        this.options.logger.error('background worker failed', { worker: worker.name, error: String(error) });
      }
    }
    return done;
  }

  async #runGroup(consumer: ConsumerDefinition): Promise<number> {
    if (!this.#ensured.has(consumer.group)) {
      await this.options.store.ensureGroup(consumer.group, this.options.clock.now());
      this.#ensured.add(consumer.group);
    }
    const seen = this.#seen.get(consumer.group);
    if (seen !== undefined && !(await this.options.store.hasAfter(seen))) return 0;
    try {
      const result = await this.options.store.claim(consumer.group, (tx, checkpoint) => this.#handleBatch(consumer, tx, checkpoint));
      return result.claimed ? result.value : 0;
    } catch (error) {
      if (!(error instanceof HandlerFailure)) throw error;
      this.#stats.failed(consumer.group, error.message, error.eventType);
      return this.#recordFailure(consumer, error.message);
    }
  }

  async #handleBatch(consumer: ConsumerDefinition, tx: Tx, checkpoint: ConsumerCheckpoint): Promise<number> {
    // After a failure, go one event at a time so the failure is pinned on the right event.
    const limit = checkpoint.failingCursor ? 1 : this.options.batchSize;
    const events = await this.options.store.readAfter(tx, checkpoint.cursor, limit);
    if (events.length === 0) {
      // Only after a clean look: events may lie past the checkpoint but not be readable yet (older transactions running).
      if (!(await this.options.store.hasAfter(checkpoint.cursor))) this.#seen.set(consumer.group, checkpoint.cursor);
      return 0;
    }
    const handledAt: Array<{ type: string; occurredAt: Date }> = [];
    for (const event of events) {
      if (consumer.accepts && !consumer.accepts(event)) continue;
      try {
        await consumer.handle(tx, event);
      } catch (error) {
        throw new HandlerFailure(error, event.type);
      }
      handledAt.push({ type: event.type, occurredAt: event.occurredAt });
    }
    const last = events[events.length - 1]!;
    await this.options.store.save(tx, consumer.group, {
      cursor: last.cursor,
      position: last.position,
      handled: checkpoint.handled + events.length,
      parked: checkpoint.parked,
      attempts: 0,
      failingCursor: null,
      lastError: checkpoint.lastError,
      at: this.options.clock.now(),
    });
    tx.afterCommit(() => {
      this.#stats.handled(consumer.group, events.length, handledAt);
      this.#seen.set(consumer.group, last.cursor);
    });
    return events.length;
  }

  /** The batch rolled back: count the attempt against its first event, and park it once it has failed too often. */
  async #recordFailure(consumer: ConsumerDefinition, message: string): Promise<number> {
    const result = await this.options.store.claim(consumer.group, async (tx, checkpoint) => {
      const [event] = await this.options.store.readAfter(tx, checkpoint.cursor, 1);
      if (!event) return 0;
      const attempts = checkpoint.failingCursor === event.cursor ? checkpoint.attempts + 1 : 1;
      const now = this.options.clock.now();
      if (attempts < this.options.maxAttempts) {
        await this.options.store.save(tx, consumer.group, { ...checkpoint, attempts, failingCursor: event.cursor, lastError: message, at: now });
        return 1;
      }
      await this.options.store.park(tx, {
        group: consumer.group,
        position: event.position,
        eventId: event.id,
        type: event.type,
        teamId: event.teamId,
        error: message,
        attempts,
        parkedAt: now,
      });
      await this.options.store.save(tx, consumer.group, {
        cursor: event.cursor,
        position: event.position,
        handled: checkpoint.handled,
        parked: checkpoint.parked + 1,
        attempts: 0,
        failingCursor: null,
        lastError: message,
        at: now,
      });
      tx.afterCommit(() => this.#stats.parked(consumer.group));
      this.options.logger.error('event parked after repeated consumer failures', {
        group: consumer.group,
        position: event.position.toString(),
        type: event.type,
        attempts,
        error: message,
      });
      return 1;
    });
    return result.claimed ? result.value : 0;
  }
}

export type { GroupStats };
