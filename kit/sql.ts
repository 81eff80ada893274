/**
 * The SQL store kit: what a plugin's `adapters/sql/` files use to write
 * repositories and migrations that run on PGlite and PostgreSQL alike.
 * Part of the plugin API (KERNEL_API_VERSION); import it from a plugin's
 * `adapters/` folder only (the dependency rule checks it).
 */
export { sqlTx } from '../adapters/sql/sql-tx.js';
export type { SqlTx } from '../adapters/sql/sql-tx.js';
export type { DeferredWrite } from '../adapters/sql/deferred-writes.js';
export { toBigInt, toBigIntOrNull, toCount, toDate, toDateOrNull, toJsonObject } from '../adapters/sql/sql-values.js';
export { unnestRows } from '../adapters/sql/unnest.js';
export { FixedStatement } from '../adapters/sql/fixed-sql.js';
export type { FixedSql } from '../adapters/sql/fixed-sql.js';
export type { Column } from '../adapters/sql/unnest.js';
export type { SqlMigration } from '../kernel/contract/plugin.js';
