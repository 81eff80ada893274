import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Clock,
  ConflictError,
  Ids,
  Ledger,
  listPage,
  NotFoundError,
  pageRequest,
  parseAmountField,
  UnitOfWork,
  type Operation,
  type Page,
  type RequestContext,
} from '../../../kernel/public.js';
import { addDays, FEE_PERIOD_DAYS, utcDay, type ActivationRecord, type ProductRecord } from '../domain/product.js';
import { ProductActivated, ProductCreated } from '../events.js';
import type { ActivateProductInput, ActivationView, CreateProductInput, PageInput, ProductView } from '../operations.js';
import { ProductRepository } from '../ports.js';
import { activationView, productView } from './views.js';

/** POST /products, createProduct: a banking product of the team, with its event. */
@injectable()
export class CreateProductOperation implements Operation<CreateProductInput, ProductView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: CreateProductInput, ctx: RequestContext): Promise<ProductView> {
    const asset = this.assets.require(input.asset_code, '/asset_code');
    const monthlyFee = input.monthly_fee === undefined || /^0+(\.0+)?$/.test(input.monthly_fee) ? 0n : parseAmountField(input.monthly_fee, asset, '/monthly_fee');
    const product: ProductRecord = {
      id: this.ids.uuid(),
      teamId: ctx.actor.teamId,
      name: input.name,
      accountType: input.account_type,
      assetCode: asset.code,
      interestRateBps: input.interest_rate_bps,
      monthlyFee,
      createdAt: this.clock.now(),
    };
    return this.uow.run(async (tx) => {
      await this.products.insertProduct(tx, product);
      const view = productView(this.assets, product);
      await tx.append([{ type: ProductCreated.name, teamId: product.teamId, aggregateType: 'product', aggregateId: product.id, payload: view }]);
      return view;
    });
  }
}

/** GET /products, products: the team's products, oldest first. */
@injectable()
export class ListProductsOperation implements Operation<PageInput, Page<ProductView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: PageInput, ctx: RequestContext): Promise<Page<ProductView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), (p: ProductRecord) => productView(this.assets, p), (tx, page) =>
      this.products.listProducts(tx, ctx.actor.teamId, page),
    );
  }
}

/**
 * POST /products/{id}/activations, activateProduct: the product applies to
 * an active account of the team from now on (interest from the next UTC
 * midnight, the first fee 30 days later). One product per account (409).
 */
@injectable()
export class ActivateProductOperation implements Operation<ActivateProductInput, ActivationView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: ActivateProductInput, ctx: RequestContext): Promise<ActivationView> {
    const teamId = ctx.actor.teamId;
    const now = this.clock.now();
    return this.uow.run(async (tx) => {
      const product = await this.products.findProduct(tx, teamId, input.id);
      if (!product) throw new NotFoundError('Product', input.id, { parameter: 'id' });
      const account = await this.ledger.account(tx, teamId, input.account_id);
      if (account.status !== 'active') throw new ConflictError(`Account '${account.id}' is ${account.status}.`, 'account_not_active');
      const activation: ActivationRecord = {
        id: this.ids.uuid(),
        teamId,
        productId: product.id,
        accountId: account.id,
        activatedAt: now,
        accruedThrough: addDays(utcDay(now), 1),
        accruedRemainder: 0n,
        interestPaid: 0n,
        feesCharged: 0n,
        nextFeeAt: product.monthlyFee > 0n ? addDays(now, FEE_PERIOD_DAYS) : null,
        updatedAt: now,
      };
      if (!(await this.products.insertActivation(tx, activation))) throw new ConflictError(`Account '${account.id}' has a product already.`, 'product_already_active');
      const view = activationView(this.assets, product, activation);
      await tx.append([{ type: ProductActivated.name, teamId, aggregateType: 'product_activation', aggregateId: activation.id, payload: view }]);
      return view;
    });
  }
}

/** GET /products/activations, productActivations: the team's activations with what they paid and charged. */
@injectable()
export class ListActivationsOperation implements Operation<PageInput, Page<ActivationView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ProductRepository) private readonly products: ProductRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: PageInput, ctx: RequestContext): Promise<Page<ActivationView>> {
    const teamId = ctx.actor.teamId;
    return listPage(this.uow, pageRequest(input.page, input.per_page), (row: ActivationView) => row, async (tx, page) => {
      const slice = await this.products.listActivations(tx, teamId, page);
      const items: ActivationView[] = [];
      for (const activation of slice.items) items.push(activationView(this.assets, (await this.products.findProduct(tx, teamId, activation.productId))!, activation));
      return { items, total: slice.total };
    });
  }
}
