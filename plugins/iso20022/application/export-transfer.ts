import { inject, injectable } from 'inversify';
import { AssetCatalog, BankingRecords, BusinessRuleError, Clock, Ids, NotFoundError, splitHoldingCode, TransactionHistory, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { Iso20022Config } from '../config.js';
import { messageIdOf, type MessageRecord } from '../domain/message.js';
import { pacs008 } from '../domain/pacs008.js';
import type { ExportTransferInput, MessageView } from '../operations.js';
import { MessageRepository } from '../ports.js';
import { institutionOf, isoCurrency, issueOnce } from './issue.js';
import { messageView } from './views.js';
import { toXml } from './xml-codec.js';

/**
 * POST /iso20022/pacs008, exportPacs008: a settled transfer of the team as a
 * pacs.008, read through core banking's BankingRecords (amount, currency,
 * accounts, settlement time) and TransactionHistory (the accounts' names).
 * The first export issues the message; every later one answers the same.
 * 404 for another team’s or an unknown transfer; 422 transfer_not_settled
 * while it is not completed (a pacs.008 states a settled amount).
 */
@injectable()
export class ExportPacs008Operation implements Operation<ExportTransferInput, MessageView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(MessageRepository) private readonly messages: MessageRepository,
    @inject(BankingRecords) private readonly records: BankingRecords,
    @inject(TransactionHistory) private readonly history: TransactionHistory,
    @inject(AssetCatalog) private readonly catalog: AssetCatalog,
    @inject(Iso20022Config) private readonly config: Iso20022Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: ExportTransferInput, ctx: RequestContext): Promise<MessageView> {
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const issued = await this.messages.bySubject(tx, teamId, 'pacs.008', input.transfer_id);
      if (issued) return messageView(issued);
      const transfer = await this.records.transfer(tx, teamId, input.transfer_id);
      if (!transfer) throw new NotFoundError('transfer', input.transfer_id, { pointer: '/transfer_id' });
      if (transfer.status !== 'completed' || !transfer.completedAt) {
        throw new BusinessRuleError('transfer_not_settled', `The transfer is ${transfer.status}: a pacs.008 is issued once it has settled.`, { pointer: '/transfer_id' });
      }
      // The transfer names the ledger's holding code (USDC@polygon for a token on a chain): the currency is its asset's.
      const asset = isoCurrency(this.catalog, splitHoldingCode(transfer.assetCode).assetCode, '/transfer_id');
      const names = new Map((await this.history.accounts(tx, teamId)).map((account) => [account.id, account.name]));
      const id = this.ids.uuid();
      const createdAt = this.clock.now();
      const messageId = messageIdOf(id);
      const tree = pacs008(
        {
          messageId,
          createdAt,
          transferId: transfer.id,
          amount: transfer.amount,
          precision: asset.precision,
          currency: asset.code,
          debtor: { accountId: transfer.fromAccount, name: names.get(transfer.fromAccount) ?? '' },
          creditor: { accountId: transfer.toAccount, name: names.get(transfer.toAccount) ?? '' },
          settledAt: transfer.completedAt,
          reference: transfer.reference,
        },
        institutionOf(this.config),
      );
      const record: MessageRecord = { id, teamId, messageId, type: 'pacs.008', subject: transfer.id, transferId: transfer.id, accountId: null, currency: asset.code, periodFrom: null, periodTo: null, createdAt, document: toXml(tree) };
      return messageView(await issueOnce(tx, this.messages, record));
    });
  }
}
