/**
 * A FIFO async mutex. JavaScript runs one callback at a time, but awaits
 * interleave: without this, two units of work on the memory store could read
 * the same balance and both write it back (a lost update).
 */
export class AsyncMutex {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves, in arrival order, with the function that releases the lock. */
  async lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    await previous;
    return release;
  }
}
