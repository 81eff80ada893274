import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import type { StoreDeps } from '../open-store.js';
import { openSqlStore } from '../sql/sql-store.js';
import { writeBehind } from '../sql/write-behind.js';
import type { StoreBundle, StoreOptions } from '../store.js';
import { createDataDirIfMissing } from './create-data-dir.js';
import { lockDataDir } from './data-dir-lock.js';
import { boundHeapGrowth } from './heap-growth.js';
import { PgliteDialect } from './pglite-dialect.js';
import { pgliteParsers } from './pglite-parsers.js';

const IN_MEMORY = 'memory://';

/**
 * Embedded PostgreSQL in this process. PGlite runs one transaction at a
 * time, so units of work here are serialised. A COMMIT answers only once
 * PostgreSQL has written its WAL to the data directory's files (synchronous
 * `write` calls through Emscripten's Node file system, whatever statements
 * share the exchange with it), so a killed process loses nothing
 * acknowledged; the file layer cannot fsync (README).
 * A data directory on disk is locked for as long as the store is open: a
 * second process (or a second open) is refused with the holder's pid.
 */
export async function openPgliteStore(options: StoreOptions, deps: StoreDeps): Promise<StoreBundle> {
  const dataDir = options.dataDir;
  if (!dataDir) throw new Error(`the pglite store needs a dataDir ('${IN_MEMORY}' for an in-memory database)`);
  if (dataDir.startsWith(IN_MEMORY)) return openOn(dataDir, deps, await emptyCluster());
  // A store on disk is a serving process's (tests open memory:// ones): its memory is the embedded service's.
  boundHeapGrowth();
  await mkdir(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    await createDataDirIfMissing(dataDir);
    const store = await openOn(dataDir, deps);
    return {
      ...store,
      async close() {
        try {
          await store.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * PostgreSQL touches all of shared_buffers when it starts, so PGlite's
 * 128 MB default is resident from the first query. 32 MB cost no CPU the
 * transfer bench could measure (10,000 accounts, docs/benchmarks.md) and
 * saved about 200 MB; a page evicted from it is a write to, and a read
 * from, the operating system's page cache (PGlite's file system is plain
 * files), not a loss. Nothing here touches durability:
 * every commit is still written before it returns (docs/decisions.md).
 */
const MEMORY_BOUNDS = ['-c', 'shared_buffers=32MB'];

/**
 * PostgreSQL arms a repeating 10 s "startup progress" timer while it
 * recovers a data directory; in PGlite that timer is a JS timeout that
 * outlives `close()` and keeps the process alive, so reopening a data
 * directory made the server (and the test run) never exit. The progress
 * log is of no use in an embedded database: switch it off.
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'log_startup_progress_interval=0', ...MEMORY_BOUNDS];

/**
 * An in-memory database starts as a copy of an empty cluster made once per
 * process: PGlite's initdb costs about 2 s of CPU each time, loading its
 * result about 0.4 s, and a test run opens hundreds of in-memory stores.
 * The copy is taken before any migration, so every store still migrates
 * from nothing.
 */
let emptyClusterImage: Promise<Blob> | undefined;

function emptyCluster(): Promise<Blob> {
  emptyClusterImage ??= (async () => {
    const pglite = await PGlite.create(IN_MEMORY, { startParams });
    try {
      return await pglite.dumpDataDir('none');
    } finally {
      await pglite.close();
    }
  })();
  return emptyClusterImage;
}

async function openOn(dataDir: string, deps: StoreDeps, image?: Blob): Promise<StoreBundle> {
  const pglite = await PGlite.create(dataDir, { relaxedDurability: false, parsers: pgliteParsers, startParams, ...(image ? { loadDataDir: image } : {}) });
  return openSqlStore('pglite', new Kysely<any>({ dialect: writeBehind(new PgliteDialect(pglite), { pipelined: true }) }), deps);
}
