import { inject, injectable } from 'inversify';
import { AssetCatalog, Clock, NotFoundError, type Tx } from '../../../kernel/public.js';
import { nextMonthStart } from '../domain/calendar.js';
import { toDecimal } from '../domain/fraction.js';
import { quantitiesFor } from '../domain/quantities.js';
import { DEFAULT_GCU_WEIGHTS, parseWeight, weightsToJson } from '../domain/weights.js';
import { GcuConfig } from '../config.js';
import { GcuRepository, type BasketRecord } from '../ports.js';
import { Valuation } from './valuation.js';

/**
 * The basket records: creates the GCU the first time the plugin starts (at
 * that moment's prices, worth `initial_value_usd`), and finds baskets for
 * the operations (404 for unknown codes).
 */
@injectable()
export class BasketBook {
  constructor(
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(GcuConfig) private readonly config: GcuConfig,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Valuation) private readonly valuation: Valuation,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  get code(): string {
    return this.config.basket_code;
  }

  async require(tx: Tx, code: string): Promise<BasketRecord> {
    const basket = await this.repo.findBasket(tx, code);
    if (!basket) throw new NotFoundError('Basket', code);
    return basket;
  }

  /** Creates the GCU when it does not exist yet; idempotent. */
  async ensureGenesis(tx: Tx): Promise<BasketRecord> {
    const existing = await this.repo.lockBasket(tx, this.code);
    if (existing) return existing;
    const asset = this.assets.find(this.code);
    if (!asset || asset.type !== 'basket') throw new Error(`asset ${this.code} must be in the catalogue with type basket`);
    const now = this.clock.now();
    const [whole, fraction = ''] = this.config.initial_value_usd.split('.');
    const unitValue = { n: BigInt(whole! + fraction), d: 10n ** BigInt(fraction.length) };
    const prices = await this.valuation.currentPrices(DEFAULT_GCU_WEIGHTS.keys());
    const quantities = quantitiesFor(DEFAULT_GCU_WEIGHTS, unitValue, prices);
    const basket: BasketRecord = {
      code: this.code,
      name: asset.name,
      symbol: 'Ǥ',
      description: 'A basket of major currencies and gold, rebalanced monthly to the weights its holders vote for.',
      weights: DEFAULT_GCU_WEIGHTS,
      quantities,
      version: 1,
      frequency: 'monthly',
      lastRebalanced: null,
      nextRebalance: nextMonthStart(now),
      quorumPpm: parseWeight(this.config.quorum)!,
      approvalPpm: parseWeight(this.config.approval_threshold)!,
      createdAt: now,
      updatedAt: now,
    };
    // Two processes starting at once: the loser's insert waits for the winner, does nothing, and reads its basket.
    if (!(await this.repo.insertBasket(tx, basket))) return (await this.repo.lockBasket(tx, this.code))!;
    await this.repo.insertVersion(tx, {
      code: basket.code,
      version: 1,
      effectiveAt: now,
      weights: basket.weights,
      quantities,
      unitValueUsd: toDecimal(unitValue, 18),
      proposalId: null,
    });
    await tx.append([
      {
        type: 'basket.created',
        teamId: '',
        aggregateType: 'basket',
        aggregateId: basket.code,
        payload: { basket_code: basket.code, composition: weightsToJson(basket.weights), unit_value_usd: this.config.initial_value_usd },
      },
    ]);
    return basket;
  }
}
