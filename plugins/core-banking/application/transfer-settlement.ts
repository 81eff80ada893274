import { inject, injectable } from 'inversify';
import {
  AppError,
  Clock,
  Ids,
  Ledger,
  StepFailure,
  type CaptureRequest,
  type LedgerLeg,
  type NewEvent,
  type Tx,
  type WorkflowBatchItem,
  type WorkflowOutcome,
  type WorkflowRunMeta,
} from '../../../kernel/public.js';
import { FEES_ACCOUNT, teamKey } from '../domain/ledger-rules.js';
import { assertTransition, statusForOutcome } from '../domain/transfer.js';
import { TransactionRepository, TransferRepository, type TransactionRecord, type TransactionUpdate, type TransferRecord } from '../ports.js';
import { Holdings } from './holdings.js';
import { transferEvent } from './views.js';

export const TRANSFER_WORKFLOW = 'core-banking.transfer';

/** The durable state of one settlement run (JSON). */
export interface TransferWorkflowState {
  readonly transfer_id: string;
  readonly hold_id?: string;
}

/**
 * The steps of the transfer workflow. Each runs in a unit of work of the
 * runner's and is safe to run again: a settled transfer is not settled
 * twice and releasing a released hold does nothing. Settlement runs for a
 * batch of due transfers at once (group commit): one lock of the transfers,
 * one ledger pass for every capture, one write per table.
 */
@injectable()
export class TransferSettlement {
  constructor(
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(TransferRepository) private readonly transfers: TransferRepository,
    @inject(TransactionRepository) private readonly transactions: TransactionRepository,
    @inject(Holdings) private readonly holdings: Holdings,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  /** Step 'reserve' (normally done by POST /transfers, which starts the run after it). */
  async reserve(tx: Tx, state: TransferWorkflowState, meta: WorkflowRunMeta): Promise<TransferWorkflowState | void> {
    if (state.hold_id) return;
    const transfer = await this.transfers.find(tx, meta.teamId, state.transfer_id);
    if (!transfer) throw new StepFailure('transfer_not_found', `Transfer ${state.transfer_id} does not exist.`);
    try {
      const holdId = await this.ledger.hold(tx, meta.teamId, {
        accountId: transfer.fromAccount,
        assetCode: transfer.assetCode,
        amount: transfer.amount + transfer.fee,
        reference: transfer.id,
      });
      return { ...state, hold_id: holdId };
    } catch (error) {
      // A business refusal (4xx) fails the step for good; anything else is retried by the runner.
      if (error instanceof AppError && error.status < 500) throw asStepFailure(error);
      throw error;
    }
  }

  /** Compensation of 'reserve': the reserved amount + fee goes back to available. */
  async release(tx: Tx, state: TransferWorkflowState, meta: WorkflowRunMeta): Promise<void> {
    if (state.hold_id) await this.ledger.release(tx, meta.teamId, state.hold_id);
  }

  /**
   * Step 'settle' for many runs: captures each hold, crediting the receiver
   * the amount and system:fees the fee, and completes the transfer and both
   * parties' transactions. Both accounts must still be active (the ledger
   * checks); a run whose account was frozen or closed meanwhile fails with
   * a StepFailure and is compensated, the others settle.
   */
  async settle(tx: Tx, runs: readonly WorkflowBatchItem<TransferWorkflowState>[]): Promise<Array<void | StepFailure>> {
    const results: Array<void | StepFailure> = runs.map(() => undefined);
    const locked = await this.transfers.lock(tx, runs.map((run) => ({ teamId: run.meta.teamId, id: run.state.transfer_id })));
    const byId = new Map(locked.map((transfer) => [teamKey(transfer.teamId, transfer.id), transfer]));
    const captures: { readonly index: number; readonly transfer: TransferRecord; readonly request: CaptureRequest }[] = [];
    runs.forEach((run, index) => {
      const transfer = byId.get(teamKey(run.meta.teamId, run.state.transfer_id));
      if (!transfer) results[index] = new StepFailure('transfer_not_found', `Transfer ${run.state.transfer_id} does not exist.`);
      else if (transfer.status !== 'pending') return;
      else if (!run.state.hold_id) results[index] = new StepFailure('hold_missing', 'The transfer has no reservation to settle.');
      else {
        const credits: LedgerLeg[] = [{ accountId: transfer.toAccount, assetCode: transfer.assetCode, amount: transfer.amount }];
        if (transfer.fee > 0n) credits.push({ accountId: FEES_ACCOUNT, assetCode: transfer.assetCode, amount: transfer.fee });
        const request = { teamId: transfer.teamId, holdId: run.state.hold_id, amount: transfer.amount + transfer.fee, credits, kind: 'transfer' };
        captures.push({ index, transfer, request });
      }
    });
    const outcomes = await this.ledger.captureMany(tx, captures.map((capture) => capture.request));

    const now = this.clock.now();
    const completed: TransferRecord[] = [];
    const senders: TransactionUpdate[] = [];
    const receivers: TransactionRecord[] = [];
    const events: NewEvent[] = [];
    outcomes.forEach((outcome, position) => {
      const { index, transfer } = captures[position]!;
      if (!outcome.ok) {
        results[index] = asStepFailure(outcome.error);
        return;
      }
      const posted = outcome.value;
      const balanceOf = (accountId: string): bigint => posted.balances.find((row) => row.accountId === accountId)!.available;
      assertTransition(transfer.status, 'completed');
      const done: TransferRecord = { ...transfer, status: 'completed', completedAt: now, updatedAt: now };
      completed.push(done);
      senders.push({
        teamId: transfer.teamId,
        transferId: transfer.id,
        accountId: transfer.fromAccount,
        status: 'completed',
        movementId: posted.movementId,
        balanceAfter: balanceOf(transfer.fromAccount),
        completedAt: now,
      });
      receivers.push({
        id: this.ids.uuid(),
        teamId: transfer.teamId,
        accountId: transfer.toAccount,
        type: 'transfer',
        amount: transfer.amount,
        assetCode: transfer.assetCode,
        status: 'completed',
        reference: transfer.reference,
        transferId: transfer.id,
        movementId: posted.movementId,
        balanceAfter: balanceOf(transfer.toAccount),
        createdAt: now,
        completedAt: now,
      });
      events.push(transferEvent(this.holdings, 'transfer.completed', done));
    });
    if (completed.length > 0) {
      await this.transfers.update(tx, completed);
      // Update before insert: on SQL both then go in one statement (deferred writes).
      await this.transactions.updateForTransfers(tx, senders);
      await this.transactions.insert(tx, receivers);
      await tx.append(events);
    }
    return results;
  }

  /** onFinished: a failed or timed-out run leaves the transfer failed or expired (the hold is already released). */
  async finish(tx: Tx, state: TransferWorkflowState, outcome: WorkflowOutcome, meta: WorkflowRunMeta): Promise<void> {
    if (outcome === 'completed') return;
    const [transfer] = await this.transfers.lock(tx, [{ teamId: meta.teamId, id: state.transfer_id }]);
    if (!transfer || transfer.status !== 'pending') return;
    const status = statusForOutcome(outcome);
    assertTransition(transfer.status, status);
    const now = this.clock.now();
    const reason = meta.error ?? (outcome === 'timed_out' ? 'workflow timed out' : 'settlement failed');
    const finished: TransferRecord = { ...transfer, status, failureReason: reason, updatedAt: now };
    await this.transfers.update(tx, [finished]);
    await this.transactions.updateForTransfers(tx, [
      { teamId: transfer.teamId, transferId: transfer.id, accountId: transfer.fromAccount, status: 'failed', movementId: null, balanceAfter: null, completedAt: null },
    ]);
    await tx.append([transferEvent(this.holdings, status === 'expired' ? 'transfer.expired' : 'transfer.failed', finished, reason)]);
  }
}

function asStepFailure(error: AppError): StepFailure {
  return new StepFailure(error.code, error.message);
}
