import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import type { Operation } from '../../../kernel/contract/route.js';
import { NotFoundError, ValidationError } from '../../../kernel/errors/errors.js';
import { AssetCatalog } from '../../../ports/asset-catalog.js';
import { Clock } from '../../../ports/clock.js';
import { Ids } from '../../../ports/ids.js';
import { Ledger } from '../../../ports/ledger.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { WorkflowEngine } from '../../../ports/workflow-engine.js';
import { CoreBankingConfig } from '../config.js';
import { requireActive } from '../domain/account.js';
import type { CreateTransferInput, TransferView } from '../operations.js';
import { AccountRepository, TransactionRepository, TransferRepository, type TransferRecord } from '../ports.js';
import { FeeSchedule } from './fee-schedule.js';
import { optionalObject, optionalText, parseMoney, requiredId } from './inputs.js';
import { TRANSFER_WORKFLOW, type TransferWorkflowState } from './transfer-settlement.js';
import { transferEvent, transferView } from './views.js';

/**
 * POST /transfers. In one unit of work: validate, compute the fee, hold
 * amount + fee on the sender (so it cannot be spent twice), record the
 * transfer and the sender's pending transaction, append transfer.created and
 * transfer.pending, and start the settlement workflow due after
 * settlement_delay_ms. The hold is the workflow's first step ('reserve'),
 * done here so insufficient funds is a synchronous 422.
 */
@injectable()
export class CreateTransferOperation implements Operation<CreateTransferInput, TransferView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AccountRepository) private readonly accounts: AccountRepository,
    @inject(TransferRepository) private readonly transfers: TransferRepository,
    @inject(TransactionRepository) private readonly transactions: TransactionRepository,
    @inject(WorkflowEngine) private readonly workflows: WorkflowEngine,
    @inject(FeeSchedule) private readonly fees: FeeSchedule,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(CoreBankingConfig) private readonly config: CoreBankingConfig,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: CreateTransferInput, ctx: RequestContext): Promise<TransferView> {
    const from = requiredId(input.from_account, '/from_account');
    const to = requiredId(input.to_account, '/to_account');
    const { asset, amount } = parseMoney(this.assets, input);
    if (from === to) throw ValidationError.field('/to_account', 'to_account must differ from from_account', 'same_account');
    const reference = optionalText(input.reference, '/reference');
    const routing = optionalText(input.routing, '/routing');
    const metadata = optionalObject(input.metadata, '/metadata');
    const workflowEnabled = input.workflow_enabled === true;
    const fee = this.fees.feeFor(asset, amount);
    const teamId = ctx.actor.teamId;

    return this.uow.run(async (tx) => {
      const sender = await this.accounts.find(tx, teamId, from);
      if (!sender) throw new NotFoundError('Account', from, { pointer: '/from_account' });
      const receiver = await this.accounts.find(tx, teamId, to);
      if (!receiver) throw new NotFoundError('Account', to, { pointer: '/to_account' });
      requireActive(receiver.id, receiver.status);

      const now = this.clock.now();
      const id = this.ids.uuid();
      const workflowId = this.ids.uuid();
      // Checks the sender is active and has amount + fee available (422 otherwise).
      const holdId = await this.ledger.hold(tx, teamId, { accountId: from, assetCode: asset.code, amount: amount + fee, reference: id });
      const transfer: TransferRecord = {
        id,
        teamId,
        fromAccount: from,
        toAccount: to,
        amount,
        fee,
        assetCode: asset.code,
        status: 'pending',
        reference,
        workflowId,
        workflowEnabled,
        holdId,
        metadata,
        routing,
        createdAt: now,
        estimatedCompletion: new Date(now.getTime() + this.config.settlement_delay_ms),
        completedAt: null,
        failureReason: null,
        updatedAt: now,
      };
      await this.transfers.insert(tx, transfer);
      await this.transactions.insert(tx, [
        {
          id: this.ids.uuid(),
          teamId,
          accountId: from,
          type: 'transfer',
          amount,
          assetCode: asset.code,
          status: 'pending',
          reference,
          transferId: id,
          movementId: null,
          balanceAfter: null,
          createdAt: now,
          completedAt: null,
        },
      ]);
      const state: TransferWorkflowState = { transfer_id: id, hold_id: holdId };
      await this.workflows.start(tx, {
        definition: TRANSFER_WORKFLOW,
        teamId,
        id: workflowId,
        state: { ...state },
        emitEvents: workflowEnabled,
        runAt: transfer.estimatedCompletion,
        completedSteps: 1,
      });
      await tx.append([transferEvent(this.assets, 'transfer.created', transfer), transferEvent(this.assets, 'transfer.pending', transfer)]);
      return transferView(this.assets, transfer);
    });
  }
}
