import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Clock,
  Ids,
  parseAmountField,
  UnitOfWork,
  ValidationError,
  WorkflowEngine,
  type Operation,
  type RequestContext,
  type ValidationIssue,
} from '../../../kernel/public.js';
import type { BatchRecord, ItemRecord } from '../domain/batch.js';
import { BatchCreated } from '../events.js';
import type { BatchView, CreateBatchInput } from '../operations.js';
import { BatchConfig } from '../config.js';
import { BatchRepository } from '../ports.js';
import { APPLY_ITEM_WORKFLOW, type ApplyItemState } from './apply-item.js';
import { batchView } from './views.js';

/**
 * POST /batches, createBatch: checks every item's shape (all refusals at
 * once, each with its pointer, nothing stored), then stores the batch, its
 * items and its event and starts the durable workflow run of its first item,
 * all in one unit of work. Accounts and funds are checked when an item is applied:
 * that is its outcome.
 */
@injectable()
export class CreateBatchOperation implements Operation<CreateBatchInput, BatchView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BatchRepository) private readonly batches: BatchRepository,
    @inject(WorkflowEngine) private readonly workflows: WorkflowEngine,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(BatchConfig) private readonly config: BatchConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: CreateBatchInput, ctx: RequestContext): Promise<BatchView> {
    if (input.items.length > this.config.max_items) {
      throw ValidationError.field('/items', `A batch holds at most ${this.config.max_items} items; this one has ${input.items.length}.`, 'too_many_items');
    }
    const teamId = ctx.actor.teamId;
    const now = this.clock.now();
    const batchId = this.ids.uuid();
    const items = this.#items(input, teamId, batchId);
    const batch: BatchRecord = { id: batchId, teamId, type: input.type, status: 'processing', total: items.length, completed: 0, failed: 0, createdAt: now, updatedAt: now, completedAt: null };
    return this.uow.run(async (tx) => {
      await this.batches.insert(tx, batch, items);
      const view = batchView(batch);
      await tx.append([{ type: BatchCreated.name, teamId, aggregateType: 'batch', aggregateId: batchId, payload: view }]);
      // The first item's run; each run starts the next (apply-item.ts), so items apply in order.
      await this.workflows.start(tx, { definition: APPLY_ITEM_WORKFLOW, teamId, state: { batchId, index: 0 } satisfies ApplyItemState, emitEvents: false });
      return view;
    });
  }

  /** Every item in minor units, or one 422 listing every refusal with its pointer. */
  #items(input: CreateBatchInput, teamId: string, batchId: string): ItemRecord[] {
    const issues: ValidationIssue[] = [];
    const items: ItemRecord[] = [];
    input.items.forEach((item, index) => {
      const at = `/items/${index}`;
      try {
        const asset = this.assets.require(item.asset_code, `${at}/asset_code`);
        const amount = parseAmountField(item.amount, asset, `${at}/amount`);
        if (input.type === 'transfer' && !item.to_account) throw ValidationError.field(`${at}/to_account`, 'A transfer item names the receiving account.', 'validation_failed');
        if (input.type === 'payout' && item.to_account) throw ValidationError.field(`${at}/to_account`, 'A payout leaves the service: it names no receiving account.', 'validation_failed');
        if (item.to_account === item.from_account) throw ValidationError.field(`${at}/to_account`, 'An item cannot move money from an account to itself.', 'same_account');
        items.push({
          teamId,
          batchId,
          index,
          status: 'pending',
          fromAccount: item.from_account,
          toAccount: item.to_account ?? null,
          assetCode: asset.code,
          amount,
          reference: item.reference ?? null,
          movementId: null,
          errorCode: null,
          errorDetail: null,
          processedAt: null,
        });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        issues.push(...error.issues);
      }
    });
    if (issues.length > 0) throw new ValidationError(issues);
    return items;
  }
}
