import type { Clock } from '../ports/clock.js';
import type { Ids } from '../ports/ids.js';
import type { Logger } from '../ports/logger.js';
import { openMemoryStore } from './memory/memory-store.js';
import { CryptoIds } from './system/crypto-ids.js';
import type { StoreBundle, StoreOptions } from './store.js';

/** What every store needs besides its connection: the time and ids it stamps events with, and a logger. */
export interface StoreDeps {
  readonly clock: Clock;
  readonly ids: Ids;
  readonly logger: Logger;
}

/**
 * Opens the store named by `options.kind`. The SQL stores are imported
 * lazily, so a memory-store process never loads pg or PGlite's WebAssembly.
 * The caller runs `init()` (kernel tables) and later `close()`.
 */
export async function openStore(options: StoreOptions): Promise<StoreBundle> {
  const deps = storeDeps(options);
  switch (options.kind) {
    case 'memory':
      return openMemoryStore(deps);
    case 'pglite': {
      const { openPgliteStore } = await import('./pglite/pglite-store.js');
      return openPgliteStore(options, deps);
    }
    case 'postgres': {
      const { openPostgresStore } = await import('./postgres/postgres-store.js');
      return openPostgresStore(options, deps);
    }
    default:
      throw new Error(`unknown store kind '${String((options as { kind: unknown }).kind)}'`);
  }
}

function storeDeps(options: StoreOptions): StoreDeps {
  return {
    clock: options.clock ?? { now: () => new Date() },
    ids: options.ids ?? new CryptoIds(),
    logger: options.logger ?? consoleLogger,
  };
}

const consoleLogger: Logger = {
  debug: (message, fields) => console.debug(message, fields ?? ''),
  info: (message, fields) => console.info(message, fields ?? ''),
  warn: (message, fields) => console.warn(message, fields ?? ''),
  error: (message, fields) => console.error(message, fields ?? ''),
};
