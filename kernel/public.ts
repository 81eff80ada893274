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
export * from './contract/file-answer.js';
export * from './contract/token.js';
export * from './contract/workflow.js';
export * from './contract/outcome.js';
export { runAlone } from './contract/batch.js';
export type { BatchOperation } from './contract/batch.js';
export { isOutboundOperation } from './contract/outbound.js';
export type { OutboundOperation } from './contract/outbound.js';
export { BatchLane } from './batching/batch-lane.js';
export type { BatchLaneOptions } from './batching/batch-lane.js';
export * from './contract/query.js';
export * from './contract/values.js';
export * from './contract/instant-range.js';
export * from './money/index.js';
export * from './errors/index.js';

export * from './net/ip-address.js';
export * from './net/cidr.js';
export * from './net/address-rules.js';
export * from './text/storable-text.js';
/** How far back the kernel's per-second event counters reach (the dashboard's longest window). */
export { MAX_WINDOW_SECONDS } from './events/per-second-counters.js';
/** The seeded walk simulators share (prices, gas prices, pool drift). */
export { RandomWalk } from './simulation/random-walk.js';
export { assetOfHolding, holdingCode, splitHoldingCode } from './assets/holding-code.js';
export { chooseAccount, walletAccount } from './accounts/account-choice.js';
export { labelledAddress } from './chains/labelled-address.js';
export type { WalkParams } from './simulation/random-walk.js';

// The cross-plugin ports a plugin may require or provide: each file holds an interface and its token of the same name.
export * from '../ports/asset-catalog.js';
export * from '../ports/authenticator.js';
export * from '../ports/banking-records.js';
export * from '../ports/call-gate.js';
export * from '../ports/chain.js';
export * from '../ports/clock.js';
export * from '../ports/compliance-flags.js';
export * from '../ports/cross-chain-bridges.js';
export * from '../ports/defi-positions.js';
export * from '../ports/enabled-modules.js';
export * from '../ports/event-consumers.js';
export * from '../ports/event-registry.js';
export * from '../ports/event-store.js';
export * from '../ports/event-stream.js';
export * from '../ports/ids.js';
export * from '../ports/ledger.js';
export * from '../ports/ledger-journal.js';
export * from '../ports/logger.js';
export * from '../ports/meter.js';
export * from '../ports/on-chain-holdings.js';
export * from '../ports/operator-keys.js';
export * from '../ports/price-feed.js';
export * from '../ports/progress.js';
export * from '../ports/random.js';
export * from '../ports/request-gate.js';
export * from '../ports/sanctions-screening.js';
export * from '../ports/scheduler.js';
export * from '../ports/sdk-generator.js';
export * from '../ports/transaction-history.js';
export * from '../ports/activity-history.js';
export * from '../ports/key-inventory.js';
export * from '../ports/personal-data.js';
export * from '../ports/token-swaps.js';
export * from '../ports/secret-store.js';
export * from '../ports/settlement-gate.js';
export * from '../ports/stablecoin-reserves.js';
export * from '../ports/session-authenticator.js';
export * from '../ports/team-provisioning.js';
export * from '../ports/team-quotas.js';
export * from '../ports/unit-of-work.js';
export * from '../ports/user-directory.js';
export * from '../ports/webhook-delivery-stats.js';
export * from '../ports/webhook-subscriptions.js';
export * from '../ports/workflow-engine.js';
export * from '../ports/workflow-store.js';
