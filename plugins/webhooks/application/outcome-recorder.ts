/**
 * Coalesces writes: `add` queues an item and resolves once a write holding it
 * committed. Items added while a write runs go together into the next one,
 * so under load many answers share one commit, and when idle each is
 * written at once. A failed write rejects the adds it held.
 */
export class OutcomeRecorder<T> {
  #queue: Array<{ item: T; resolve: () => void; reject: (error: unknown) => void }> = [];
  #writing: Promise<void> | undefined;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    /** Items per write: keeps each transaction short (on PostgreSQL a long one holds back every consumer). */
    private readonly maxBatch = 100,
  ) {}

  add(item: T): Promise<void> {
    const done = new Promise<void>((resolve, reject) => this.#queue.push({ item, resolve, reject }));
    if (!this.#writing) this.#writing = this.#flush();
    return done;
  }

  async #flush(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.maxBatch);
      try {
        await this.write(batch.map((entry) => entry.item));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.#writing = undefined;
  }
}
