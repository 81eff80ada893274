import type { Bind } from 'inversify';
import {
  Clock,
  definePlugin,
  EventBackbone,
  EventRegistry,
  Ids,
  KeyInventory,
  Logger,
  Meter,
  operation,
  Random,
  Scheduler,
  UnitOfWork,
  WebhookDeliveryStats,
  WebhookSubscriptions,
  type OperationBinding,
  type PluginContext,
} from '../../kernel/public.js';
import { HttpWebhookTransport } from './adapters/http/http-webhook-transport.js';
import { MemoryDeliveryRepository } from './adapters/memory/memory-delivery-repository.js';
import { MemoryWebhookRepository } from './adapters/memory/memory-webhook-repository.js';
import { MemoryWebhooks, MemoryWebhookState } from './adapters/memory/memory-webhook-state.js';
import { webhookMigrations } from './adapters/sql/migrations.js';
import { SqlDeliveryRepository } from './adapters/sql/sql-delivery-repository.js';
import { SqlWebhookRepository } from './adapters/sql/sql-webhook-repository.js';
import { CreateWebhookOperation } from './application/create-webhook.js';
import { DeliveryStats } from './application/delivery-stats.js';
import { DeleteWebhookOperation } from './application/delete-webhook.js';
import { Dispatcher, WebhookDispatcher } from './application/dispatcher.js';
import { FanOut, WebhookFanOut } from './application/fan-out.js';
import { GetWebhookOperation } from './application/get-webhook.js';
import { WebhookSecretInventory } from './application/key-inventory.js';
import { KnownEvents } from './application/known-events.js';
import { CancelDeliveries } from './application/cancel-deliveries.js';
import { DeliveryPruner, Pruner } from './application/delivery-pruner.js';
import { ListDeliveriesOperation } from './application/list-deliveries.js';
import { ListEventTypesOperation } from './application/list-event-types.js';
import { ListOutboxOperation } from './application/list-outbox.js';
import { ListWebhooksOperation } from './application/list-webhooks.js';
import { TestWebhookOperation } from './application/test-webhook.js';
import { UpdateWebhookOperation } from './application/update-webhook.js';
import { SubscriptionsForOthers } from './application/subscriptions-for-others.js';
import { UrlPolicy } from './application/url-policy.js';
import { WebhooksConfig, webhooksConfigSchema } from './config.js';
import { webhookEvents } from './events.js';
import { webhookGraphql } from './graphql/webhook.js';
import { webhookRouteTags, webhookRoutes } from './http.js';
import * as ops from './operations.js';
import { DeliveryRepository, WebhookRepository, WebhookTransport } from './ports.js';

const operations: readonly OperationBinding[] = [
  operation(ops.ListEventTypes, ListEventTypesOperation),
  operation(ops.CreateWebhook, CreateWebhookOperation),
  operation(ops.ListWebhooks, ListWebhooksOperation),
  operation(ops.GetWebhook, GetWebhookOperation),
  operation(ops.UpdateWebhook, UpdateWebhookOperation),
  operation(ops.DeleteWebhook, DeleteWebhookOperation),
  operation(ops.ListDeliveries, ListDeliveriesOperation),
  operation(ops.ListOutbox, ListOutboxOperation),
  operation(ops.TestWebhook, TestWebhookOperation),
];

/**
 * Webhooks: subscriptions per team, an outbox filled by a consumer group on
 * the event backbone, and a dispatcher that signs, sends, retries and
 * disables, sharing the work with other processes through the store;
 * finished deliveries are pruned after their retention (a Scheduler task).
 */
export const webhooksPlugin = definePlugin<WebhooksConfig>({
  name: 'webhooks',
  version: '0.1.0',
  kernel: '^2.4.0',
  description: 'Webhook subscriptions, signed at-least-once delivery with retries, delivery history.',
  dependsOn: ['identity'],
  // The live dashboard reads the delivery backlog through WebhookDeliveryStats (optionally: it never imports this plugin).
  // Partner onboarding subscribes a partner's webhook_url through WebhookSubscriptions.
  provides: [WebhookDeliveryStats, WebhookSubscriptions],
  // Each endpoint's signing secret is listed and rotated by key-management through KeyInventory.
  contributes: [KeyInventory],
  requires: [UnitOfWork, EventBackbone, EventRegistry, Scheduler, Clock, Ids, Random, Logger, Meter],
  config: webhooksConfigSchema,
  register(bind: Bind, ctx: PluginContext<WebhooksConfig>) {
    bind<WebhooksConfig>(WebhooksConfig).toConstantValue(ctx.config);
    bind<WebhookTransport>(WebhookTransport).to(HttpWebhookTransport);
    bind<KnownEvents>(KnownEvents).toSelf();
    bind<UrlPolicy>(UrlPolicy).toSelf();
    bind<CancelDeliveries>(CancelDeliveries).toSelf();
    bind<DeliveryPruner>(Pruner).to(DeliveryPruner);
    bind<WebhookFanOut>(FanOut).to(WebhookFanOut);
    bind<WebhookDispatcher>(Dispatcher).to(WebhookDispatcher);
    bind<WebhookDeliveryStats>(WebhookDeliveryStats).to(DeliveryStats);
    bind<WebhookSubscriptions>(WebhookSubscriptions).to(SubscriptionsForOthers);
    bind<KeyInventory>(KeyInventory).to(WebhookSecretInventory);
  },
  operations,
  persistence: {
    memory(bind: Bind) {
      bind<MemoryWebhookState>(MemoryWebhooks).toConstantValue(new MemoryWebhookState());
      bind<WebhookRepository>(WebhookRepository).to(MemoryWebhookRepository);
      bind<DeliveryRepository>(DeliveryRepository).to(MemoryDeliveryRepository);
    },
    sql(bind: Bind) {
      bind<WebhookRepository>(WebhookRepository).to(SqlWebhookRepository);
      bind<DeliveryRepository>(DeliveryRepository).to(SqlDeliveryRepository);
    },
  },
  migrations: webhookMigrations,
  routes: webhookRoutes,
  routeTags: webhookRouteTags,
  events: webhookEvents,
  graphql: webhookGraphql,
  async start(rt) {
    const backbone = rt.get(EventBackbone);
    backbone.register(rt.get(FanOut));
    backbone.registerWorker(rt.get(Dispatcher));
    rt.get(Scheduler).every(rt.get(Pruner));
  },
  // After the background work stopped (sends in flight answered): the kept-alive connections go.
  async stop(rt) {
    await rt.get(WebhookTransport).close?.();
  },
});

export default webhooksPlugin;
