import type { SqlMigration } from '../kernel/contract/plugin.js';
import { token } from '../kernel/contract/token.js';

/**
 * Runs one plugin's migrations with that plugin's own migration table
 * (`migrations_<plugin>`), so disabling a module never breaks the others.
 * The memory store implements it as a no-op.
 */
export interface Migrator {
  /** `applied` hears each migration this call runs (none when the plugin is up to date), for progress. */
  migrate(plugin: string, migrations: Readonly<Record<string, SqlMigration>>, applied?: (name: string) => void): Promise<void>;
}
export const Migrator = token<Migrator>('kernel.migrator');
