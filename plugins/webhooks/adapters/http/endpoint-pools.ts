import type { LookupFunction } from 'node:net';
import { Pool } from 'undici';

/** A pool unused this long is closed (its kept-alive sockets with it) at the next delivery's sweep. */
const IDLE_POOL_MS = 60_000;

/** The checked address a pool connects to. */
export interface CheckedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

interface Entry {
  readonly pool: Pool;
  usedAt: number;
}

/**
 * undici Pools of kept-alive connections, one per origin **and checked
 * address**: a pool's sockets connect through a `lookup` that returns only
 * the address it was made for, so a connection opened to one checked
 * address never carries a delivery whose host now resolves elsewhere (the
 * new address gets a pool of its own, after its own check). `connections`
 * bounds the sockets one process opens to one such target.
 */
export class EndpointPools {
  readonly #pools = new Map<string, Entry>();
  #sweptAt = 0;

  constructor(private readonly connections: number) {}

  /** The pool for `url`'s origin at `checked`, made on first use. */
  for(url: URL, checked: CheckedAddress, now: number): Pool {
    this.#sweep(now);
    const key = `${url.origin}\u0000${checked.address}`;
    let entry = this.#pools.get(key);
    if (!entry) {
      entry = { pool: new Pool(url.origin, { connections: this.connections, connect: { lookup: pinnedLookup(checked) } }), usedAt: now };
      this.#pools.set(key, entry);
    }
    entry.usedAt = now;
    return entry.pool;
  }

  /** How many pools are open (tests: one per checked address). */
  get size(): number {
    return this.#pools.size;
  }

  /** Closes every pool (their sockets end once in-flight requests are answered). */
  async close(): Promise<void> {
    const pools = [...this.#pools.values()];
    this.#pools.clear();
    await Promise.all(pools.map(({ pool }) => pool.close().catch(() => undefined)));
  }

  /** At most once a minute: pools of endpoints no longer delivered to are closed, so the map does not grow with every endpoint ever seen. */
  #sweep(now: number): void {
    if (now - this.#sweptAt < IDLE_POOL_MS) return;
    this.#sweptAt = now;
    for (const [key, entry] of this.#pools) {
      if (now - entry.usedAt < IDLE_POOL_MS) continue;
      this.#pools.delete(key);
      void entry.pool.close().catch(() => undefined);
    }
  }
}

/** A `lookup` that answers only the checked address: the socket cannot resolve the host a second time. */
function pinnedLookup(checked: CheckedAddress): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as any)(null, [{ address: checked.address, family: checked.family }]);
    else callback(null, checked.address, checked.family);
  };
}
