import { inject, injectable } from 'inversify';
import { AssetCatalog, BusinessRuleError, Clock, ConflictError, Ids, Ledger, NotFoundError, UnitOfWork, ValidationError, type Operation, type RequestContext } from '../../../kernel/public.js';
import { acceptsInvestments, ESCROW_ACCOUNT, type InvestmentRecord } from '../domain/round.js';
import { InvestmentMade } from '../events.js';
import type { InvestmentView, InvestInput } from '../operations.js';
import { CgoRepository } from '../ports.js';
import { investmentView } from './views.js';

/**
 * POST /cgo/rounds/{id}/investments, cgoInvest: a team's one investment in
 * an open round, units within the round's per-investor limits, paid at once
 * (units × price) from one of its accounts into the escrow system account
 * through the Ledger. The round row is locked for the unit of work, so an
 * investment and the round's close never cross: an investment either lands
 * before the close (and is allocated) or is refused (round_closed).
 */
@injectable()
export class InvestOperation implements Operation<InvestInput, InvestmentView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CgoRepository) private readonly rounds: CgoRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  execute(input: InvestInput, ctx: RequestContext): Promise<InvestmentView> {
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const round = await this.rounds.lockRound(tx, input.id);
      if (!round) throw new NotFoundError('Round', input.id, { parameter: 'id' });
      if (!acceptsInvestments(round, now)) throw new BusinessRuleError('round_closed', `Round '${round.id}' no longer takes investments (it closed at ${round.closesAt.toISOString()}).`, { parameter: 'id' });
      if (input.units < round.minUnits || input.units > round.maxUnits) {
        throw ValidationError.field('/units', `An investor takes between ${round.minUnits} and ${round.maxUnits} units of this round.`, 'units_out_of_limits');
      }
      if (await this.rounds.investmentOf(tx, teamId, round.id)) throw new ConflictError(`The team has already invested in round '${round.id}'.`, 'already_invested');
      const paid = BigInt(input.units) * round.pricePerUnit;
      const id = this.ids.uuid();
      const posted = await this.ledger.post(tx, teamId, {
        kind: 'cgo.invest',
        reference: `cgo round ${round.id} investment ${id}`,
        legs: [
          { accountId: input.account_id, assetCode: round.assetCode, amount: -paid },
          { accountId: ESCROW_ACCOUNT, assetCode: round.assetCode, amount: paid },
        ],
      });
      const investment: InvestmentRecord = {
        id,
        teamId,
        roundId: round.id,
        accountId: input.account_id,
        assetCode: round.assetCode,
        requestedUnits: input.units,
        paid,
        status: 'escrowed',
        allocatedUnits: null,
        cost: null,
        refund: null,
        refundStatus: 'pending',
        paymentMovementId: posted.movementId,
        settlementMovementId: null,
        createdAt: now,
        allocatedAt: null,
      };
      await this.rounds.insertInvestment(tx, investment);
      const view = investmentView(this.assets, investment);
      await tx.append([{ type: InvestmentMade.name, teamId, aggregateType: 'cgo_investment', aggregateId: id, payload: view }]);
      return view;
    });
  }
}
