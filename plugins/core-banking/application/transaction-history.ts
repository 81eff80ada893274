import { inject, injectable } from 'inversify';
import type { PageRequest, TransactionHistory, TransactionHistoryEntry, TransactionHistoryFilter, Tx } from '../../../kernel/public.js';
import type { TransactionFilter } from '../domain/transaction-query.js';
import { AccountRepository, TransactionRepository, TransferRepository, type AccountRecord, type TransactionRecord } from '../ports.js';
import { Holdings } from './holdings.js';

const PAGE = 500;

/**
 * The TransactionHistory port over core banking's own repositories: pages
 * through the team's transactions oldest first, narrows by what the
 * repository cannot (several types, statuses or assets across chains) in
 * memory, and names accounts and transfer counterparties.
 */
@injectable()
export class CoreTransactionHistory implements TransactionHistory {
  constructor(
    @inject(TransactionRepository) private readonly transactions: TransactionRepository,
    @inject(TransferRepository) private readonly transfers: TransferRepository,
    @inject(AccountRepository) private readonly accountRepository: AccountRepository,
    @inject(Holdings) private readonly holdings: Holdings,
  ) {}

  async accounts(tx: Tx, teamId: string): Promise<Array<{ id: string; name: string }>> {
    return (await this.allAccounts(tx, teamId)).map(({ id, name }) => ({ id, name }));
  }

  async search(tx: Tx, teamId: string, filter: TransactionHistoryFilter, limit: number): Promise<{ entries: TransactionHistoryEntry[]; truncated: boolean }> {
    const repositoryFilter: TransactionFilter = {
      ...(filter.accountId !== undefined ? { accountId: filter.accountId } : {}),
      ...(filter.from ? { from: filter.from } : {}),
      ...(filter.before ? { before: filter.before } : {}),
      ...(filter.types?.length === 1 ? { type: filter.types[0] } : {}),
      ...(filter.statuses?.length === 1 ? { status: filter.statuses[0] } : {}),
    };
    const matches = (row: TransactionRecord): boolean =>
      (!filter.types || filter.types.includes(row.type)) &&
      (!filter.statuses || filter.statuses.includes(row.status)) &&
      (!filter.assetCodes || filter.assetCodes.includes(this.holdings.describe(row.assetCode).assetCode));
    const rows: TransactionRecord[] = [];
    let truncated = false;
    for (let page = 1; ; page += 1) {
      const request: PageRequest = { page, perPage: PAGE };
      const slice = await this.transactions.list(tx, teamId, repositoryFilter, { field: 'created_at', descending: false }, request);
      for (const row of slice.items) {
        if (!matches(row)) continue;
        if (rows.length === limit) truncated = true;
        else rows.push(row);
      }
      if (truncated || page * PAGE >= slice.total || slice.items.length === 0) break;
    }
    const names = new Map((await this.allAccounts(tx, teamId)).map((account) => [account.id, account.name]));
    const otherAccount = new Map<string, string>();
    for (const row of rows) {
      if (row.transferId === null || otherAccount.has(row.transferId)) continue;
      const transfer = await this.transfers.find(tx, teamId, row.transferId);
      if (transfer) otherAccount.set(row.transferId, `${transfer.fromAccount} ${transfer.toAccount}`);
    }
    const entries = rows.map((row): TransactionHistoryEntry => {
      const { assetCode, chain, precision } = this.holdings.describe(row.assetCode);
      const ends = row.transferId === null ? undefined : otherAccount.get(row.transferId)?.split(' ');
      const sent = ends ? ends[0] === row.accountId : row.type === 'withdrawal';
      const other = ends ? (sent ? ends[1]! : ends[0]!) : undefined;
      return {
        id: row.id,
        accountId: row.accountId,
        accountName: names.get(row.accountId) ?? '',
        type: row.type,
        amount: row.amount < 0n ? -row.amount : row.amount,
        precision,
        assetCode,
        chain,
        status: row.status,
        direction: sent ? 'sent' : 'received',
        transferId: row.transferId,
        counterparty: other === undefined ? null : { accountId: other, name: names.get(other) ?? '' },
        reference: row.reference,
        createdAt: row.createdAt,
        completedAt: row.completedAt,
      };
    });
    return { entries, truncated };
  }

  private async allAccounts(tx: Tx, teamId: string): Promise<AccountRecord[]> {
    const all: AccountRecord[] = [];
    for (let page = 1; ; page += 1) {
      const slice = await this.accountRepository.list(tx, teamId, { page, perPage: PAGE });
      all.push(...slice.items);
      if (page * PAGE >= slice.total || slice.items.length === 0) return all;
    }
  }
}
