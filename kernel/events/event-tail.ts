import type { StoredEvent } from '../contract/event.js';
import type { EventStore } from '../../ports/event-store.js';
import type { EventStream, SubscribeOptions } from '../../ports/event-stream.js';
import type { Logger } from '../../ports/logger.js';

const BATCH = 500;

/**
 * Follows the event store from its head while anyone listens. Commits in this
 * process poke it at once; a slow poll catches commits of other processes.
 *
 * A serving process calls follow() at start, so the tail always knows its
 * position and a new listener starts from it synchronously. Without that,
 * the first listener's starting point is the head read after subscribing,
 * and an event committed in between would be missed.
 */
export class EventTail implements EventStream {
  readonly #listeners = new Set<(event: StoredEvent) => void>();
  /**
   * Where a listener starts when it joined a tail that was neither following
   * nor read at once on commits (only lazy listeners kept it, so its place may
   * lag by a poll): the head read by the first pass after it subscribed, as
   * for the first listener of an idle tail. Until that pass it is 'head'.
   */
  readonly #startsAfter = new Map<(event: StoredEvent) => void, bigint | 'head'>();
  /** Listeners that are not lazy: only they make a commit read the log at once. */
  #eager = 0;
  /** The types each filtered listener takes (SubscribeOptions.types); the others take every event. */
  readonly #types = new Map<(event: StoredEvent) => void, ReadonlySet<string>>();
  #following = false;
  #position: bigint | undefined;
  #timer: NodeJS.Timeout | undefined;
  #reading: Promise<void> | undefined;
  #again = false;

  constructor(
    private readonly store: EventStore,
    private readonly logger: Logger,
    private readonly pollIntervalMs: number,
  ) {}

  subscribe(listener: (event: StoredEvent) => void, options: SubscribeOptions = {}): () => void {
    if (!options.lazy && this.#eager === 0 && !this.#following && this.#listeners.size > 0) {
      this.#startsAfter.set(listener, 'head');
      this.#schedule(0);
    }
    this.#listeners.add(listener);
    if (options.types) this.#types.set(listener, new Set(options.types));
    if (!options.lazy) this.#eager += 1;
    if (this.#listeners.size === 1 && !this.#following) this.#schedule(0);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      this.#listeners.delete(listener);
      this.#startsAfter.delete(listener);
      this.#types.delete(listener);
      if (!options.lazy) this.#eager -= 1;
      if (!this.#active()) this.#idle();
    };
  }

  /** Keeps reading while nobody listens (a serving process), so subscribing never waits for the head. */
  async follow(): Promise<void> {
    if (this.#following) return;
    this.#following = true;
    this.#position ??= await this.store.head();
    this.#schedule(0);
  }

  async unfollow(): Promise<void> {
    this.#following = false;
    if (!this.#active()) this.#idle();
    await this.#reading;
  }

  /**
   * Something committed events: read now rather than at the next poll, when
   * someone listens (and is not lazy). Following alone (a serving process keeping its place)
   * waits for the poll, so commits under load cost no read each; a new
   * listener then starts at most one poll interval back and may receive
   * events committed that shortly before it subscribed, never miss one.
   */
  poke(): void {
    if (this.#eager > 0) this.#schedule(0);
  }

  /** Resolves when every event committed so far has been delivered (tests). */
  async drain(): Promise<void> {
    await this.#reading;
    if (this.#active()) await this.#read();
  }

  #active(): boolean {
    return this.#following || this.#listeners.size > 0;
  }

  #idle(): void {
    clearTimeout(this.#timer);
    this.#position = undefined;
  }

  #schedule(delayMs: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#read(), delayMs);
    this.#timer.unref();
  }

  #read(): Promise<void> {
    if (this.#reading) {
      this.#again = true;
      return this.#reading;
    }
    this.#reading = this.#pass()
      .catch((error: unknown) => this.logger.error('event tail read failed', { error }))
      .finally(() => {
        this.#reading = undefined;
        if (!this.#active()) return;
        const again = this.#again;
        this.#again = false;
        this.#schedule(again ? 0 : this.pollIntervalMs);
      });
    return this.#reading;
  }

  async #pass(): Promise<void> {
    this.#position ??= await this.store.head();
    if (this.#listeners.size === 0) {
      // Following with nobody listening: only the place matters, and the head is one indexed row, not every event.
      const head = await this.store.head();
      // A listener that joined during that read may be owed an event committed while it ran: read them as usual.
      if (this.#listeners.size === 0) {
        if (head > this.#position) this.#position = head;
        return;
      }
    }
    if ([...this.#startsAfter.values()].includes('head')) {
      const head = await this.store.head();
      for (const [listener, start] of this.#startsAfter) if (start === 'head') this.#startsAfter.set(listener, head);
    }
    const types = this.#readTypes();
    // A read of a few types returns few rows: the head read before it lets the place move past the others.
    const head = types ? await this.store.head() : undefined;
    for (;;) {
      const events = await this.store.readAfter(this.#position, BATCH, types);
      for (const event of events) {
        this.#position = event.position;
        for (const listener of this.#listeners) {
          if (this.#types.get(listener)?.has(event.type) === false) continue;
          const start = this.#startsAfter.get(listener);
          if (start !== undefined) {
            if (start === 'head' || event.position <= start) continue;
            this.#startsAfter.delete(listener);
          }
          try {
            listener(event);
          } catch (error) {
            this.logger.error('event listener failed', { type: event.type, error });
          }
        }
      }
      if (events.length < BATCH) break;
    }
    if (head !== undefined && head > this.#position) this.#position = head;
  }

  /** The types to read: every listener's, or undefined (all events) when one takes every event. */
  #readTypes(): string[] | undefined {
    if (this.#types.size < this.#listeners.size) return undefined;
    const types = new Set<string>();
    for (const wanted of this.#types.values()) for (const type of wanted) types.add(type);
    return [...types];
  }
}
