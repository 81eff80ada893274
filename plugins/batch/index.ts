import type { Bind } from 'inversify';
import { AssetCatalog, Clock, definePlugin, Ids, Ledger, operation, UnitOfWork, WorkflowEngine, type PluginContext } from '../../kernel/public.js';
import { MemoryBatchRepository } from './adapters/memory/memory-batch-repository.js';
import { batchMigrations } from './adapters/sql/migrations.js';
import { SqlBatchRepository } from './adapters/sql/sql-batch-repository.js';
import { ItemApplication } from './application/apply-item.js';
import { CreateBatchOperation } from './application/create-batch.js';
import { GetBatchOperation, ListBatchesOperation, ListBatchItemsOperation } from './application/read-batches.js';
import { BatchConfig, batchConfigSchema } from './config.js';
import { batchEvents } from './events.js';
import { batchGraphql } from './graphql/batch.js';
import { batchRoutes, batchRouteTags } from './http.js';
import { CreateBatch, GetBatch, ListBatches, ListBatchItems } from './operations.js';
import { BatchRepository } from './ports.js';
import { ApplyItemWorkflow, applyItemWorkflow } from './workflows.js';

/**
 * Batches: bulk transfers between a team's accounts or payouts to the
 * outside world, submitted as one list and applied item by item, each in a
 * durable workflow run that posts through the Ledger port and is idempotent
 * per item (docs/batch.md).
 */
export const batchPlugin = definePlugin<BatchConfig>({
  name: 'batch',
  version: '0.1.0',
  kernel: '^2.2.0',
  description: 'Bulk transfers and payouts, applied item by item through the ledger with an outcome each.',
  dependsOn: ['core-banking'],
  provides: [],
  requires: [UnitOfWork, WorkflowEngine, Ledger, AssetCatalog, Clock, Ids],
  config: batchConfigSchema,
  register(bind: Bind, ctx: PluginContext<BatchConfig>) {
    bind(BatchConfig).toConstantValue(ctx.config);
    bind(ItemApplication).toSelf();
    bind(ApplyItemWorkflow).toResolvedValue(applyItemWorkflow, [ItemApplication]);
  },
  operations: [
    operation(CreateBatch, CreateBatchOperation),
    operation(GetBatch, GetBatchOperation),
    operation(ListBatches, ListBatchesOperation),
    operation(ListBatchItems, ListBatchItemsOperation),
  ],
  persistence: {
    memory: (bind: Bind) => bind(BatchRepository).to(MemoryBatchRepository),
    sql: (bind: Bind) => bind(BatchRepository).to(SqlBatchRepository),
  },
  migrations: batchMigrations,
  routes: batchRoutes,
  routeTags: batchRouteTags,
  events: batchEvents,
  graphql: batchGraphql,
  workflows: [ApplyItemWorkflow],
});

export default batchPlugin;
