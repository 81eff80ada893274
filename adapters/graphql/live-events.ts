import type { StoredEvent } from '../../kernel/contract/event.js';
import type { EventStream } from '../../ports/event-stream.js';

/** A subscriber that falls this far behind is cut off rather than buffering without bound. */
export const MAX_BUFFERED_EVENTS = 1_000;

/**
 * The live event stream as an async iterable for one subscription: only the
 * given team's events, narrowed by `accept`, buffered until pulled. Ending
 * the iteration (client unsubscribes, socket closes) unsubscribes.
 */
export function teamEvents(stream: EventStream, teamId: string, accept: (event: StoredEvent) => boolean): AsyncIterable<StoredEvent> {
  return {
    [Symbol.asyncIterator](): AsyncIterator<StoredEvent> {
      const buffer: StoredEvent[] = [];
      let waiting: ((result: IteratorResult<StoredEvent>) => void) | undefined;
      let failed: Error | undefined;
      let done = false;
      const unsubscribe = stream.subscribe((event) => {
        // The tenancy filter: nothing of another team ever reaches a subscriber.
        if (done || teamId === '' || event.teamId !== teamId || !accept(event)) return;
        if (waiting) {
          const resolve = waiting;
          waiting = undefined;
          resolve({ value: event, done: false });
        } else if (buffer.length >= MAX_BUFFERED_EVENTS) {
          failed = new Error('The subscriber fell too far behind the event stream; subscribe again.');
          finish();
        } else buffer.push(event);
      });
      const finish = (): void => {
        if (done) return;
        done = true;
        unsubscribe();
        if (waiting && !failed) waiting({ value: undefined, done: true });
      };
      return {
        next() {
          if (buffer.length > 0) return Promise.resolve({ value: buffer.shift()!, done: false });
          if (failed) return Promise.reject(failed);
          if (done) return Promise.resolve({ value: undefined, done: true });
          return new Promise((resolve) => (waiting = resolve));
        },
        return() {
          buffer.length = 0;
          finish();
          return Promise.resolve({ value: undefined, done: true });
        },
      };
    },
  };
}
