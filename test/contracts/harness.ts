import { suite, type Test } from 'uvu';
import type { StoreBundle } from '../../adapters/store.js';

/** uvu has no per-test timeout; a store that deadlocks (e.g. a query outside the open transaction on PGlite) must fail, not hang. */
export const TEST_TIMEOUT_MS = 15_000;

export type OpenStore = () => Promise<StoreBundle>;

export interface ContractSuite {
  /** Registers a test with a timeout. */
  readonly it: (name: string, body: () => Promise<void>) => void;
  /** The store opened for this suite (available inside tests). */
  readonly store: () => StoreBundle;
  readonly suite: Test;
}

/**
 * One suite over one freshly opened store: kernel tables created once, every
 * table emptied before each test, the store closed at the end (so the test
 * process can exit).
 */
export function contractSuite(title: string, open: OpenStore, prepare?: (store: StoreBundle) => Promise<void>): ContractSuite {
  const test = suite(title);
  let bundle: StoreBundle | undefined;
  test.before(async () => {
    bundle = await open();
    await bundle.init();
    await prepare?.(bundle);
  });
  test.before.each(async () => {
    await bundle!.truncateAll();
  });
  test.after(async () => {
    await bundle?.close();
  });
  return {
    suite: test,
    store: () => {
      if (!bundle) throw new Error('store not open');
      return bundle;
    },
    it: (name, body) => test(name, () => withTimeout(TEST_TIMEOUT_MS, name, body)),
  };
}

export async function withTimeout<T>(ms: number, what: string, body: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms (deadlock?): ${what}`)), ms);
  });
  try {
    return await Promise.race([body(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface Deferred<T = void> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Resolves every `arrive()` once `parties` callers have arrived: proves they were all in flight together. */
export function barrier(parties: number): { arrive(): Promise<void> } {
  let arrived = 0;
  const all = deferred();
  return {
    arrive() {
      arrived++;
      if (arrived >= parties) all.resolve();
      return all.promise;
    },
  };
}

/** Lets queued callbacks and I/O run a few turns (used only to observe that something is still waiting). */
export async function turns(n = 5): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** PostgreSQL runs units of work side by side; memory and PGlite run them one at a time. */
export function runsConcurrently(store: StoreBundle): boolean {
  return store.kind === 'postgres';
}

/** Records what happened and when, to assert an order. */
export class Log {
  readonly entries: string[] = [];
  add(entry: string): void {
    this.entries.push(entry);
  }
}

/** Resolves with the rejection reason; fails when the promise fulfils. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
