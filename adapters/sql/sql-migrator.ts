import { Migrator as KyselyMigrator, type Migration } from 'kysely';
import type { SqlMigration } from '../../kernel/contract/plugin.js';
import type { Migrator } from '../../ports/migrator.js';
import type { SqlUnitOfWork } from './sql-unit-of-work.js';

const PLUGIN_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/**
 * One Kysely migrator per plugin, each with its own history table
 * (migrations_<plugin_snake>) and lock table: a plugin switched off keeps its
 * history, and another plugin's migrations can never look "missing" to it.
 * Migrations are in-code records (no filesystem scan inside a package).
 */
export class SqlMigrator implements Migrator {
  constructor(private readonly unitOfWork: SqlUnitOfWork) {}

  async migrate(plugin: string, migrations: Readonly<Record<string, SqlMigration>>, applied?: (name: string) => void): Promise<void> {
    const table = migrationTableOf(plugin);
    await this.unitOfWork.withRoot(async (db) => {
      const migrator = new KyselyMigrator({
        db,
        provider: { getMigrations: async () => reporting(migrations, applied) },
        migrationTableName: table,
        migrationLockTableName: `${table}_lock`,
      });
      const { error, results } = await migrator.migrateToLatest();
      if (error) {
        const failed = results?.find((r) => r.status === 'Error')?.migrationName;
        const where = failed ? `migration '${failed}'` : 'its migrations';
        throw new Error(`plugin '${plugin}': ${where} failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    });
  }
}

/** 'core-banking' → 'migrations_core_banking'. The name is checked: it becomes an identifier. */
export function migrationTableOf(plugin: string): string {
  if (!PLUGIN_NAME.test(plugin)) throw new Error(`invalid plugin name for migrations: '${plugin}'`);
  return `migrations_${plugin.replaceAll('-', '_')}`;
}

/** The migrations, each telling `applied` its name once its `up` has run (Kysely runs only the pending ones). */
function reporting(migrations: Readonly<Record<string, SqlMigration>>, applied?: (name: string) => void): Record<string, Migration> {
  const wrapped: Record<string, Migration> = {};
  for (const [name, migration] of Object.entries(migrations) as [string, Migration][]) {
    wrapped[name] = {
      ...migration,
      up: async (db) => {
        await migration.up(db);
        applied?.(name);
      },
    };
  }
  return wrapped;
}
