import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, formatMinor, UnitOfWork, type Operation } from '../../../kernel/public.js';
import type { BasketSummaryView, BasketView, CompositionView, GcuView } from '../operations.js';
import { GcuRepository } from '../ports.js';
import { BasketBook } from './basket-book.js';
import { BasketReport } from './basket-report.js';
import { ExchangeTerms } from './exchange-terms.js';

/**
 * The read side of baskets: GET /baskets, /baskets/{code}, /gcu and
 * /gcu/composition. Baskets are bank-wide public data (no team scope).
 */
@injectable()
export class ListBasketsOperation implements Operation<unknown, BasketSummaryView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(BasketReport) private readonly report: BasketReport,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(): Promise<BasketSummaryView[]> {
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const out: BasketSummaryView[] = [];
      for (const basket of await this.repo.listBaskets(tx)) {
        const c = await this.report.composition(tx, basket, now);
        out.push({
          code: basket.code,
          name: basket.name,
          symbol: basket.symbol,
          description: basket.description,
          type: 'dynamic',
          is_active: true,
          version: basket.version,
          value_usd: c.total_value_usd,
          value_usd_decimal: c.total_value_usd_decimal,
          components: c.composition.map((row) => ({ asset_code: row.asset_code, asset_name: row.asset_name, weight: row.weight, weight_decimal: row.weight_decimal })),
          rebalancing: c.rebalancing,
        });
      }
      return out;
    });
  }
}

@injectable()
export class GetBasketOperation implements Operation<{ basket_code: string }, BasketView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BasketBook) private readonly book: BasketBook,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(BasketReport) private readonly report: BasketReport,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: { basket_code: string }): Promise<BasketView> {
    return this.uow.run(async (tx) => {
      const basket = await this.book.require(tx, input.basket_code);
      const c = await this.report.composition(tx, basket, this.clock.now());
      const versions = await this.repo.listVersions(tx, basket.code);
      return {
        code: basket.code,
        name: basket.name,
        symbol: basket.symbol,
        description: basket.description,
        type: 'dynamic',
        is_active: true,
        version: basket.version,
        created_at: basket.createdAt.toISOString(),
        last_updated: c.last_updated,
        value_usd: c.total_value_usd,
        value_usd_decimal: c.total_value_usd_decimal,
        composition: c.composition,
        rebalancing: c.rebalancing,
        performance: c.performance,
        versions: versions.map((v) => ({
          version: v.version,
          effective_at: v.effectiveAt.toISOString(),
          unit_value_usd: v.unitValueUsd,
          proposal_id: v.proposalId,
        })),
      };
    });
  }
}

/** GET /gcu: the GCU at a glance; /gcu/composition has the full breakdown. */
@injectable()
export class GetGcuOperation implements Operation<unknown, GcuView> {
  constructor(
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(ExchangeTerms) private readonly terms: ExchangeTerms,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BasketBook) private readonly book: BasketBook,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(BasketReport) private readonly report: BasketReport,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(): Promise<GcuView> {
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const basket = await this.book.require(tx, this.book.code);
      const c = await this.report.composition(tx, basket, now);
      return {
        code: basket.code,
        name: basket.name,
        symbol: basket.symbol,
        current_value: c.total_value_usd,
        current_value_decimal: c.total_value_usd_decimal,
        value_currency: 'USD',
        version: basket.version,
        last_rebalanced: c.rebalancing.last_rebalanced,
        next_rebalance: c.rebalancing.next_rebalance,
        composition: c.composition.map((row) => ({
          asset_code: row.asset_code,
          asset_name: row.asset_name,
          weight: row.weight,
          value_contribution: row.value_contribution_usd,
        })),
        statistics: {
          // Exact: the reserves' ledger of issued units, in the same transaction as every compose/decompose.
          total_supply: formatMinor(await this.repo.totalOutstanding(tx, basket.code), this.assets.find(basket.code)?.precision ?? 4),
          // From the holdings projection: as current as the event backbone's last run.
          holders_count: (await this.repo.holdingsByTeam(tx, basket.code)).size,
          '24h_change': c.performance['24h_change_percent'],
          '7d_change': c.performance['7d_change_percent'],
          '30d_change': c.performance['30d_change_percent'],
        },
        governance: {
          quorum: Number(basket.quorumPpm) / 1e6,
          approval_threshold: Number(basket.approvalPpm) / 1e6,
          active_proposals: (await this.repo.listProposals(tx, basket.code)).filter((p) => p.startsAt <= now && now < p.endsAt).map((p) => p.id),
        },
        exchange: await this.terms.limits(basket),
      };
    });
  }
}

@injectable()
export class GetCompositionOperation implements Operation<unknown, CompositionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BasketBook) private readonly book: BasketBook,
    @inject(BasketReport) private readonly report: BasketReport,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(): Promise<CompositionView> {
    return this.uow.run(async (tx) => this.report.composition(tx, await this.book.require(tx, this.book.code), this.clock.now()));
  }
}
