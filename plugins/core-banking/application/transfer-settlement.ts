import { inject, injectable } from 'inversify';
import type { WorkflowOutcome, WorkflowRunMeta } from '../../../kernel/contract/workflow.js';
import { StepFailure } from '../../../kernel/contract/workflow.js';
import { AppError } from '../../../kernel/errors/app-error.js';
import { AssetCatalog } from '../../../ports/asset-catalog.js';
import { Clock } from '../../../ports/clock.js';
import { Ids } from '../../../ports/ids.js';
import { Ledger, type LedgerLeg } from '../../../ports/ledger.js';
import type { Tx } from '../../../ports/unit-of-work.js';
import { FEES_ACCOUNT } from '../domain/ledger-rules.js';
import { assertTransition, statusForOutcome } from '../domain/transfer.js';
import { TransactionRepository, TransferRepository, type TransferRecord } from '../ports.js';
import { transferEvent } from './views.js';

export const TRANSFER_WORKFLOW = 'core-banking.transfer';

/** The durable state of one settlement run (JSON). */
export interface TransferWorkflowState {
  readonly transfer_id: string;
  readonly hold_id?: string;
}

/**
 * The steps of the transfer workflow. Each runs in its own unit of work
 * (the runner's) and is safe to run again: a settled transfer is not settled
 * twice and releasing a released hold does nothing.
 */
@injectable()
export class TransferSettlement {
  constructor(
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(TransferRepository) private readonly transfers: TransferRepository,
    @inject(TransactionRepository) private readonly transactions: TransactionRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  /** Step 'reserve' (normally done by POST /transfers, which starts the run after it). */
  async reserve(tx: Tx, state: TransferWorkflowState, meta: WorkflowRunMeta): Promise<TransferWorkflowState | void> {
    if (state.hold_id) return;
    const transfer = await this.#transfer(tx, meta.teamId, state);
    const holdId = await this.#asStepFailure(() =>
      this.ledger.hold(tx, meta.teamId, {
        accountId: transfer.fromAccount,
        assetCode: transfer.assetCode,
        amount: transfer.amount + transfer.fee,
        reference: transfer.id,
      }),
    );
    return { ...state, hold_id: holdId };
  }

  /** Compensation of 'reserve': the reserved amount + fee goes back to available. */
  async release(tx: Tx, state: TransferWorkflowState, meta: WorkflowRunMeta): Promise<void> {
    if (state.hold_id) await this.ledger.release(tx, meta.teamId, state.hold_id);
  }

  /** Step 'check-accounts': both parties must still be active. */
  async checkAccounts(tx: Tx, state: TransferWorkflowState, meta: WorkflowRunMeta): Promise<void> {
    const transfer = await this.#transfer(tx, meta.teamId, state);
    for (const id of [transfer.fromAccount, transfer.toAccount]) {
      const account = await this.#asStepFailure(() => this.ledger.account(tx, meta.teamId, id));
      if (account.status !== 'active') throw new StepFailure('account_not_active', `Account ${id} is ${account.status}.`);
    }
  }

  /**
   * Step 'settle': captures the hold, crediting the receiver the amount and
   * system:fees the fee; completes the transfer and both parties' transactions.
   */
  async settle(tx: Tx, state: TransferWorkflowState, meta: WorkflowRunMeta): Promise<void> {
    const transfer = await this.transfers.lock(tx, meta.teamId, state.transfer_id);
    if (!transfer) throw new StepFailure('transfer_not_found', `Transfer ${state.transfer_id} does not exist.`);
    if (transfer.status !== 'pending') return;
    if (!state.hold_id) throw new StepFailure('hold_missing', 'The transfer has no reservation to settle.');
    const credits: LedgerLeg[] = [{ accountId: transfer.toAccount, assetCode: transfer.assetCode, amount: transfer.amount }];
    if (transfer.fee > 0n) credits.push({ accountId: FEES_ACCOUNT, assetCode: transfer.assetCode, amount: transfer.fee });
    const holdId = state.hold_id;
    const posted = await this.#asStepFailure(() =>
      this.ledger.capture(tx, meta.teamId, holdId, transfer.amount + transfer.fee, credits, 'transfer'),
    );
    const now = this.clock.now();
    const balanceOf = (accountId: string): bigint => posted.balances.find((row) => row.accountId === accountId)!.available;
    assertTransition(transfer.status, 'completed');
    const completed: TransferRecord = { ...transfer, status: 'completed', completedAt: now, updatedAt: now };
    await this.transfers.update(tx, meta.teamId, transfer.id, completed);
    await this.transactions.updateForTransfer(tx, meta.teamId, transfer.id, transfer.fromAccount, {
      status: 'completed',
      movementId: posted.movementId,
      balanceAfter: balanceOf(transfer.fromAccount),
      completedAt: now,
    });
    await this.transactions.insert(tx, [
      {
        id: this.ids.uuid(),
        teamId: meta.teamId,
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
      },
    ]);
    await tx.append([transferEvent(this.assets, 'transfer.completed', completed)]);
  }

  /** onFinished: a failed or timed-out run leaves the transfer failed or expired (the hold is already released). */
  async finish(tx: Tx, state: TransferWorkflowState, outcome: WorkflowOutcome, meta: WorkflowRunMeta): Promise<void> {
    if (outcome === 'completed') return;
    const transfer = await this.transfers.lock(tx, meta.teamId, state.transfer_id);
    if (!transfer || transfer.status !== 'pending') return;
    const status = statusForOutcome(outcome);
    assertTransition(transfer.status, status);
    const now = this.clock.now();
    const reason = meta.error ?? (outcome === 'timed_out' ? 'workflow timed out' : 'settlement failed');
    const finished: TransferRecord = { ...transfer, status, failureReason: reason, updatedAt: now };
    await this.transfers.update(tx, meta.teamId, transfer.id, finished);
    await this.transactions.updateForTransfer(tx, meta.teamId, transfer.id, transfer.fromAccount, {
      status: 'failed',
      movementId: null,
      balanceAfter: null,
      completedAt: null,
    });
    await tx.append([transferEvent(this.assets, status === 'expired' ? 'transfer.expired' : 'transfer.failed', finished, reason)]);
  }

  async #transfer(tx: Tx, teamId: string, state: TransferWorkflowState): Promise<TransferRecord> {
    const transfer = await this.transfers.find(tx, teamId, state.transfer_id);
    if (!transfer) throw new StepFailure('transfer_not_found', `Transfer ${state.transfer_id} does not exist.`);
    return transfer;
  }

  /** A business refusal (4xx) fails the step for good; anything else is retried by the runner. */
  async #asStepFailure<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw new StepFailure(error.code, error.message);
      throw error;
    }
  }
}
