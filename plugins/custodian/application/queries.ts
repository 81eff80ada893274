import { inject, injectable } from 'inversify';
import { AssetCatalog, listPage, NotFoundError, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { CustodianAccountRecord } from '../domain/custodian-account.js';
import type { CustodianAccountView, CustodianBalanceView, IdInput, ListInput } from '../operations.js';
import { CustodianRepository } from '../ports.js';
import { accountView, balanceView } from './views.js';

/** GET /custodian-accounts/{id}, custodianAccount(id): 404 for another team's link. */
@injectable()
export class GetAccountOperation implements Operation<IdInput, CustodianAccountView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CustodianRepository) private readonly repo: CustodianRepository,
  ) {}

  async execute(input: IdInput, ctx: RequestContext): Promise<CustodianAccountView> {
    const link = await this.uow.readOnly((tx) => this.repo.findAccount(tx, ctx.actor.teamId, input.id));
    if (!link) throw new NotFoundError('custodian account', input.id, { parameter: 'id' });
    return accountView(link);
  }
}

/** GET /custodian-accounts, custodianAccounts: the team's links, oldest first, ended ones included. */
@injectable()
export class ListAccountsOperation implements Operation<ListInput, Page<CustodianAccountView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CustodianRepository) private readonly repo: CustodianRepository,
  ) {}

  execute(input: ListInput, ctx: RequestContext): Promise<Page<CustodianAccountView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), (one: CustodianAccountRecord) => accountView(one), (tx, page) => this.repo.listAccounts(tx, ctx.actor.teamId, page));
  }
}

/** GET /custodian-accounts/{id}/balances, custodianBalances(id): each holding at the latest sync (empty before the first). */
@injectable()
export class ListBalancesOperation implements Operation<IdInput, CustodianBalanceView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CustodianRepository) private readonly repo: CustodianRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: IdInput, ctx: RequestContext): Promise<CustodianBalanceView[]> {
    const teamId = ctx.actor.teamId;
    const balances = await this.uow.readOnly(async (tx) => {
      if (!(await this.repo.findAccount(tx, teamId, input.id))) throw new NotFoundError('custodian account', input.id, { parameter: 'id' });
      return this.repo.balances(tx, teamId, input.id);
    });
    return balances.map((one) => balanceView(one, this.assets));
  }
}
