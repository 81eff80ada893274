import { injectable, inject } from 'inversify';
import { API_KEY_REVOKED_EVENT, Clock, type EventStream, type StoredEvent } from '../../../kernel/public.js';
import { IdentityConfig } from '../config.js';
import type { ApiKeyRecord } from '../ports.js';

/** Keys held at most; beyond it the oldest entry goes (a bound on memory, not a working-set guess). */
const MAX_ENTRIES = 10_000;

/**
 * The API keys this process looked up recently, by hash, each kept for
 * `auth_cache_ms` of Clock time, so a busy key costs no lookup per request.
 * A revocation forgets its key at once: in the revoking process directly,
 * in the others when the `api_key.revoked` event reaches their live event
 * stream (a lazy listener: within its poll interval); the time to live bounds the rest (a row
 * changed by hand, a missed event). A lookup that was in flight while a key
 * was forgotten is not cached, so it cannot bring a revoked key back.
 */
@injectable()
export class ApiKeyCache {
  readonly #entries = new Map<string, { record: ApiKeyRecord; until: number }>();
  /** Bumped by every forget: a lookup begun before it is not cached. */
  #generation = 0;
  #unlisten: (() => void) | undefined;

  constructor(
    @inject(Clock) private readonly clock: Clock,
    @inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  get generation(): number {
    return this.#generation;
  }

  get(hash: string): ApiKeyRecord | undefined {
    const entry = this.#entries.get(hash);
    if (!entry) return undefined;
    if (this.clock.now().getTime() < entry.until) return entry.record;
    this.#entries.delete(hash);
    return undefined;
  }

  /** Keeps a record looked up when the cache stood at `generation`; a revoked key is never kept. */
  put(record: ApiKeyRecord, generation: number): void {
    const ttl = this.config.auth_cache_ms;
    if (ttl === 0 || record.revokedAt || generation !== this.#generation) return;
    this.#entries.delete(record.hash);
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(record.hash, { record, until: this.clock.now().getTime() + ttl });
  }

  /** The key's last_used_at as just written, so the cached copy does not ask for the write again. */
  usedAt(hash: string, at: Date): void {
    const entry = this.#entries.get(hash);
    if (entry) entry.record = { ...entry.record, lastUsedAt: at };
  }

  forget(keyId: string): void {
    this.#generation += 1;
    for (const [hash, entry] of this.#entries) if (entry.record.id === keyId) this.#entries.delete(hash);
  }

  /** Forgets revoked keys as their events arrive (from other processes too) until unlisten(). */
  listen(events: EventStream): void {
    if (this.config.auth_cache_ms === 0) return;
    // Lazy: revocations are rare, and an eager listener would make every commit of this process read the log;
    // and of that type only, so the stream reads the revocations, not every payload.
    this.#unlisten ??= events.subscribe(
      (event: StoredEvent) => {
        const keyId = event.payload['api_key_id'];
        if (typeof keyId === 'string') this.forget(keyId);
      },
      { lazy: true, types: [API_KEY_REVOKED_EVENT] },
    );
  }

  unlisten(): void {
    this.#unlisten?.();
    this.#unlisten = undefined;
  }
}
