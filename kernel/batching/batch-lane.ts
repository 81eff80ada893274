import { AsyncLocalStorage } from 'node:async_hooks';
import type { Outcome } from '../contract/outcome.js';

export interface BatchLaneOptions {
  /** Most items in one batch. */
  readonly maxBatch: number;
  /** Batches running at once (each holds one database connection). */
  readonly maxInFlight: number;
}

interface Waiting<I, R> {
  readonly item: I;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/**
 * Group commit without a timer: an item submitted while fewer than
 * `maxInFlight` batches run starts a batch at once; items that arrive while
 * every slot is busy wait and leave together in the next batch. Under light
 * load every batch has one item (no added latency); under load batches grow
 * to what arrived during one batch's round trips.
 *
 * `run` answers one outcome per item. When it throws (a store failure, a
 * bug), every item of that batch is retried alone, so one bad item fails
 * only itself. Batches run outside the async context of whichever request
 * triggered them: a transaction open in that context must not be joined.
 */
export class BatchLane<I, R> {
  readonly #queue: Waiting<I, R>[] = [];
  readonly #detached = AsyncLocalStorage.snapshot();
  #inFlight = 0;

  constructor(
    private readonly run: (items: readonly I[]) => Promise<Outcome<R>[]>,
    private readonly options: BatchLaneOptions,
  ) {
    if (options.maxBatch < 1 || options.maxInFlight < 1) throw new RangeError('a batch lane needs maxBatch and maxInFlight of at least 1');
  }

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#pump();
    });
  }

  #pump(): void {
    while (this.#inFlight < this.options.maxInFlight && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.options.maxBatch);
      this.#inFlight += 1;
      this.#detached(() => this.#dispatch(batch)).finally(() => {
        this.#inFlight -= 1;
        this.#pump();
      });
    }
  }

  async #dispatch(batch: readonly Waiting<I, R>[]): Promise<void> {
    let outcomes: Outcome<R>[];
    try {
      outcomes = await this.run(batch.map((waiting) => waiting.item));
      if (outcomes.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${outcomes.length} outcomes`);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // One at a time: this is the rare path, and it must not take more connections than a batch.
      for (const waiting of batch) await this.#dispatch([waiting]);
      return;
    }
    outcomes.forEach((outcome, index) => {
      const waiting = batch[index]!;
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }
}
