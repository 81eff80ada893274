import { type Kysely, sql } from 'kysely';
import * as assert from 'uvu/assert';
import { sqlTx } from '../../adapters/sql/sql-tx.js';
import type { StoreBundle } from '../../adapters/store.js';
import type { SqlMigration } from '../../kernel/contract/plugin.js';
import { contractSuite, type OpenStore, rejection } from './harness.js';

const TABLES = [
  'contract_alpha_things',
  'contract_beta_things',
  'migrations_contract_alpha',
  'migrations_contract_alpha_lock',
  'migrations_contract_beta',
  'migrations_contract_beta_lock',
];

/** Both plugins use the same migration names; each creates its own table and counts its runs. */
function pluginMigrations(table: string, ran: string[]): Record<string, SqlMigration> {
  return {
    '0001-init': {
      async up(db: Kysely<any>) {
        ran.push(`${table}:0001`);
        await db.schema.createTable(table).addColumn('id', 'text', (c) => c.primaryKey()).execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable(table).execute();
      },
    },
  };
}

async function dropTestObjects(store: StoreBundle): Promise<void> {
  if (store.family !== 'sql') return;
  await store.unitOfWork.run(async (tx) => {
    for (const table of TABLES) await sqlTx(tx).db.schema.dropTable(table).ifExists().execute();
  });
}

async function executed(store: StoreBundle, table: string): Promise<string[]> {
  return store.unitOfWork.run(async (tx) => {
    const rows = await sqlTx(tx).db.selectFrom(table).select('name').orderBy('name').execute();
    return rows.map((r) => r.name as string);
  });
}

export function migratorContract(label: string, open: OpenStore): void {
  const { it, store, suite } = contractSuite(`${label}: migrator`, open, dropTestObjects);
  suite.after.each(() => dropTestObjects(store()));

  it('the kernel tables are migrated by init under plugin "kernel", and init is repeatable', async () => {
    await store().init();
    if (store().family === 'memory') return;
    assert.equal(await executed(store(), 'migrations_kernel'), [
      '0001-events',
      '0002-idempotency-keys',
      '0003-workflows',
      '0004-write-behind-check',
      '0005-idempotency-keys-per-api-key',
      '0006-workflows-unfinished-index',
      '0007-idempotency-keys-per-team',
    ]);
  });

  it('plugins with the same migration names keep separate histories; re-running is a no-op', async () => {
    const { migrator } = store();
    const ran: string[] = [];
    const alpha = pluginMigrations('contract_alpha_things', ran);
    const beta = pluginMigrations('contract_beta_things', ran);
    await migrator.migrate('contract-alpha', alpha);
    await migrator.migrate('contract-beta', beta);
    await migrator.migrate('contract-alpha', alpha);
    await migrator.migrate('contract-beta', beta);
    if (store().family === 'memory') {
      assert.equal(ran, [], 'the memory store has no schema to migrate');
      return;
    }
    assert.equal(ran, ['contract_alpha_things:0001', 'contract_beta_things:0001']);
    assert.equal(await executed(store(), 'migrations_contract_alpha'), ['0001-init']);
    assert.equal(await executed(store(), 'migrations_contract_beta'), ['0001-init']);
  });

  it('a later migration runs alone, and only for its own plugin', async () => {
    const { migrator } = store();
    const ran: string[] = [];
    await migrator.migrate('contract-alpha', pluginMigrations('contract_alpha_things', ran));
    await migrator.migrate('contract-beta', pluginMigrations('contract_beta_things', ran));
    await migrator.migrate('contract-alpha', {
      ...pluginMigrations('contract_alpha_things', ran),
      '0002-more': {
        async up(db: Kysely<any>) {
          ran.push('contract_alpha_things:0002');
          await db.schema.alterTable('contract_alpha_things').addColumn('note', 'text').execute();
        },
      },
    });
    if (store().family === 'memory') {
      assert.equal(ran, []);
      return;
    }
    assert.equal(ran, ['contract_alpha_things:0001', 'contract_beta_things:0001', 'contract_alpha_things:0002']);
    assert.equal(await executed(store(), 'migrations_contract_alpha'), ['0001-init', '0002-more']);
    assert.equal(await executed(store(), 'migrations_contract_beta'), ['0001-init']);
  });

  it('a failing migration names its plugin and migration and leaves nothing half-done', async () => {
    const failing = {
      '0001-init': {
        async up(db: Kysely<any>) {
          await db.schema.createTable('contract_alpha_things').addColumn('id', 'text').execute();
          throw new Error('bad migration');
        },
      },
    };
    if (store().family === 'memory') {
      await store().migrator.migrate('contract-alpha', failing); // never runs `up`
      return;
    }
    const error = await rejection(store().migrator.migrate('contract-alpha', failing));
    assert.match((error as Error).message, /contract-alpha/);
    assert.match((error as Error).message, /0001-init/);
    assert.equal(await executed(store(), 'migrations_contract_alpha'), []);
    const exists = await store().unitOfWork.run(async (tx) => {
      const { rows } = await sql<{ t: string | null }>`select to_regclass('contract_alpha_things')::text as t`.execute(sqlTx(tx).db);
      return rows[0]!.t;
    });
    assert.is(exists, null, 'the failed migration’s table survived');
  });

  it('a plugin name that is not kebab-case is refused (it becomes a table name)', async () => {
    if (store().family === 'memory') return; // no tables, nothing to name
    await rejection(store().migrator.migrate('Bad; drop table events', {}));
    await rejection(store().migrator.migrate('trailing-', {}));
  });

  suite.run();
}
