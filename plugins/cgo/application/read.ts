import { inject, injectable } from 'inversify';
import { AssetCatalog, listPage, NotFoundError, pageRequest, UnitOfWork, type Operation, type Page, type RequestContext } from '../../../kernel/public.js';
import type { InvestmentRecord, RoundRecord } from '../domain/round.js';
import type { IdInput, InvestmentsInput, InvestmentView, PageInput, RoundView } from '../operations.js';
import { CgoRepository } from '../ports.js';
import { investmentView, roundView } from './views.js';

/** GET /cgo/rounds/{id}, cgoRound: a round's terms and status (rounds are the bank's; any team reads them). */
@injectable()
export class GetRoundOperation implements Operation<IdInput, RoundView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CgoRepository) private readonly rounds: CgoRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: IdInput): Promise<RoundView> {
    const round = await this.uow.run((tx) => this.rounds.findRound(tx, input.id));
    if (!round) throw new NotFoundError('Round', input.id, { parameter: 'id' });
    return roundView(this.assets, round);
  }
}

/** GET /cgo/rounds, cgoRounds: every round, newest first. */
@injectable()
export class ListRoundsOperation implements Operation<PageInput, Page<RoundView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CgoRepository) private readonly rounds: CgoRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: PageInput): Promise<Page<RoundView>> {
    return listPage(this.uow, pageRequest(input.page, input.per_page), (round: RoundRecord) => roundView(this.assets, round), (tx, page) => this.rounds.listRounds(tx, page));
  }
}

/** GET /cgo/investments/{id}, cgoInvestment: one of the team's investments (404 for another team's). */
@injectable()
export class GetInvestmentOperation implements Operation<IdInput, InvestmentView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CgoRepository) private readonly rounds: CgoRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async execute(input: IdInput, ctx: RequestContext): Promise<InvestmentView> {
    const investment = await this.uow.run((tx) => this.rounds.findInvestment(tx, ctx.actor.teamId, input.id));
    if (!investment) throw new NotFoundError('Investment', input.id, { parameter: 'id' });
    return investmentView(this.assets, investment);
  }
}

/** GET /cgo/investments, cgoInvestments: the team's investments, newest first, optionally in one round. */
@injectable()
export class ListInvestmentsOperation implements Operation<InvestmentsInput, Page<InvestmentView>> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CgoRepository) private readonly rounds: CgoRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: InvestmentsInput, ctx: RequestContext): Promise<Page<InvestmentView>> {
    return listPage(
      this.uow,
      pageRequest(input.page, input.per_page),
      (investment: InvestmentRecord) => investmentView(this.assets, investment),
      (tx, page) => this.rounds.listInvestments(tx, ctx.actor.teamId, page, input.round_id),
    );
  }
}
