import type { SqlMigration } from '../../kernel/contract/plugin.js';
import type { Migrator } from '../../ports/migrator.js';

/** The memory store has no schema: plugins' memory repositories start empty on every boot. */
export class MemoryMigrator implements Migrator {
  async migrate(_plugin: string, _migrations: Readonly<Record<string, SqlMigration>>): Promise<void> {}
}
