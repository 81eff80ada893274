import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, Ids, parseAmountField, UnitOfWork, ValidationError, type Operation, type RequestContext, type ValidationIssue } from '../../../kernel/public.js';
import { termProblems, type RoundRecord } from '../domain/round.js';
import { RoundOpened } from '../events.js';
import type { OpenRoundInput, RoundView } from '../operations.js';
import { CgoRepository } from '../ports.js';
import { roundView } from './views.js';

/**
 * POST /admin/cgo/rounds, openCgoRound (operator): checks the terms (every
 * refusal at once with its pointer, nothing stored), then stores the round
 * and its event in one unit of work. The round is the bank's: every team
 * reads it and may invest until closes_at.
 */
@injectable()
export class OpenRoundOperation implements Operation<OpenRoundInput, RoundView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CgoRepository) private readonly rounds: CgoRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(input: OpenRoundInput, ctx: RequestContext): Promise<RoundView> {
    const now = this.clock.now();
    const issues: ValidationIssue[] = [];
    let price = 0n;
    try {
      const asset = this.assets.require(input.asset_code, '/asset_code');
      price = parseAmountField(input.price_per_unit, asset, '/price_per_unit');
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      issues.push(...error.issues);
    }
    const closesAt = new Date(input.closes_at);
    const terms = { minUnits: input.min_units_per_investor, maxUnits: input.max_units_per_investor, hardCapUnits: input.hard_cap_units, closesAt };
    for (const [field, detail] of termProblems(terms, now)) issues.push({ pointer: `/${field}`, detail, code: 'invalid_terms' });
    if (issues.length > 0) throw new ValidationError(issues);
    const round: RoundRecord = {
      id: this.ids.uuid(),
      teamId: ctx.actor.teamId,
      name: input.name,
      assetCode: this.assets.require(input.asset_code, '/asset_code').code,
      pricePerUnit: price,
      ...terms,
      status: 'open',
      createdAt: now,
      closedAt: null,
      subscribedUnits: null,
      allocatedUnits: null,
      investors: null,
    };
    return this.uow.run(async (tx) => {
      await this.rounds.insertRound(tx, round);
      const view = roundView(this.assets, round);
      await tx.append([{ type: RoundOpened.name, teamId: round.teamId, aggregateType: 'cgo_round', aggregateId: round.id, payload: view }]);
      return view;
    });
  }
}
