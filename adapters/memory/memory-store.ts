import type { StoreBundle } from '../store.js';
import type { StoreDeps } from '../open-store.js';
import { MemoryConsumerStore } from './memory-consumer-store.js';
import { MemoryEventStore } from './memory-event-store.js';
import { MemoryIdempotencyStore } from './memory-idempotency-store.js';
import { MemoryMigrator } from './memory-migrator.js';
import { MemoryUnitOfWork } from './memory-unit-of-work.js';
import { MemoryWorkflowStore } from './memory-workflow-store.js';

/** Everything lives in this process; nothing survives a restart. */
export function openMemoryStore(deps: StoreDeps): StoreBundle {
  const eventStore = new MemoryEventStore();
  const unitOfWork = new MemoryUnitOfWork(eventStore, deps.clock, deps.ids, deps.logger);
  const idempotency = new MemoryIdempotencyStore(unitOfWork);
  const workflows = new MemoryWorkflowStore(unitOfWork);
  const consumers = new MemoryConsumerStore(unitOfWork, eventStore);
  return {
    kind: 'memory',
    family: 'memory',
    unitOfWork,
    eventStore,
    idempotency,
    workflows,
    migrator: new MemoryMigrator(),
    consumers,
    async init() {},
    async truncateAll() {
      await unitOfWork.exclusive(() => {
        eventStore.clear();
        idempotency.clear();
        workflows.clear();
        consumers.clear();
      });
    },
    close: () => unitOfWork.close(),
  };
}
