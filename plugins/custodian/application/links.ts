import { inject, injectable } from 'inversify';
import { AssetCatalog, BusinessRuleError, Clock, ConflictError, Ids, Ledger, NotFoundError, UnitOfWork, type Operation, type RequestContext, type Tx } from '../../../kernel/public.js';
import { reconcile, type BalanceRecord, type CustodianAccountRecord } from '../domain/custodian-account.js';
import { CustodianAccountLinked, CustodianAccountSynced, CustodianAccountUnlinked } from '../events.js';
import type { CustodianAccountView, CustodianSyncView, IdInput, LinkInput } from '../operations.js';
import { CustodianGateway, CustodianRepository } from '../ports.js';
import { accountView, balanceView } from './views.js';

/** What the ledger records for an account per holding: available + reserved, holdings it never held left out. */
async function ledgerHoldings(ledger: Ledger, tx: Tx, teamId: string, accountId: string): Promise<Map<string, bigint>> {
  const rows = await ledger.balances(tx, teamId, accountId);
  return new Map(rows.map((row) => [row.assetCode, row.available + row.reserved] as const).filter(([, amount]) => amount !== 0n));
}

export async function lockedLink(repo: CustodianRepository, tx: Tx, teamId: string, id: string): Promise<CustodianAccountRecord> {
  const link = await repo.lockAccount(tx, teamId, id);
  if (!link) throw new NotFoundError('custodian account', id, { parameter: 'id' });
  return link;
}

/**
 * POST /custodian-accounts: opens an account at the custodian holding what
 * the ledger records for the team's account now (the bank puts those
 * holdings into custody) and links it. 404 for another team's account, 422
 * unknown_custodian, 409 already_linked while a link of the same account and
 * custodian is live.
 */
@injectable()
export class LinkOperation implements Operation<LinkInput, CustodianAccountView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CustodianRepository) private readonly repo: CustodianRepository,
    @inject(CustodianGateway) private readonly gateway: CustodianGateway,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: LinkInput, ctx: RequestContext): Promise<CustodianAccountView> {
    const teamId = ctx.actor.teamId;
    if (input.custodian !== this.gateway.name) throw new BusinessRuleError('unknown_custodian', `No custodian '${input.custodian}'; this service has '${this.gateway.name}'.`, { pointer: '/custodian' });
    return this.uow.run(async (tx) => {
      await this.ledger.account(tx, teamId, input.account_id);
      if (await this.repo.findLinked(tx, teamId, input.account_id, input.custodian)) {
        throw new ConflictError(`The account is already linked to ${input.custodian}; unlink it first.`, 'already_linked');
      }
      const id = this.ids.uuid();
      const externalId = await this.gateway.open(tx, id, await ledgerHoldings(this.ledger, tx, teamId, input.account_id));
      const now = this.clock.now();
      const link: CustodianAccountRecord = { id, teamId, accountId: input.account_id, custodian: input.custodian, externalId, status: 'linked', lastSyncedAt: null, createdAt: now, updatedAt: now };
      // The check above answers the usual case; this one, a concurrent link of the same account.
      if (!(await this.repo.insertAccount(tx, link))) throw new ConflictError(`The account is already linked to ${input.custodian}; unlink it first.`, 'already_linked');
      const view = accountView(link);
      await tx.append([{ type: CustodianAccountLinked.name, teamId, aggregateType: 'custodian_account', aggregateId: id, payload: view }]);
      return view;
    });
  }
}

/** POST /custodian-accounts/{id}/unlink: ends a link (409 not_linked when it already ended); its last balances stay readable. */
@injectable()
export class UnlinkOperation implements Operation<IdInput, CustodianAccountView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CustodianRepository) private readonly repo: CustodianRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: IdInput, ctx: RequestContext): Promise<CustodianAccountView> {
    return this.uow.run(async (tx) => {
      const link = await lockedLink(this.repo, tx, ctx.actor.teamId, input.id);
      if (link.status !== 'linked') throw new ConflictError('The custodian account is already unlinked.', 'not_linked');
      const next: CustodianAccountRecord = { ...link, status: 'unlinked', updatedAt: this.clock.now() };
      await this.repo.updateAccount(tx, next);
      const view = accountView(next);
      await tx.append([{ type: CustodianAccountUnlinked.name, teamId: link.teamId, aggregateType: 'custodian_account', aggregateId: link.id, payload: view }]);
      return view;
    });
  }
}

/**
 * POST /custodian-accounts/{id}/sync: reads the custodian's balances and
 * the ledger's for the account in one unit of work, under the link's lock,
 * and stores every holding's pair; the differences are what reconciliation
 * must explain. Nothing moves money. 409 not_linked for an ended link.
 */
@injectable()
export class SyncOperation implements Operation<IdInput, CustodianSyncView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CustodianRepository) private readonly repo: CustodianRepository,
    @inject(CustodianGateway) private readonly gateway: CustodianGateway,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: IdInput, ctx: RequestContext): Promise<CustodianSyncView> {
    return this.uow.run(async (tx) => {
      const link = await lockedLink(this.repo, tx, ctx.actor.teamId, input.id);
      if (link.status !== 'linked') throw new ConflictError('The custodian account is unlinked; it is no longer synced.', 'not_linked');
      const now = this.clock.now();
      const custodian = await this.gateway.balances(tx, link.externalId);
      const ledger = await ledgerHoldings(this.ledger, tx, link.teamId, link.accountId);
      const balances: BalanceRecord[] = reconcile(custodian, ledger).map((row) => ({ ...row, teamId: link.teamId, custodianAccountId: link.id, syncedAt: now }));
      await this.repo.replaceBalances(tx, link.teamId, link.id, balances);
      const next: CustodianAccountRecord = { ...link, lastSyncedAt: now, updatedAt: now };
      await this.repo.updateAccount(tx, next);
      const views = balances.map((one) => balanceView(one, this.assets));
      const differences = views.filter((one) => !one.reconciled).length;
      await tx.append([{ type: CustodianAccountSynced.name, teamId: link.teamId, aggregateType: 'custodian_account', aggregateId: link.id, payload: { account: accountView(next), differences } }]);
      return { account: accountView(next), balances: views, differences };
    });
  }
}
