import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  cursorRequest,
  listCursorPage,
  listPage,
  pageRequest,
  UnitOfWork,
  ValidationError,
  type CursorPage,
  type Operation,
  type Page,
  type RequestContext,
} from '../../../kernel/public.js';
import { DEFAULT_SORT, TRANSACTION_STATUSES, type TransactionStatus } from '../domain/transaction-query.js';
import type { ListTransactionsInput, TransactionView } from '../operations.js';
import { TransactionRepository, type TransactionRecord } from '../ports.js';
import { Holdings } from './holdings.js';
import { transactionView } from './views.js';

/** GET /transactions: every transaction of the caller's team, newest first, by page or by cursor. */
@injectable()
export class ListTransactionsOperation implements Operation<ListTransactionsInput, Page<TransactionView> | CursorPage<TransactionView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TransactionRepository) private readonly transactions: TransactionRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Holdings) private readonly holdings: Holdings,
  ) {}

  async execute(input: ListTransactionsInput, ctx: RequestContext): Promise<Page<TransactionView> | CursorPage<TransactionView>> {
    const cursor = cursorRequest(input.starting_after, input.ending_before, input.page, input.per_page);
    const page = pageRequest(input.page, input.per_page);
    if (input.asset_code !== undefined && !this.assets.find(input.asset_code)) {
      throw new ValidationError([{ parameter: 'asset_code', code: 'unknown_asset', detail: `unknown asset '${input.asset_code}'` }]);
    }
    const status = optionalStatus(input.status);
    const filter = {
      ...(input.asset_code !== undefined ? { assetCode: input.asset_code } : {}),
      ...(status ? { status } : {}),
    };
    const view = (row: TransactionRecord) => transactionView(this.holdings, row);
    const teamId = ctx.actor.teamId;
    if (cursor) {
      return listCursorPage(this.uow, cursor, view, (tx) => this.transactions.listByCursor(tx, teamId, filter, DEFAULT_SORT.descending, cursor), 'transaction');
    }
    return listPage(this.uow, page, view, (tx) => this.transactions.list(tx, teamId, filter, DEFAULT_SORT, page));
  }
}

export function optionalStatus(value: string | undefined): TransactionStatus | undefined {
  if (value === undefined) return undefined;
  if (!(TRANSACTION_STATUSES as readonly string[]).includes(value)) {
    throw new ValidationError([{ parameter: 'status', detail: `status must be one of ${TRANSACTION_STATUSES.join(', ')}` }]);
  }
  return value as TransactionStatus;
}
