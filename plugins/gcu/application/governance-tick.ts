import { inject, injectable } from 'inversify';
import { Clock, UnitOfWork } from '../../../kernel/public.js';
import { DAY_MS, nextMonthStart, votingWindowFor } from '../domain/calendar.js';
import { GcuConfig } from '../config.js';
import { GcuRepository } from '../ports.js';
import { BasketBook } from './basket-book.js';
import { HoldingsProjection } from './holdings-projection.js';
import { PriceRecorder } from './price-recorder.js';
import { Proposals } from './proposals.js';
import { Rebalancer } from './rebalancer.js';
import { ReserveSync } from './reserve-sync.js';
import { Snapshots } from './snapshots.js';
import type { TickReport } from '../operations.js';

/** Declared with the operations (its zod schema documents POST /admin/gcu/rebalance). */
export type { TickReport };

/**
 * Everything the clock drives, idempotent so any number of ticks at any
 * times converge: record prices, announce next month's proposal, take the
 * snapshot of proposals whose voting opened (as of their start), drop
 * holdings history no snapshot can need any more, close
 * proposals whose voting ended, rebalance when next_rebalance has come (or
 * when forced), then bring every team's reserve to the new quantities (one
 * unit of work per team, so one team's trouble never blocks the others).
 */
@injectable()
export class GovernanceTick {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BasketBook) private readonly book: BasketBook,
    @inject(PriceRecorder) private readonly prices: PriceRecorder,
    @inject(HoldingsProjection) private readonly holdings: HoldingsProjection,
    @inject(Proposals) private readonly proposals: Proposals,
    @inject(Rebalancer) private readonly rebalancer: Rebalancer,
    @inject(ReserveSync) private readonly reserves: ReserveSync,
    @inject(Snapshots) private readonly snapshots: Snapshots,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(GcuConfig) private readonly config: GcuConfig,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** Plugin start: create the GCU if needed and record the current hour's prices, nothing else. */
  async start(): Promise<TickReport> {
    const now = this.clock.now();
    const recorded = await this.uow.run(async (tx) => this.prices.record(tx, await this.book.ensureGenesis(tx), now, false));
    return { at: now.toISOString(), prices_recorded: recorded, proposal_created: null, rebalanced_to_version: null, reserves_synced: 0 };
  }

  async run(options: { forceRebalance?: boolean } = {}): Promise<TickReport> {
    await this.holdings.catchUp();
    const now = this.clock.now();
    const step = await this.uow.run(async (tx) => {
      let basket = await this.book.ensureGenesis(tx);
      const recorded = await this.prices.record(tx, basket, now);
      const created = await this.#announce(tx, basket, now);
      for (const proposal of await this.repo.listProposals(tx, basket.code)) {
        if (proposal.eligibleSupply === null && proposal.startsAt <= now) await this.snapshots.ensure(tx, proposal.id, now);
      }
      // Every started proposal has its snapshot now and new ones cannot start in the past, so no snapshot
      // will be read as of an earlier time: older history can go (a day's margin for processes whose clocks disagree).
      await this.repo.pruneHoldings(tx, basket.code, new Date(now.getTime() - DAY_MS));
      basket = await this.rebalancer.closeDue(tx, basket, now);
      let rebalanced: number | null = null;
      if (options.forceRebalance || now >= basket.nextRebalance) {
        basket = await this.rebalancer.rebalance(tx, basket, now);
        rebalanced = basket.version;
      }
      return { recorded, created, rebalanced, basket };
    });
    let synced = 0;
    const stale = await this.uow.run((tx) => this.repo.staleReserves(tx, step.basket.code, step.basket.version));
    for (const reserve of stale) {
      await this.uow.run(async (tx) => {
        const basket = await this.book.require(tx, step.basket.code);
        await this.reserves.sync(tx, reserve.teamId, basket);
      });
      synced += 1;
    }
    return {
      at: now.toISOString(),
      prices_recorded: step.recorded,
      proposal_created: step.created,
      rebalanced_to_version: step.rebalanced,
      reserves_synced: synced,
    };
  }

  /** The automatic proposal for next month: keep (re-apply) the current target weights unless holders reject it. */
  async #announce(tx: Parameters<Proposals['create']>[0], basket: Parameters<Proposals['create']>[1], now: Date): Promise<string | null> {
    const window = votingWindowFor(nextMonthStart(now), this.config.voting_days);
    if (now.getTime() < window.startsAt.getTime() - this.config.announce_days * DAY_MS) return null;
    const existing = await this.repo.listProposals(tx, basket.code);
    if (existing.some((p) => p.period === window.period)) return null;
    const proposal = await this.proposals.create(
      tx,
      basket,
      {
        kind: 'composition',
        title: `${basket.code} composition for ${window.period}`,
        description: `Monthly vote on the ${basket.code} weights applied at the rebalancing on ${window.endsAt.toISOString()}. This automatic proposal keeps the current target weights; operators may table alternatives for the same window.`,
        proposedComposition: basket.weights,
        parameter: null,
        period: window.period,
        startsAt: now > window.startsAt ? now : window.startsAt,
        endsAt: window.endsAt,
        createdBy: 'system',
      },
      now,
    );
    return proposal.id;
  }
}
