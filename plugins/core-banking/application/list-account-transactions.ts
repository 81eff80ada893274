import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import { Page, pageRequest } from '../../../kernel/contract/page.js';
import type { Operation } from '../../../kernel/contract/route.js';
import { NotFoundError, ValidationError } from '../../../kernel/errors/errors.js';
import { AssetCatalog } from '../../../ports/asset-catalog.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { parseDateRange, parseSort, TRANSACTION_TYPES, type TransactionFilter, type TransactionType } from '../domain/transaction-query.js';
import type { ListAccountTransactionsInput, TransactionView } from '../operations.js';
import { AccountRepository, TransactionRepository } from '../ports.js';
import { optionalStatus } from './list-transactions.js';
import { transactionView } from './views.js';

/** GET /accounts/{id}/transactions with limit/page, type, status, date range and sort. */
@injectable()
export class ListAccountTransactionsOperation implements Operation<ListAccountTransactionsInput, Page<TransactionView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(AccountRepository) private readonly accounts: AccountRepository,
    @inject(TransactionRepository) private readonly transactions: TransactionRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: ListAccountTransactionsInput, ctx: RequestContext): Promise<Page<TransactionView>> {
    const page = pageRequest(input.page, input.limit, 'limit');
    const sort = parseSort(input.sort);
    const status = optionalStatus(input.status);
    const type = optionalType(input.type);
    const filter: TransactionFilter = {
      accountId: input.id,
      ...(type ? { type } : {}),
      ...(status ? { status } : {}),
      ...parseDateRange(input.start_date, input.end_date),
    };
    const teamId = ctx.actor.teamId;
    const slice = await this.uow.run(async (tx) => {
      if (!(await this.accounts.find(tx, teamId, input.id))) throw new NotFoundError('Account', input.id);
      return this.transactions.list(tx, teamId, filter, sort, page);
    });
    return new Page(
      slice.items.map((row) => transactionView(this.assets, row)),
      page.page,
      page.perPage,
      slice.total,
    );
  }
}

function optionalType(value: string | undefined): TransactionType | undefined {
  if (value === undefined) return undefined;
  if (!(TRANSACTION_TYPES as readonly string[]).includes(value)) {
    throw new ValidationError([{ parameter: 'type', detail: `type must be one of ${TRANSACTION_TYPES.join(', ')}` }]);
  }
  return value as TransactionType;
}
