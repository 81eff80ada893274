/**
 * The plugin API: the one module a partner plugin written in TypeScript
 * imports (`import { definePlugin, route, Ledger, … } from '<service>/kernel/public.js'`).
 * Everything here is covered by KERNEL_API_VERSION; what is not re-exported
 * here is internal and may change. Tokens are `Symbol.for('bank:<id>')`, so a
 * plugin built against its own copy of this surface meets the service's
 * bindings in the one container.
 */
export { definePlugin, KERNEL_API_VERSION, operation } from './contract/plugin.js';
export type { Newable, OperationBinding, PluginContext, PluginManifest, RuntimeContext, SqlMigration, StoreFamily } from './contract/plugin.js';
export * from './contract/command.js';
export * from './contract/context.js';
export * from './contract/event.js';
export * from './contract/page.js';
export * from './contract/route.js';
export * from './contract/token.js';
export * from './contract/workflow.js';
export * from './contract/outcome.js';
export { runAlone } from './contract/batch.js';
export type { BatchOperation } from './contract/batch.js';
export { BatchLane } from './batching/batch-lane.js';
export type { BatchLaneOptions } from './batching/batch-lane.js';
export * from './contract/query.js';
export * from './contract/values.js';
export * from './contract/instant-range.js';
export * from './money/index.js';
export * from './errors/index.js';

// The cross-plugin ports a plugin may require.
export { AssetCatalog } from '../ports/asset-catalog.js';
export { Clock } from '../ports/clock.js';
export { EventStream } from '../ports/event-stream.js';
export { Ids } from '../ports/ids.js';
export { Ledger } from '../ports/ledger.js';
export type { LedgerLeg, PostedMovement } from '../ports/ledger.js';
export { Logger } from '../ports/logger.js';
export { PriceFeed } from '../ports/price-feed.js';
export { Random } from '../ports/random.js';
export { Scheduler } from '../ports/scheduler.js';
export type { PeriodicTask, ScheduledTask, WakeableLoop } from '../ports/scheduler.js';
export { UnitOfWork } from '../ports/unit-of-work.js';
export type { Tx } from '../ports/unit-of-work.js';
export { WorkflowEngine } from '../ports/workflow-engine.js';
