import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Clock,
  Ids,
  Ledger,
  refused,
  runAlone,
  succeeded,
  UnitOfWork,
  ValidationError,
  WorkflowEngine,
  type Asset,
  type BatchOperation,
  type NewEvent,
  type Outcome,
  type RequestContext,
  type StartWorkflow,
  type Tx,
} from '../../../kernel/public.js';
import { CoreBankingConfig } from '../config.js';
import type { CreateTransferInput, TransferView } from '../operations.js';
import { TransactionRepository, TransferRepository, type TransactionRecord, type TransferRecord } from '../ports.js';
import { FeeSchedule } from './fee-schedule.js';
import { optionalObject, optionalText, parseMoney, requiredId } from './inputs.js';
import { TRANSFER_WORKFLOW, type TransferWorkflowState } from './transfer-settlement.js';
import { Holdings } from './holdings.js';
import { transferEvent, transferView } from './views.js';

/** A validated POST /transfers, ready to run in a batch. */
export interface TransferCommand {
  readonly teamId: string;
  readonly from: string;
  readonly to: string;
  readonly asset: Asset;
  /** The ledger's code of the asset's holding: on a chain for a token (application/holdings.ts). */
  readonly holding: string;
  readonly amount: bigint;
  readonly fee: bigint;
  readonly reference: string | null;
  readonly routing: string | null;
  readonly metadata: Record<string, unknown>;
  readonly workflowEnabled: boolean;
}

/**
 * POST /transfers. In one unit of work: hold amount + fee on the sender (so
 * it cannot be spent twice), record the transfer and the sender's pending
 * transaction, append transfer.created and transfer.pending, and start the
 * settlement workflow due after settlement_delay_ms. The hold is the
 * workflow's first step ('reserve'), done here so insufficient funds is a
 * synchronous 422.
 *
 * Transfers arriving together run as one batch (group commit): one ledger
 * pass locks and checks every sender and receiver and places every hold, in
 * submission order, each transfer with its own outcome; the inserts go as
 * the transaction's deferred writes.
 */
@injectable()
export class CreateTransferOperation implements BatchOperation<CreateTransferInput, TransferView, TransferCommand> {
  readonly batch = {
    prepare: (input: CreateTransferInput, ctx: RequestContext): TransferCommand => this.#prepare(input, ctx),
    execute: (tx: Tx, commands: readonly TransferCommand[]): Promise<Outcome<TransferView>[]> => this.#execute(tx, commands),
  };

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(TransferRepository) private readonly transfers: TransferRepository,
    @inject(TransactionRepository) private readonly transactions: TransactionRepository,
    @inject(WorkflowEngine) private readonly workflows: WorkflowEngine,
    @inject(FeeSchedule) private readonly fees: FeeSchedule,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Holdings) private readonly holdings: Holdings,
    @inject(CoreBankingConfig) private readonly config: CoreBankingConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: CreateTransferInput, ctx: RequestContext): Promise<TransferView> {
    return runAlone(this, this.uow, input, ctx);
  }

  #prepare(input: CreateTransferInput, ctx: RequestContext): TransferCommand {
    const from = requiredId(input.from_account, '/from_account');
    const to = requiredId(input.to_account, '/to_account');
    const { asset, amount } = parseMoney(this.assets, input);
    const holding = this.holdings.resolve(asset, input.chain, '/chain').code;
    if (from === to) throw ValidationError.field('/to_account', 'to_account must differ from from_account', 'same_account');
    return {
      teamId: ctx.actor.teamId,
      from,
      to,
      asset,
      holding,
      amount,
      fee: this.fees.feeFor(asset, amount),
      reference: optionalText(input.reference, '/reference'),
      routing: optionalText(input.routing, '/routing'),
      metadata: optionalObject(input.metadata, '/metadata'),
      workflowEnabled: input.workflow_enabled === true,
    };
  }

  async #execute(tx: Tx, commands: readonly TransferCommand[]): Promise<Outcome<TransferView>[]> {
    // One ledger pass: both parties checked and share-locked, amount + fee held on each sender.
    // A transfer's own id stays random (version 4): ISO 20022's pacs.008 hands it out as the UETR, which must be one.
    // The other rows it writes take time-ordered ids, so their btrees grow at the right edge (docs/decisions.md).
    const ids = commands.map(() => this.ids.uuid());
    const holds = await this.ledger.holdMany(
      tx,
      commands.map((c, index) => ({
        teamId: c.teamId,
        accountId: c.from,
        assetCode: c.holding,
        amount: c.amount + c.fee,
        reference: ids[index]!,
        beneficiary: c.to,
        pointers: { account: '/from_account', beneficiary: '/to_account' },
        // One account.balance_updated per transfer and side: the settlement's capture (or the release) announces the sender's.
        quiet: true,
      })),
    );

    const now = this.clock.now();
    const estimatedCompletion = new Date(now.getTime() + this.config.settlement_delay_ms);
    const created: TransferRecord[] = [];
    const pending: TransactionRecord[] = [];
    const runs: StartWorkflow[] = [];
    const events: NewEvent[] = [];
    const outcomes = commands.map((c, index): Outcome<TransferView> => {
      const hold = holds[index]!;
      if (!hold.ok) return refused(hold.error);
      const id = ids[index]!;
      const transfer: TransferRecord = {
        id,
        teamId: c.teamId,
        fromAccount: c.from,
        toAccount: c.to,
        amount: c.amount,
        fee: c.fee,
        assetCode: c.holding,
        status: 'pending',
        reference: c.reference,
        workflowId: this.ids.timeOrdered(),
        workflowEnabled: c.workflowEnabled,
        holdId: hold.value,
        metadata: c.metadata,
        routing: c.routing,
        createdAt: now,
        estimatedCompletion,
        completedAt: null,
        failureReason: null,
        updatedAt: now,
      };
      created.push(transfer);
      pending.push({
        id: this.ids.timeOrdered(),
        teamId: c.teamId,
        accountId: c.from,
        type: 'transfer',
        amount: c.amount,
        assetCode: c.holding,
        status: 'pending',
        reference: c.reference,
        transferId: id,
        movementId: null,
        balanceAfter: null,
        createdAt: now,
        completedAt: null,
      });
      const state: TransferWorkflowState = { transfer_id: id, hold_id: hold.value };
      runs.push({
        definition: TRANSFER_WORKFLOW,
        teamId: c.teamId,
        id: transfer.workflowId,
        state: { ...state },
        emitEvents: c.workflowEnabled,
        runAt: estimatedCompletion,
        completedSteps: 1,
      });
      events.push(transferEvent(this.holdings, 'transfer.created', transfer), transferEvent(this.holdings, 'transfer.pending', transfer));
      return succeeded(transferView(this.holdings, transfer));
    });
    if (created.length > 0) {
      await this.transfers.insert(tx, created);
      await this.transactions.insert(tx, pending);
      await this.workflows.startMany(tx, runs);
      await tx.append(events);
    }
    return outcomes;
  }
}
