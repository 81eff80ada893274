import { inject, injectable } from 'inversify';
import { AssetCatalog, chooseAccount, Ledger, NotFoundError, parseAmountField, UnitOfWork, type Operation, type RequestContext } from '../../../../kernel/public.js';
import type { LendingBody, LendingList, LendingPositionView, PositionParams } from '../../operations.js';
import { LendingRepository } from '../../ports.js';
import { LendingBook } from './lending-book.js';
import { LendingViews } from './lending-views.js';

/** Supply or borrow: validate the input before any transaction, then move and record in one. */
@injectable()
export class LendingOpener {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LendingBook) private readonly book: LendingBook,
    @inject(LendingViews) private readonly views: LendingViews,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  open(side: 'supply' | 'borrow', input: LendingBody, ctx: RequestContext): Promise<LendingPositionView> {
    const target = this.book.target(input.chain, input.token);
    const amount = parseAmountField(input.amount, this.assets.require(input.token, '/token'), '/amount');
    return this.uow.run(async (tx) => {
      const accountId = await chooseAccount(tx, this.ledger, ctx.actor.teamId, input.account_id, '/account_id');
      const position = side === 'supply' ? await this.book.supply(tx, ctx.actor.teamId, accountId, target, amount) : await this.book.borrow(tx, ctx.actor.teamId, accountId, target, amount);
      return this.views.render(tx, position);
    });
  }
}

/** POST /defi/lending/supply. */
@injectable()
export class SupplyLendingOperation implements Operation<LendingBody, LendingPositionView> {
  constructor(@inject(LendingOpener) private readonly opener: LendingOpener) {}

  execute(input: LendingBody, ctx: RequestContext): Promise<LendingPositionView> {
    return this.opener.open('supply', input, ctx);
  }
}

/** POST /defi/lending/borrow. */
@injectable()
export class BorrowLendingOperation implements Operation<LendingBody, LendingPositionView> {
  constructor(@inject(LendingOpener) private readonly opener: LendingOpener) {}

  execute(input: LendingBody, ctx: RequestContext): Promise<LendingPositionView> {
    return this.opener.open('borrow', input, ctx);
  }
}

/** POST /defi/lending/positions/{id}/close: withdraw a supply or repay a borrow, with interest. */
@injectable()
export class CloseLendingPositionOperation implements Operation<PositionParams, LendingPositionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LendingBook) private readonly book: LendingBook,
    @inject(LendingViews) private readonly views: LendingViews,
  ) {}

  execute(input: PositionParams, ctx: RequestContext): Promise<LendingPositionView> {
    return this.uow.run(async (tx) => this.views.render(tx, await this.book.close(tx, ctx.actor.teamId, input.id)));
  }
}

/** GET /defi/lending/positions/{id}. */
@injectable()
export class ReadLendingPositionOperation implements Operation<PositionParams, LendingPositionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LendingRepository) private readonly positions: LendingRepository,
    @inject(LendingViews) private readonly views: LendingViews,
  ) {}

  execute(input: PositionParams, ctx: RequestContext): Promise<LendingPositionView> {
    return this.uow.readOnly(async (tx) => {
      const position = await this.positions.find(tx, ctx.actor.teamId, input.id);
      if (!position) throw new NotFoundError('Position', input.id);
      return this.views.render(tx, position);
    });
  }
}

/** GET /defi/lending/positions: the team's, open first, newest first. */
@injectable()
export class ListLendingPositionsOperation implements Operation<Record<string, never>, LendingList> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(LendingRepository) private readonly positions: LendingRepository,
    @inject(LendingViews) private readonly views: LendingViews,
  ) {}

  execute(_input: Record<string, never>, ctx: RequestContext): Promise<LendingList> {
    return this.uow.readOnly(async (tx) => Promise.all((await this.positions.list(tx, ctx.actor.teamId)).map((position) => this.views.render(tx, position))));
  }
}
