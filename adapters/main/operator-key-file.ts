import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoreKind } from '../store.js';
import type { OperatorBootstrap } from '../../ports/operator-keys.js';

export interface OperatorKeyAnnouncement {
  readonly dataDir: string;
  readonly store: StoreKind;
  /** BANK_ADMIN_KEY was set: the operator chose the key, so it is never echoed or written. */
  readonly preset: boolean;
  /** Where the key and any warning are printed (the server: stdout; the CLI: stderr, keeping stdout for its answer). */
  readonly print: (text: string) => void;
}

/**
 * The file a store's generated operator key is written to. One name per
 * store kind, so a PostgreSQL start with the default data directory never
 * touches the PGlite server's `admin-key`. The memory store has none: its
 * key dies with the process.
 */
export function operatorKeyFile(dataDir: string, store: StoreKind): string | undefined {
  switch (store) {
    case 'memory':
      return undefined;
    case 'pglite':
      return join(dataDir, 'admin-key');
    case 'postgres':
      return join(dataDir, 'admin-key-postgres');
  }
}

/**
 * On the first start with a generated operator key, print it once and write
 * it to the store's key file (mode 0600). An existing file is never replaced:
 * it belongs to an earlier store, whose key it still opens, so the new key is
 * printed with a warning instead. Returns the path written, if any.
 */
export function announceOperatorKey(bootstrap: OperatorBootstrap, options: OperatorKeyAnnouncement): string | undefined {
  if (!bootstrap.created || !bootstrap.key || options.preset) return undefined;
  const path = operatorKeyFile(options.dataDir, options.store);
  if (path === undefined) {
    options.print(`Operator API key (shown once; the ${options.store} store keeps it only while this process runs):\n${bootstrap.key}\n`);
    return undefined;
  }
  mkdirSync(options.dataDir, { recursive: true });
  try {
    // 'wx' creates or fails: no check-then-write race with another process.
    writeFileSync(path, bootstrap.key + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    options.print(
      `Operator API key (shown once, NOT saved: ${path} already exists and was left as it is; ` +
        `it holds the key of an earlier ${options.store} store):\n${bootstrap.key}\n`,
    );
    return undefined;
  }
  // The mode above applies only through the umask; make it exactly owner-only.
  chmodSync(path, 0o600);
  options.print(`Operator API key (shown once, also saved to ${path}):\n${bootstrap.key}\n`);
  return path;
}
