import { Clock, definePlugin, Ids, operation, Scheduler, UnitOfWork, WorkflowEngine, type PluginContext } from '../../kernel/public.js';
import type { Bind } from 'inversify';
import { MemoryItemRepository } from './adapters/memory/memory-item-repository.js';
import { templateMigrations } from './adapters/sql/migrations.js';
import { SqlItemRepository } from './adapters/sql/sql-item-repository.js';
import { CreateItemOperation } from './application/create-item.js';
import { ItemActivation } from './application/item-activation.js';
import { ItemExpiry } from './application/item-expiry.js';
import { ListItemsOperation } from './application/list-items.js';
import { TemplateConfig, templateConfigSchema } from './config.js';
import { templateEvents } from './events.js';
import { templateGraphql } from './graphql/items.js';
import { templateRoutes, templateRouteTags } from './http.js';
import { CreateItem, ListItems } from './operations.js';
import { ItemRepository } from './ports.js';
import { ActivateItemWorkflow, activateItemWorkflow } from './workflows.js';

/**
 * The smallest persistent plugin, and the shape every module copies
 * (`npm run new-plugin -- <name>`): one route pair, one GraphQL query and
 * mutation, events, a repository on both stores with its contract suite, a
 * one-step workflow and a scheduled task. README.md beside this file walks
 * through it.
 */
export const templatePlugin = definePlugin<TemplateConfig>({
  name: 'template',
  version: '0.1.0',
  kernel: '^2.0.0',
  description: 'Items that activate through a workflow and expire on a schedule (the plugin template).',
  dependsOn: [],
  provides: [],
  requires: [UnitOfWork, WorkflowEngine, Scheduler, Clock, Ids],
  config: templateConfigSchema,
  register(bind: Bind, ctx: PluginContext<TemplateConfig>) {
    bind(TemplateConfig).toConstantValue(ctx.config);
    bind(ItemActivation).toSelf();
    bind(ItemExpiry).toSelf();
    bind(ActivateItemWorkflow).toResolvedValue(activateItemWorkflow, [ItemActivation]);
  },
  operations: [operation(CreateItem, CreateItemOperation), operation(ListItems, ListItemsOperation)],
  persistence: {
    memory: (bind: Bind) => bind(ItemRepository).to(MemoryItemRepository),
    sql: (bind: Bind) => bind(ItemRepository).to(SqlItemRepository),
  },
  migrations: templateMigrations,
  routes: templateRoutes,
  routeTags: templateRouteTags,
  events: templateEvents,
  graphql: templateGraphql,
  workflows: [ActivateItemWorkflow],
  async start(rt) {
    const { expiry_sweep_interval_ms: intervalMs } = rt.get(TemplateConfig);
    const expiry = rt.get(ItemExpiry);
    if (intervalMs > 0) rt.get(Scheduler).every({ name: 'template.expire-items', intervalMs, run: () => expiry.sweep() });
  },
});

export default templatePlugin;
