import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, Ledger, NotFoundError, UnitOfWork, ConflictError, type Operation, type RequestContext, type Tx } from '../../../kernel/public.js';
import { allocate, settlementLegs, type InvestmentRecord, type RoundRecord } from '../domain/round.js';
import { InvestmentAllocated, RoundClosed } from '../events.js';
import type { IdInput, RoundReportView } from '../operations.js';
import { CgoRepository } from '../ports.js';
import { investmentView, roundReport } from './views.js';

/** Rounds closed in one pass of the scheduled close; the next pass takes the rest. */
const ROUNDS_PER_PASS = 20;

/**
 * Closes a round in one unit of work, under the round's lock: allocates
 * every investment (domain/round.ts allocate: all it asked for, or its
 * pro-rata share when oversubscribed), and settles each through the Ledger
 * in its team's books: escrow pays the cost to the proceeds and the rest
 * back to the paying account. An account no longer active gets the refund
 * in the team's oldest active account; a team without one leaves it held in
 * escrow (refund_status held, documented in docs/cgo.md). Each investment's
 * event and the round's close commit with the movements: a restart never
 * sees a half-closed round.
 */
@injectable()
export class RoundClosing {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CgoRepository) private readonly rounds: CgoRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async close(tx: Tx, round: RoundRecord, now: Date): Promise<RoundReportView> {
    const investments = await this.rounds.roundInvestments(tx, round.id);
    const allocations = allocate(investments.map((investment) => investment.requestedUnits), round.hardCapUnits);
    const settled: InvestmentRecord[] = [];
    for (const [index, investment] of investments.entries()) settled.push(await this.#settle(tx, round, investment, allocations[index]!, now));
    const closed: RoundRecord = {
      ...round,
      status: 'closed',
      closedAt: now,
      investors: investments.length,
      subscribedUnits: investments.reduce((sum, investment) => sum + investment.requestedUnits, 0),
      allocatedUnits: allocations.reduce((sum, units) => sum + units, 0),
    };
    await this.rounds.updateRound(tx, closed);
    const report = roundReport(this.assets, closed, settled);
    await tx.append([{ type: RoundClosed.name, teamId: round.teamId, aggregateType: 'cgo_round', aggregateId: round.id, payload: report }]);
    return report;
  }

  /** The scheduled pass: closes the open rounds past their closing time, each in its own unit of work. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    const due = await this.uow.run((tx) => this.rounds.dueRounds(tx, now, ROUNDS_PER_PASS));
    let closed = 0;
    for (const id of due) {
      const done = await this.uow.run(async (tx) => {
        // Another process may have closed it since: the lock re-reads the row.
        const round = await this.rounds.lockRound(tx, id);
        if (round?.status !== 'open') return false;
        await this.close(tx, round, now);
        return true;
      });
      if (done) closed += 1;
    }
    return closed;
  }

  async #settle(tx: Tx, round: RoundRecord, investment: InvestmentRecord, units: number, now: Date): Promise<InvestmentRecord> {
    const cost = BigInt(units) * round.pricePerUnit;
    const refund = investment.paid - cost;
    const refundTo = refund === 0n ? investment.accountId : await this.#refundAccount(tx, investment);
    const legs = settlementLegs(investment, cost, refundTo);
    const posted = legs.length === 0 ? undefined : await this.ledger.post(tx, investment.teamId, { kind: 'cgo.allocate', reference: `cgo round ${round.id} investment ${investment.id}`, legs });
    const allocated: InvestmentRecord = {
      ...investment,
      status: 'allocated',
      allocatedUnits: units,
      cost,
      refund,
      refundStatus: refund === 0n ? 'none' : refundTo === null ? 'held' : 'refunded',
      settlementMovementId: posted?.movementId ?? null,
      allocatedAt: now,
    };
    await this.rounds.updateInvestment(tx, allocated);
    await tx.append([{ type: InvestmentAllocated.name, teamId: investment.teamId, aggregateType: 'cgo_investment', aggregateId: investment.id, payload: investmentView(this.assets, allocated) }]);
    return allocated;
  }

  /** The paying account when still active, else the team's oldest active account, else none (the refund stays in escrow). */
  async #refundAccount(tx: Tx, investment: InvestmentRecord): Promise<string | null> {
    const account = await this.ledger.account(tx, investment.teamId, investment.accountId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    });
    if (account?.status === 'active') return account.id;
    return (await this.ledger.defaultAccount(tx, investment.teamId))?.id ?? null;
  }
}

/** POST /admin/cgo/rounds/{id}/close, closeCgoRound (operator): closes an open round now, before its closing time if need be. */
@injectable()
export class CloseRoundOperation implements Operation<IdInput, RoundReportView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(CgoRepository) private readonly rounds: CgoRepository,
    @inject(RoundClosing) private readonly closing: RoundClosing,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: IdInput, _ctx: RequestContext): Promise<RoundReportView> {
    return this.uow.run(async (tx) => {
      const round = await this.rounds.lockRound(tx, input.id);
      if (!round) throw new NotFoundError('Round', input.id, { parameter: 'id' });
      if (round.status !== 'open') throw new ConflictError(`Round '${round.id}' is already closed.`, 'round_closed');
      return this.closing.close(tx, round, this.clock.now());
    });
  }
}
