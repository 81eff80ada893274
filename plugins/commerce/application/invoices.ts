import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Clock,
  Ids,
  listPage,
  NotFoundError,
  pageRequest,
  parseAmountField,
  Random,
  UnitOfWork,
  ValidationError,
  type Operation,
  type Page,
  type RequestContext,
} from '../../../kernel/public.js';
import { voided, type InvoiceRecord } from '../domain/invoice.js';
import { requireApproved } from '../domain/merchant.js';
import { InvoiceCreated, InvoiceVoided } from '../events.js';
import type { CreateInvoiceInput, IdInput, InvoiceView, ListInput } from '../operations.js';
import { CommerceRepository } from '../ports.js';
import { invoiceView } from './views.js';

/** 128 random bits: a pay code cannot be guessed, so it shows its invoice only to whom the merchant gave it. */
export function newPayCode(random: Random): string {
  return `pay_${Buffer.from(random.bytes(16)).toString('hex')}`;
}

/** POST /commerce/invoices, createInvoice: an open invoice of one of the team's approved merchants, due in the future. */
@injectable()
export class CreateInvoiceOperation implements Operation<CreateInvoiceInput, InvoiceView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CommerceRepository) private readonly repo: CommerceRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(Random) private readonly random: Random,
  ) {}

  execute(input: CreateInvoiceInput, ctx: RequestContext): Promise<InvoiceView> {
    const amount = parseAmountField(input.amount, this.assets.require(input.asset_code, '/asset_code'), '/amount');
    const now = this.clock.now();
    const dueAt = new Date(input.due_at);
    if (dueAt.getTime() <= now.getTime()) throw ValidationError.field('/due_at', 'due_at must be in the future', 'due_in_past');
    return this.uow.run(async (tx) => {
      const teamId = ctx.actor.teamId;
      const merchant = await this.repo.findMerchant(tx, teamId, input.merchant_id);
      if (!merchant) throw new NotFoundError('merchant', input.merchant_id, { pointer: '/merchant_id' });
      requireApproved(merchant);
      const invoice: InvoiceRecord = {
        id: this.ids.uuid(),
        teamId,
        merchantId: merchant.id,
        payCode: newPayCode(this.random),
        amount,
        assetCode: input.asset_code,
        description: input.description ?? null,
        dueAt,
        status: 'open',
        paidAt: null,
        movementId: null,
        createdAt: now,
        updatedAt: now,
      };
      await this.repo.insertInvoice(tx, invoice);
      const view = invoiceView(invoice, this.assets, now);
      await tx.append([{ type: InvoiceCreated.name, teamId, aggregateType: 'invoice', aggregateId: invoice.id, payload: view }]);
      return view;
    });
  }
}

/** GET /commerce/invoices/{id}, invoice(id): 404 for another team's; the status as of now. */
@injectable()
export class GetInvoiceOperation implements Operation<IdInput, InvoiceView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CommerceRepository) private readonly repo: CommerceRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: IdInput, ctx: RequestContext): Promise<InvoiceView> {
    return this.uow.readOnly(async (tx) => {
      const invoice = await this.repo.findInvoice(tx, ctx.actor.teamId, input.id);
      if (!invoice) throw new NotFoundError('invoice', input.id, { parameter: 'id' });
      return invoiceView(invoice, this.assets, this.clock.now());
    });
  }
}

/** GET /commerce/invoices, invoices: the team's, newest first. */
@injectable()
export class ListInvoicesOperation implements Operation<ListInput, Page<InvoiceView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CommerceRepository) private readonly repo: CommerceRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: ListInput, ctx: RequestContext): Promise<Page<InvoiceView>> {
    const now = this.clock.now();
    return listPage(this.uow, pageRequest(input.page, input.per_page), (one: InvoiceRecord) => invoiceView(one, this.assets, now), (tx, page) => this.repo.listInvoices(tx, ctx.actor.teamId, page));
  }
}

/** POST /commerce/invoices/{id}/void, voidInvoice: an open invoice can no longer be paid (409 when paid, void or expired). */
@injectable()
export class VoidInvoiceOperation implements Operation<IdInput, InvoiceView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CommerceRepository) private readonly repo: CommerceRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: IdInput, ctx: RequestContext): Promise<InvoiceView> {
    return this.uow.run(async (tx) => {
      const invoice = await this.repo.lockInvoice(tx, ctx.actor.teamId, input.id);
      if (!invoice) throw new NotFoundError('invoice', input.id, { parameter: 'id' });
      const now = this.clock.now();
      const next = voided(invoice, now);
      await this.repo.updateInvoice(tx, next);
      const view = invoiceView(next, this.assets, now);
      await tx.append([{ type: InvoiceVoided.name, teamId: next.teamId, aggregateType: 'invoice', aggregateId: next.id, payload: view }]);
      return view;
    });
  }
}
