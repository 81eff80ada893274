import type { NewEvent } from '../contract/event.js';
import type { Tx, UnitOfWork } from '../../ports/unit-of-work.js';

/**
 * Wraps the store's unit of work so that a commit which appended events
 * pokes the live event stream at once (other processes' commits are picked up
 * by the stream's poll). The transaction is proxied, not copied, so
 * store-specific handles (db, onRollback) stay reachable and bound.
 */
export class NotifyingUnitOfWork implements UnitOfWork {
  constructor(
    private readonly inner: UnitOfWork,
    private readonly onEventsCommitted: () => void,
  ) {}

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.inner.run((tx) => work(this.#notifying(tx)));
  }

  readOnly<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.inner.readOnly(work);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  #notifying(tx: Tx): Tx {
    const append = (events: readonly NewEvent[]): Promise<void> => {
      if (events.length > 0) tx.afterCommit(this.onEventsCommitted);
      return tx.append(events);
    };
    return new Proxy(tx, {
      get(target, property) {
        if (property === 'append') return append;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}
