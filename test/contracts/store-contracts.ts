import { eventConsumersContract } from './event-consumers.contract.js';
import { eventStoreContract } from './event-store.contract.js';
import type { OpenStore } from './harness.js';
import { idempotencyStoreContract } from './idempotency-store.contract.js';
import { migratorContract } from './migrator.contract.js';
import { unitOfWorkContract } from './unit-of-work.contract.js';
import { workflowStoreContract } from './workflow-store.contract.js';

/** Every kernel store port's contract, against one kind of store. */
export function storeContracts(label: string, open: OpenStore): void {
  unitOfWorkContract(label, open);
  eventStoreContract(label, open);
  eventConsumersContract(label, open);
  idempotencyStoreContract(label, open);
  workflowStoreContract(label, open);
  migratorContract(label, open);
}
