import { inject, injectable } from 'inversify';
import { Clock, Ids, Ledger, listPage, NotFoundError, pageRequest, UnitOfWork, BusinessRuleError, type Operation, type Page, type RequestContext, type Tx } from '../../../kernel/public.js';
import { approved, suspended, type MerchantRecord } from '../domain/merchant.js';
import { MerchantApplied, MerchantApproved, MerchantSuspended } from '../events.js';
import type { ApplyMerchantInput, IdInput, ListInput, MerchantView, SuspendMerchantInput } from '../operations.js';
import { CommerceRepository } from '../ports.js';
import { merchantView } from './views.js';

/** The team's active account that `pointer` named, or a 404/422 pointing at it. */
export async function activeAccount(ledger: Ledger, tx: Tx, teamId: string, accountId: string, pointer: string): Promise<void> {
  const account = await ledger.account(tx, teamId, accountId).catch((error: unknown) => {
    if (error instanceof NotFoundError) throw new NotFoundError('account', accountId, { pointer });
    throw error;
  });
  if (account.status !== 'active') throw new BusinessRuleError('account_not_active', `The account is ${account.status}.`, { pointer });
}

/** POST /commerce/merchants, submitMerchantApplication: a pending merchant settling into one of the team's active accounts. */
@injectable()
export class ApplyMerchantOperation implements Operation<ApplyMerchantInput, MerchantView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CommerceRepository) private readonly repo: CommerceRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: ApplyMerchantInput, ctx: RequestContext): Promise<MerchantView> {
    return this.uow.run(async (tx) => {
      const teamId = ctx.actor.teamId;
      await activeAccount(this.ledger, tx, teamId, input.settlement_account_id, '/settlement_account_id');
      const now = this.clock.now();
      const merchant: MerchantRecord = { id: this.ids.uuid(), teamId, name: input.name, settlementAccountId: input.settlement_account_id, status: 'pending', suspensionReason: null, createdAt: now, updatedAt: now };
      await this.repo.insertMerchant(tx, merchant);
      const view = merchantView(merchant);
      await tx.append([{ type: MerchantApplied.name, teamId, aggregateType: 'merchant', aggregateId: merchant.id, payload: view }]);
      return view;
    });
  }
}

/** GET /commerce/merchants/{id}, merchant(id): 404 for another team's. */
@injectable()
export class GetMerchantOperation implements Operation<IdInput, MerchantView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CommerceRepository) private readonly repo: CommerceRepository,
  ) {}

  execute(input: IdInput, ctx: RequestContext): Promise<MerchantView> {
    return this.uow.readOnly(async (tx) => {
      const merchant = await this.repo.findMerchant(tx, ctx.actor.teamId, input.id);
      if (!merchant) throw new NotFoundError('merchant', input.id, { parameter: 'id' });
      return merchantView(merchant);
    });
  }
}

/** GET /commerce/merchants, merchants: the team's, oldest first. */
@injectable()
export class ListMerchantsOperation implements Operation<ListInput, Page<MerchantView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CommerceRepository) private readonly repo: CommerceRepository,
  ) {}

  execute(input: ListInput, ctx: RequestContext): Promise<Page<MerchantView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), merchantView, (tx, page) => this.repo.listMerchants(tx, ctx.actor.teamId, page));
  }
}

/**
 * The operator's decisions on any team's merchant (the route's access is
 * `operator`): approve a pending or suspended one, suspend an approved one.
 * The event goes to the merchant's team.
 */
@injectable()
export class MerchantDecision {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CommerceRepository) private readonly repo: CommerceRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  decide(id: string, change: (merchant: MerchantRecord, now: Date) => MerchantRecord, event: string): Promise<MerchantView> {
    return this.uow.run(async (tx) => {
      const merchant = await this.repo.lockMerchantOfAnyTeam(tx, id);
      if (!merchant) throw new NotFoundError('merchant', id, { parameter: 'id' });
      const next = change(merchant, this.clock.now());
      await this.repo.updateMerchant(tx, next);
      const view = merchantView(next);
      await tx.append([{ type: event, teamId: next.teamId, aggregateType: 'merchant', aggregateId: next.id, payload: view }]);
      return view;
    });
  }
}

/** POST /commerce/merchants/{id}/approve, approveMerchant (operator). */
@injectable()
export class ApproveMerchantOperation implements Operation<IdInput, MerchantView> {
  constructor(@inject(MerchantDecision) private readonly decision: MerchantDecision) {}

  execute(input: IdInput): Promise<MerchantView> {
    return this.decision.decide(input.id, approved, MerchantApproved.name);
  }
}

/** POST /commerce/merchants/{id}/suspend, suspendMerchant (operator): its open invoices can no longer be paid until it is approved again. */
@injectable()
export class SuspendMerchantOperation implements Operation<SuspendMerchantInput, MerchantView> {
  constructor(@inject(MerchantDecision) private readonly decision: MerchantDecision) {}

  execute(input: SuspendMerchantInput): Promise<MerchantView> {
    return this.decision.decide(input.id, (merchant, now) => suspended(merchant, input.reason, now), MerchantSuspended.name);
  }
}
