import type { Kysely } from 'kysely';
import { memoryTx } from '../../adapters/memory/memory-tx.js';
import { sqlTx } from '../../adapters/sql/sql-tx.js';
import type { StoreBundle } from '../../adapters/store.js';
import type { Tx } from '../../ports/unit-of-work.js';

/**
 * A tiny keyed table a plugin would own, to prove the unit of work commits
 * and rolls back plugin writes together with events. On SQL it is created
 * by the Migrator as plugin 'contract-test'; on memory it is a map whose
 * writes register undos, exactly as a memory repository does.
 */
export interface Items {
  /** Inserts or overwrites. */
  put(tx: Tx, id: string, value: string): Promise<void>;
  /** Reads inside `tx`, locking the row on SQL (a read-modify-write must not lose updates). */
  getForUpdate(tx: Tx, id: string): Promise<string | undefined>;
  /** Reads committed state in its own unit of work. */
  get(id: string): Promise<string | undefined>;
  /** Empties the table between tests. */
  reset(): Promise<void>;
}

export async function openItems(store: StoreBundle): Promise<Items> {
  return store.family === 'memory' ? memoryItems(store) : sqlItems(store);
}

function memoryItems(store: StoreBundle): Items {
  const rows = new Map<string, string>();
  const items: Items = {
    async put(tx, id, value) {
      const mtx = memoryTx(tx);
      const had = rows.has(id);
      const previous = rows.get(id);
      rows.set(id, value);
      mtx.onRollback(() => (had ? rows.set(id, previous!) : rows.delete(id)));
    },
    async getForUpdate(tx, id) {
      memoryTx(tx);
      return rows.get(id);
    },
    get: (id) => store.unitOfWork.run((tx) => items.getForUpdate(tx, id)),
    // The memory store's truncateAll knows nothing of a plugin's maps.
    reset: async () => rows.clear(),
  };
  return items;
}

async function sqlItems(store: StoreBundle): Promise<Items> {
  await store.migrator.migrate('contract-test', {
    '0001-items': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('contract_test_items')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('contract_test_items').execute();
      },
    },
  });
  const items: Items = {
    async put(tx, id, value) {
      await sqlTx(tx)
        .db.insertInto('contract_test_items')
        .values({ id, value })
        .onConflict((oc) => oc.column('id').doUpdateSet({ value }))
        .execute();
    },
    async getForUpdate(tx, id) {
      const row = await sqlTx(tx)
        .db.selectFrom('contract_test_items')
        .select('value')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row?.value as string | undefined;
    },
    get: (id) => store.unitOfWork.run((tx) => items.getForUpdate(tx, id)),
    // truncateAll empties the table.
    reset: async () => {},
  };
  return items;
}
