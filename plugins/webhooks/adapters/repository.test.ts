import type { StoreBundle } from '../../../adapters/store.js';
import { onEveryStore } from '../../../test/contracts/plugin-stores.js';
import { MemoryDeliveryRepository } from './memory/memory-delivery-repository.js';
import { MemoryWebhookRepository } from './memory/memory-webhook-repository.js';
import { MemoryWebhookState } from './memory/memory-webhook-state.js';
import { webhookRepositoryContract, type WebhookRepositories } from './repository.contract.js';
import { webhookMigrations } from './sql/migrations.js';
import { SqlDeliveryRepository } from './sql/sql-delivery-repository.js';
import { SqlWebhookRepository } from './sql/sql-webhook-repository.js';

// Memory repositories keep their rows in the state they share: a new state is empty.
async function memoryRepositories(): Promise<WebhookRepositories> {
  const state = new MemoryWebhookState();
  return { webhooks: new MemoryWebhookRepository(state), deliveries: new MemoryDeliveryRepository(state) };
}

async function sqlRepositories(store: StoreBundle): Promise<WebhookRepositories> {
  await store.truncateAll();
  return { webhooks: new SqlWebhookRepository(), deliveries: new SqlDeliveryRepository() };
}

onEveryStore('webhooks', webhookMigrations, (kind, open) => {
  webhookRepositoryContract(kind, { open, reset: kind === 'memory' ? memoryRepositories : sqlRepositories }).run();
});
