import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import type { StoreDeps } from '../open-store.js';
import { openSqlStore } from '../sql/sql-store.js';
import type { StoreBundle, StoreOptions } from '../store.js';
import { pgliteParsers } from './pglite-parsers.js';

const IN_MEMORY = 'memory://';

/**
 * Embedded PostgreSQL in this process. PGlite runs one transaction at a
 * time, so units of work here are serialised; durability stays strict
 * (relaxedDurability false: every commit is flushed before it returns).
 */
export async function openPgliteStore(options: StoreOptions, deps: StoreDeps): Promise<StoreBundle> {
  const dataDir = options.dataDir;
  if (!dataDir) throw new Error(`the pglite store needs a dataDir ('${IN_MEMORY}' for an in-memory database)`);
  if (!dataDir.startsWith(IN_MEMORY)) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { relaxedDurability: false, parsers: pgliteParsers });
  return openSqlStore('pglite', new Kysely<any>({ dialect: new PGliteDialect({ pglite }) }), deps);
}
