import { inject, injectable } from 'inversify';
import {
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
import { parseDateRange, parseSort, TRANSACTION_TYPES, type TransactionFilter, type TransactionType } from '../domain/transaction-query.js';
import type { ListAccountTransactionsInput, TransactionView } from '../operations.js';
import { AccountRepository, TransactionRepository, type TransactionRecord } from '../ports.js';
import { optionalStatus } from './list-transactions.js';
import { requireAccount } from './require-account.js';
import { Holdings } from './holdings.js';
import { transactionView } from './views.js';

/** GET /accounts/{id}/transactions with limit/page or a cursor, type, status, date range and sort. */
@injectable()
export class ListAccountTransactionsOperation implements Operation<ListAccountTransactionsInput, Page<TransactionView> | CursorPage<TransactionView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AccountRepository) private readonly accounts: AccountRepository,
    @inject(TransactionRepository) private readonly transactions: TransactionRepository,
    @inject(Holdings) private readonly holdings: Holdings,
  ) {}

  async execute(input: ListAccountTransactionsInput, ctx: RequestContext): Promise<Page<TransactionView> | CursorPage<TransactionView>> {
    const cursor = cursorRequest(input.starting_after, input.ending_before, input.page, input.limit, 'limit');
    const page = pageRequest(input.page, input.limit, 'limit');
    const sort = parseSort(input.sort);
    if (cursor && sort.field !== 'created_at') {
      // A cursor keeps its place only in an order new rows cannot enter in the middle of.
      throw new ValidationError([{ parameter: 'sort', code: 'invalid_sort', detail: 'a cursor walks the created_at order: sort must be created_at or -created_at' }]);
    }
    const status = optionalStatus(input.status);
    const type = optionalType(input.type);
    const filter: TransactionFilter = {
      accountId: input.id,
      ...(type ? { type } : {}),
      ...(status ? { status } : {}),
      ...parseDateRange(input.start_date, input.end_date),
    };
    const teamId = ctx.actor.teamId;
    const view = (row: TransactionRecord) => transactionView(this.holdings, row);
    if (cursor) {
      return listCursorPage(this.uow, cursor, view, async (tx) => {
        await requireAccount(this.accounts, tx, teamId, input.id);
        return this.transactions.listByCursor(tx, teamId, filter, sort.descending, cursor);
      }, 'transaction');
    }
    return listPage(this.uow, page, view, async (tx) => {
      await requireAccount(this.accounts, tx, teamId, input.id);
      return this.transactions.list(tx, teamId, filter, sort, page);
    });
  }
}

function optionalType(value: string | undefined): TransactionType | undefined {
  if (value === undefined) return undefined;
  if (!(TRANSACTION_TYPES as readonly string[]).includes(value)) {
    throw new ValidationError([{ parameter: 'type', detail: `type must be one of ${TRANSACTION_TYPES.join(', ')}` }]);
  }
  return value as TransactionType;
}
