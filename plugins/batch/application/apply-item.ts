import { inject, injectable } from 'inversify';
import { AppError, Ledger, WORLD_ACCOUNT, WorkflowEngine, type Tx, type WorkflowOutcome, type WorkflowRunMeta } from '../../../kernel/public.js';
import { itemLegs, type ItemOutcome } from '../domain/batch.js';
import { BatchCompleted } from '../events.js';
import { BatchRepository } from '../ports.js';
import { batchView } from './views.js';

export const APPLY_ITEM_WORKFLOW = 'batch.apply-item';

export interface ApplyItemState {
  readonly batchId: string;
  readonly index: number;
}

/**
 * The one step of an item's workflow run, in the unit of work that records
 * the step: claims the item (locked, only while pending), posts its movement
 * through the Ledger, records the outcome, counts it on the batch and starts
 * the next item's run. Items are applied in submitted order, one run after
 * the other, so a batch's outcome does not depend on timing (an item may
 * spend what an earlier one credited). The item's status, the ledger
 * movement and the next run commit together with the step record, so a
 * restart resumes at the first item not applied, and a replayed step finds
 * its item ended and does nothing. A refusal the client caused (unknown or
 * frozen account, insufficient funds …) is the item's outcome, not a
 * failure of the run.
 */
@injectable()
export class ItemApplication {
  constructor(
    @inject(BatchRepository) private readonly batches: BatchRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(WorkflowEngine) private readonly workflows: WorkflowEngine,
  ) {}

  async apply(tx: Tx, state: ApplyItemState, meta: WorkflowRunMeta): Promise<void> {
    const item = await this.batches.claim(tx, meta.teamId, state.batchId, state.index);
    if (!item) return;
    const batch = await this.batches.find(tx, meta.teamId, state.batchId);
    let outcome: ItemOutcome;
    try {
      const posted = await this.ledger.post(tx, meta.teamId, {
        kind: `batch.${batch?.type ?? 'transfer'}`,
        reference: item.reference ?? `batch ${state.batchId} item ${state.index}`,
        legs: itemLegs(item, WORLD_ACCOUNT),
      });
      outcome = { status: 'completed', movementId: posted.movementId };
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      outcome = { status: 'failed', errorCode: error.code, errorDetail: error.message };
    }
    await this.#end(tx, meta, state, outcome);
  }

  /**
   * A run that failed for good (an error the client did not cause, retried
   * until maxAttempts) still ends its item, as failed, so the batch completes.
   */
  async finished(tx: Tx, state: ApplyItemState, outcome: WorkflowOutcome, meta: WorkflowRunMeta): Promise<void> {
    if (outcome === 'completed') return;
    if (!(await this.batches.claim(tx, meta.teamId, state.batchId, state.index))) return;
    await this.#end(tx, meta, state, { status: 'failed', errorCode: 'processing_error', errorDetail: 'The item could not be applied; nothing moved.' });
  }

  async #end(tx: Tx, meta: WorkflowRunMeta, state: ApplyItemState, outcome: ItemOutcome): Promise<void> {
    await this.batches.finish(tx, meta.teamId, state.batchId, state.index, outcome, meta.now);
    const batch = await this.batches.countOutcome(tx, meta.teamId, state.batchId, outcome.status, meta.now);
    if (batch.status === 'completed') {
      await tx.append([{ type: BatchCompleted.name, teamId: meta.teamId, aggregateType: 'batch', aggregateId: batch.id, payload: batchView(batch) }]);
    } else if (state.index + 1 < batch.total) {
      await this.workflows.start(tx, { definition: APPLY_ITEM_WORKFLOW, teamId: meta.teamId, state: { batchId: state.batchId, index: state.index + 1 } satisfies ApplyItemState, emitEvents: false });
    }
  }
}
