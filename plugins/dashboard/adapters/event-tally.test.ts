import { openStore } from '../../../adapters/open-store.js';
import type { StoreBundle } from '../../../adapters/store.js';
import { eventTallyContract } from './event-tally.contract.js';
import { MemoryEventTally } from './memory/memory-event-tally.js';
import { dashboardMigrations } from './sql/migrations.js';
import { SqlEventTally } from './sql/sql-event-tally.js';

/** BANK_TEST_STORES=memory,pglite narrows the matrix; postgres runs only with DATABASE_URL. */
const wanted = (process.env.BANK_TEST_STORES ?? 'memory,pglite,postgres').split(',').map((s) => s.trim());
const silent = { debug() {}, info() {}, warn() {}, error() {} };

async function open(kind: 'memory' | 'pglite' | 'postgres'): Promise<StoreBundle> {
  const store = await openStore({ kind, dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL, logger: silent });
  await store.init();
  if (store.family === 'sql') await store.migrator.migrate('dashboard', dashboardMigrations);
  return store;
}

const reset = async (store: StoreBundle) => {
  await store.truncateAll();
  // Memory repositories keep their rows in the instance: a new instance is empty.
  return store.family === 'sql' ? new SqlEventTally() : new MemoryEventTally();
};

for (const kind of ['memory', 'pglite', 'postgres'] as const) {
  if (!wanted.includes(kind) || (kind === 'postgres' && !process.env.DATABASE_URL)) continue;
  eventTallyContract(kind, { open: () => open(kind), reset }).run();
}
