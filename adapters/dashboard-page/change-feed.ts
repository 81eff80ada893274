import type { StoredEvent } from '../../kernel/contract/event.js';
import type { EventStream } from '../../ports/event-stream.js';

/**
 * Timers the feed runs on. The server passes the real ones (unref'd, so a
 * quiet feed never holds the process open); tests pass a manual set and fire
 * heartbeats and throttled pushes themselves.
 */
export interface FeedTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const realTimers: FeedTimers = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (run, ms) => setInterval(run, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export interface FeedOptions {
  /** At most one `changed` push per connection in this many ms (default 1,000). */
  readonly throttleMs?: number;
  /** A `heartbeat` to every connection this often (default 5,000): the page samples its charts on it and notices a dead stream. */
  readonly heartbeatMs?: number;
  /** Connections open at once in this process (default 256); past it a new one is refused. */
  readonly maxConnections?: number;
  /** Connections open at once with one API key (default 8), so one key cannot take every place. */
  readonly maxPerKey?: number;
  /** A client that has not read its stream through this many heartbeats in a row is cut off (default 3). */
  readonly maxStalledHeartbeats?: number;
}

/** Where a connection's messages go: the HTTP response, as far as the feed cares. */
export interface FeedSink {
  /** Queues text; false when the socket's buffer is full (the client is not reading). */
  write(text: string): boolean;
  /** True while earlier writes still wait for the client to read them. */
  readonly blocked: boolean;
  end(): void;
}

/** Whose commits a connection hears about: every team's (operator) or one team's. */
export type FeedScope = { readonly kind: 'all' } | { readonly kind: 'team'; readonly teamId: string };

interface Connection {
  readonly sink: FeedSink;
  readonly scope: FeedScope;
  readonly keyId: string;
  /** Events in scope committed since the last `changed` push. */
  pending: number;
  lastPushAt: number;
  timer: unknown;
  stalledHeartbeats: number;
}

const DEFAULTS = { throttleMs: 1_000, heartbeatMs: 5_000, maxConnections: 256, maxPerKey: 8, maxStalledHeartbeats: 3 };

/**
 * The dashboard page's live signal. It pushes no figures, only "events in
 * your scope committed" (with how many), so the page re-reads the JSON routes
 * and whatever scoping they apply holds for the page too. One subscription to
 * the live event stream serves every connection; each connection holds a
 * counter and at most one timer (memory is bounded whatever the event rate),
 * gets at most one push per throttle period (first at once, the rest folded
 * into one at the end of the period), and skips pushes while its client is
 * not reading (a `changed` push repeats the same news, so none is lost).
 */
export class ChangeFeed {
  private readonly connections = new Set<Connection>();
  private readonly perKey = new Map<string, number>();
  private readonly options: Required<FeedOptions>;
  private unsubscribe: (() => void) | undefined;
  private heartbeat: unknown;
  private closed = false;

  constructor(
    private readonly events: EventStream,
    private readonly timers: FeedTimers = realTimers,
    options: FeedOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  get size(): number {
    return this.connections.size;
  }

  /** Why a new connection with this API key would be refused (shutting down, full, or the key's share taken), or undefined. */
  refusal(keyId: string): string | undefined {
    if (this.closed) return 'The server is shutting down.';
    if (this.connections.size >= this.options.maxConnections) return `This process already serves ${this.options.maxConnections} live dashboard streams.`;
    if ((this.perKey.get(keyId) ?? 0) >= this.options.maxPerKey) return `This API key already has ${this.options.maxPerKey} live dashboard streams open; close a page.`;
    return undefined;
  }

  /** Starts a connection's stream for an API key (its id); the returned function ends it (client gone). */
  open(sink: FeedSink, scope: FeedScope, keyId: string): () => void {
    const refused = this.refusal(keyId);
    if (refused) throw new Error(refused);
    const connection: Connection = { sink, scope, keyId, pending: 0, lastPushAt: -Infinity, timer: undefined, stalledHeartbeats: 0 };
    this.connections.add(connection);
    this.perKey.set(keyId, (this.perKey.get(keyId) ?? 0) + 1);
    this.unsubscribe ??= this.events.subscribe((event) => this.onEvent(event));
    this.heartbeat ??= this.timers.setInterval(() => this.beat(), this.options.heartbeatMs);
    // retry: how long EventSource-style clients wait before reconnecting; the page does the same.
    sink.write(`retry: ${this.options.heartbeatMs}\n` + message('ready', { heartbeat_ms: this.options.heartbeatMs, throttle_ms: this.options.throttleMs }));
    return () => this.drop(connection);
  }

  /** Ends every stream with a `closing` message and refuses new ones (server shutdown). */
  close(): void {
    this.closed = true;
    for (const connection of [...this.connections]) {
      connection.sink.write(message('closing', {}));
      this.drop(connection);
    }
  }

  private onEvent(event: StoredEvent): void {
    for (const connection of this.connections) {
      // The tenancy rule: a team's connection hears only of its own team's commits.
      if (connection.scope.kind === 'team' && event.teamId !== connection.scope.teamId) continue;
      connection.pending += 1;
      this.schedule(connection);
    }
  }

  private schedule(connection: Connection): void {
    if (connection.timer !== undefined) return;
    const wait = connection.lastPushAt + this.options.throttleMs - this.timers.now();
    if (wait <= 0) this.push(connection);
    else
      connection.timer = this.timers.setTimeout(() => {
        connection.timer = undefined;
        this.push(connection);
      }, wait);
  }

  private push(connection: Connection): void {
    if (connection.pending === 0 || !this.connections.has(connection)) return;
    // A client that is not reading gets nothing more queued; the count waits for the next chance.
    if (connection.sink.blocked) return;
    connection.sink.write(message('changed', { events: connection.pending }));
    connection.pending = 0;
    connection.lastPushAt = this.timers.now();
  }

  private beat(): void {
    for (const connection of [...this.connections]) {
      if (connection.sink.blocked) {
        connection.stalledHeartbeats += 1;
        if (connection.stalledHeartbeats >= this.options.maxStalledHeartbeats) this.drop(connection);
        continue;
      }
      connection.stalledHeartbeats = 0;
      connection.sink.write(message('heartbeat', {}));
      // Commits skipped while the client was not reading go out now.
      if (connection.pending > 0) this.schedule(connection);
    }
  }

  private drop(connection: Connection): void {
    if (!this.connections.delete(connection)) return;
    const left = (this.perKey.get(connection.keyId) ?? 1) - 1;
    if (left > 0) this.perKey.set(connection.keyId, left);
    else this.perKey.delete(connection.keyId);
    if (connection.timer !== undefined) this.timers.clearTimeout(connection.timer);
    connection.timer = undefined;
    connection.sink.end();
    if (this.connections.size === 0) {
      // Nothing listens: no subscription and no timer left behind.
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      if (this.heartbeat !== undefined) this.timers.clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }
}

/** One server-sent event. */
function message(event: string, data: object): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
