/**
 * The test kit: what a plugin's repository contract suites and test helpers
 * use to run on every store (memory, PGlite, and PostgreSQL when
 * DATABASE_URL is set). Import it from tests and a plugin's `adapters/`
 * contract files only; production code never needs it.
 */
export type { StoreBundle, StoreKind } from '../adapters/store.js';
export { onEveryStore, repositorySuite } from '../test/contracts/plugin-stores.js';
export type { RepositoryHarness, RepositorySuite } from '../test/contracts/plugin-stores.js';
export { ALL, at, ids, page, T0, TEAM_A, TEAM_B } from '../test/contracts/repository-fixtures.js';
export { rejection, withTimeout } from '../test/contracts/harness.js';
export { ManualClock } from '../test/fixtures/manual-clock.js';
export { SeededIds, SeededRandom } from '../test/fixtures/seeded.js';
export { pluginModule } from '../kernel/boot/plugin-module.js';
export { openStore } from '../adapters/open-store.js';
