import { inject, injectable, optional } from 'inversify';
import {
  AppError,
  AwaitSignal,
  SettlementGate,
  type SettlementDecision,
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
  /**
   * held: the gate held the transfer (the run waits for a signal); cleared or
   * rejected: the operator's decision the signal brought (HeldTransfers).
   */
  readonly review?: 'held' | 'cleared' | 'rejected';
  readonly review_note?: string;
}

type SettleResult = void | StepFailure | AwaitSignal<TransferWorkflowState>;

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
    // Bound by regtech when it runs; without it every transfer settles on its schedule.
    @inject(SettlementGate) @optional() private readonly gate: SettlementGate | undefined,
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
   * Step 'settle' for many runs: asks the SettlementGate (when regtech runs)
   * about the pending transfers, holds those it holds, and captures the
   * others' holds, crediting the receiver the amount and system:fees the
   * fee, and completes the transfer and both parties' transactions. Both
   * accounts must still be active (the ledger checks); a run whose account
   * was frozen or closed meanwhile fails with a StepFailure and is
   * compensated, the others settle. A held transfer becomes pending_review
   * (transfer.held), keeps its hold, and its run waits (AwaitSignal) until
   * HeldTransfers signals the operator's decision: the step then runs again
   * with state.review cleared (settle, without asking the gate again) or
   * rejected (a StepFailure: compensation releases the hold).
   */
  async settle(tx: Tx, runs: readonly WorkflowBatchItem<TransferWorkflowState>[]): Promise<SettleResult[]> {
    const results: SettleResult[] = runs.map(() => undefined);
    const locked = await this.transfers.lock(tx, runs.map((run) => ({ teamId: run.meta.teamId, id: run.state.transfer_id })));
    const byId = new Map(locked.map((transfer) => [teamKey(transfer.teamId, transfer.id), transfer]));
    const due: { readonly index: number; readonly transfer: TransferRecord }[] = [];
    runs.forEach((run, index) => {
      const transfer = byId.get(teamKey(run.meta.teamId, run.state.transfer_id));
      if (!transfer) results[index] = new StepFailure('transfer_not_found', `Transfer ${run.state.transfer_id} does not exist.`);
      else if (transfer.status === 'pending_review') {
        if (run.state.review === 'rejected') results[index] = rejected(run.state.review_note);
        else if (run.state.review === 'cleared') due.push({ index, transfer });
        else results[index] = new AwaitSignal(run.state); // re-run without a decision: keep waiting
      } else if (transfer.status !== 'pending') return;
      else if (!run.state.hold_id) results[index] = new StepFailure('hold_missing', 'The transfer has no reservation to settle.');
      else due.push({ index, transfer });
    });
    const decisions = await this.#ask(tx, due.map(({ transfer }) => transfer));
    const held: TransferRecord[] = [];
    const captures: { readonly index: number; readonly transfer: TransferRecord; readonly request: CaptureRequest }[] = [];
    due.forEach(({ index, transfer }, position) => {
      const decision = decisions[position];
      if (decision === 'reject') results[index] = rejected(undefined);
      else if (decision === 'hold') {
        held.push(transfer);
        results[index] = new AwaitSignal({ ...runs[index]!.state, review: 'held' });
      } else {
        const credits: LedgerLeg[] = [{ accountId: transfer.toAccount, assetCode: transfer.assetCode, amount: transfer.amount }];
        if (transfer.fee > 0n) credits.push({ accountId: FEES_ACCOUNT, assetCode: transfer.assetCode, amount: transfer.fee });
        const request = { teamId: transfer.teamId, holdId: runs[index]!.state.hold_id ?? transfer.holdId, amount: transfer.amount + transfer.fee, credits, kind: 'transfer' };
        captures.push({ index, transfer, request });
      }
    });
    await this.#hold(tx, held);
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
        id: this.ids.timeOrdered(),
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

  /** The gate's decision per transfer in order; every one settles without a gate. */
  async #ask(tx: Tx, transfers: readonly TransferRecord[]): Promise<SettlementDecision[]> {
    // A cleared transfer (pending_review) was weighed already: the operator's decision stands.
    const asking = transfers.filter((transfer) => transfer.status === 'pending');
    if (!this.gate || asking.length === 0) return transfers.map(() => 'settle');
    const answers = await this.gate.review(
      tx,
      asking.map((t) => ({ teamId: t.teamId, transferId: t.id, fromAccount: t.fromAccount, toAccount: t.toAccount, amount: t.amount, assetCode: t.assetCode, createdAt: t.createdAt })),
    );
    const byTransfer = new Map(asking.map((transfer, position) => [transfer, answers[position]!]));
    return transfers.map((transfer) => byTransfer.get(transfer) ?? 'settle');
  }

  /** Held transfers: pending_review, the sender's transaction too; the hold stays (reserved, not moved). */
  async #hold(tx: Tx, held: readonly TransferRecord[]): Promise<void> {
    if (held.length === 0) return;
    const now = this.clock.now();
    const records = held.map((transfer): TransferRecord => {
      assertTransition(transfer.status, 'pending_review');
      return { ...transfer, status: 'pending_review', updatedAt: now };
    });
    await this.transfers.update(tx, records);
    await this.transactions.updateForTransfers(
      tx,
      records.map((t) => ({ teamId: t.teamId, transferId: t.id, accountId: t.fromAccount, status: 'pending_review', movementId: null, balanceAfter: null, completedAt: null })),
    );
    await tx.append(records.map((transfer) => transferEvent(this.holdings, 'transfer.held', transfer, 'held for a compliance review')));
  }

  /** onFinished: a failed or timed-out run leaves the transfer failed or expired (the hold is already released). */
  async finish(tx: Tx, state: TransferWorkflowState, outcome: WorkflowOutcome, meta: WorkflowRunMeta): Promise<void> {
    if (outcome === 'completed') return;
    const [transfer] = await this.transfers.lock(tx, [{ teamId: meta.teamId, id: state.transfer_id }]);
    if (!transfer || (transfer.status !== 'pending' && transfer.status !== 'pending_review')) return;
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

/** An operator rejected the transfer in review: it fails, the hold is released, the note is the reason. */
function rejected(note: string | undefined): StepFailure {
  return new StepFailure('review_rejected', note ? `rejected in compliance review: ${note}` : 'rejected in compliance review');
}

function asStepFailure(error: AppError): StepFailure {
  return new StepFailure(error.code, error.message);
}
