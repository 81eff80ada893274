import { inject, injectable } from 'inversify';
import { Clock, listPage, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { IssuanceRecord } from '../domain/reserve.js';
import type { CodeInput, ListIssuancesInput, StablecoinIssuanceView, StablecoinReserveView } from '../operations.js';
import { IssuanceRepository } from '../ports.js';
import { TokenBook } from './token-book.js';
import { issuanceView, reserveView } from './views.js';

/** GET /stablecoins, stablecoinReserves: every token the bank issues with the team's figures now. */
@injectable()
export class ListReservesOperation implements Operation<Record<string, never>, StablecoinReserveView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TokenBook) private readonly book: TokenBook,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(_input: Record<string, never>, ctx: RequestContext): Promise<StablecoinReserveView[]> {
    const figures = await this.uow.readOnly((tx) => this.book.reserves(tx, ctx.actor.teamId));
    const now = this.clock.now();
    return figures.map((one) => reserveView(one, now));
  }
}

/** GET /stablecoins/{code}/reserve, stablecoinReserve(code): 404 for a code the bank does not issue. */
@injectable()
export class GetReserveOperation implements Operation<CodeInput, StablecoinReserveView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(TokenBook) private readonly book: TokenBook,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: CodeInput, ctx: RequestContext): Promise<StablecoinReserveView> {
    const token = this.book.require(input.code);
    const figures = await this.uow.readOnly((tx) => this.book.figures(tx, ctx.actor.teamId, token));
    return reserveView(figures, this.clock.now());
  }
}

/** GET /stablecoins/{code}/issuances, stablecoinIssuances: the team's mints and redemptions, newest first. */
@injectable()
export class ListIssuancesOperation implements Operation<ListIssuancesInput, Page<StablecoinIssuanceView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(IssuanceRepository) private readonly issuances: IssuanceRepository,
    @inject(TokenBook) private readonly book: TokenBook,
  ) {}

  execute(input: ListIssuancesInput, ctx: RequestContext): Promise<Page<StablecoinIssuanceView>> {
    const token = this.book.require(input.code);
    return listPage(
      this.uow,
      pageRequest(input.page, input.per_page),
      (one: IssuanceRecord) => issuanceView(one, token.asset.precision),
      (tx, page) => this.issuances.list(tx, ctx.actor.teamId, token.asset.code, page),
    );
  }
}
