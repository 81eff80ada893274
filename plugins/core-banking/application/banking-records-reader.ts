import { inject, injectable } from 'inversify';
import type { BankingRecords, TransactionFacts, TransferFacts, Tx } from '../../../kernel/public.js';
import { TransactionRepository, TransferRepository } from '../ports.js';

/** The BankingRecords port: a team's transfer or transaction, as other modules may read it. */
@injectable()
export class BankingRecordsReader implements BankingRecords {
  constructor(
    @inject(TransferRepository) private readonly transfers: TransferRepository,
    @inject(TransactionRepository) private readonly transactions: TransactionRepository,
  ) {}

  async transfer(tx: Tx, teamId: string, id: string): Promise<TransferFacts | undefined> {
    const t = await this.transfers.find(tx, teamId, id);
    if (!t) return undefined;
    return {
      id: t.id,
      teamId: t.teamId,
      fromAccount: t.fromAccount,
      toAccount: t.toAccount,
      amount: t.amount,
      fee: t.fee,
      assetCode: t.assetCode,
      status: t.status,
      reference: t.reference,
      createdAt: t.createdAt,
      completedAt: t.completedAt,
    };
  }

  async transaction(tx: Tx, teamId: string, id: string): Promise<TransactionFacts | undefined> {
    const t = await this.transactions.find(tx, teamId, id);
    if (!t) return undefined;
    return {
      id: t.id,
      teamId: t.teamId,
      accountId: t.accountId,
      type: t.type,
      amount: t.amount,
      assetCode: t.assetCode,
      status: t.status,
      reference: t.reference,
      transferId: t.transferId,
      createdAt: t.createdAt,
      completedAt: t.completedAt,
    };
  }
}
