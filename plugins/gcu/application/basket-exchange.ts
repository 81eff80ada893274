import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  BusinessRuleError,
  Clock,
  formatMinor,
  InsufficientFundsError,
  Ledger,
  parseAmountField,
  UnitOfWork,
  ValidationError,
  type LedgerLeg,
  type RequestContext,
} from '../../../kernel/public.js';
import { minimumAmount, quoteExchange, withinTolerance, type CashTerms, type ExchangeDirection, type ExchangeQuote } from '../domain/exchange-rounding.js';
import { div, mul, toDecimal, USD_DECIMALS } from '../domain/fraction.js';
import { formatWeight } from '../domain/weights.js';
import { GcuRepository, type BasketRecord } from '../ports.js';
import type { BasketExchangeInput, BasketExchangeView } from '../operations.js';
import { BasketBook } from './basket-book.js';
import { ExchangeTerms } from './exchange-terms.js';
import { issuerAccount, rebalanceAccount, reserveAccount } from './reserve-accounts.js';
import { ReserveSync } from './reserve-sync.js';

/**
 * Compose and decompose: one balanced ledger movement each, in one unit of
 * work with the reserve record and the event. Compose debits the account
 * ceil(amount × quantity) of every component into the reserve and issues the
 * units; decompose burns the units, pays floor(amount × quantity) of every
 * component out of the reserve (see domain/quantities.ts for why) and the
 * value of the rounded-off remainders in cash from the rebalance account
 * (domain/exchange-rounding.ts). Amounts whose rounding would cost the
 * customer more than the configured tolerance are refused; the result
 * reports what rounding cost.
 */
@injectable()
export class BasketExchange {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(BasketBook) private readonly book: BasketBook,
    @inject(ReserveSync) private readonly reserves: ReserveSync,
    @inject(ExchangeTerms) private readonly terms: ExchangeTerms,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async run(direction: 'compose' | 'decompose', input: BasketExchangeInput, ctx: RequestContext): Promise<BasketExchangeView> {
    const teamId = ctx.actor.teamId;
    if (typeof input.basket_code !== 'string') throw ValidationError.field('/basket_code', 'basket_code is required', 'invalid_basket');
    return this.uow.run(async (tx) => {
      await this.ledger.account(tx, teamId, input.id);
      const found = await this.repo.findBasket(tx, input.basket_code);
      if (!found) throw ValidationError.field('/basket_code', `unknown basket '${input.basket_code}'`, 'unknown_basket');
      const basketAsset = this.assets.require(found.code, '/basket_code');
      const amount = parseAmountField(input.amount, basketAsset, '/amount');
      let reserve = await this.reserves.sync(tx, teamId, found);
      // A rebalancing committed after we read the basket: read it again so quantities and reserve agree.
      const basket = reserve.version > found.version ? await this.book.require(tx, found.code) : found;
      if (reserve.version < basket.version) reserve = await this.reserves.sync(tx, teamId, basket);

      const cash = this.terms.cash;
      const quote = await this.#quote(direction, amount, basketAsset.precision, basket, cash);
      const components: Record<string, string> = {};
      const legs: LedgerLeg[] = [];
      const short: string[] = [];
      const sign = direction === 'compose' ? -1n : 1n;
      for (const [code, minor] of quote.moved) {
        if (minor === 0n) continue;
        const precision = this.assets.find(code)!.precision;
        if (direction === 'compose') {
          const available = (await this.ledger.balance(tx, teamId, input.id, code)).available;
          if (available < minor) short.push(`${code}: needs ${formatMinor(minor, precision)}, available ${formatMinor(available, precision)}`);
        }
        components[code] = formatMinor(minor, precision);
        legs.push({ accountId: input.id, assetCode: code, amount: sign * minor });
        legs.push({ accountId: reserveAccount(basket.code), assetCode: code, amount: -sign * minor });
      }
      if (quote.cashInLieu > 0n) {
        legs.push({ accountId: input.id, assetCode: cash.code, amount: quote.cashInLieu });
        legs.push({ accountId: rebalanceAccount(basket.code), assetCode: cash.code, amount: -quote.cashInLieu });
      }
      if (short.length > 0) {
        throw new InsufficientFundsError(`Not enough of the basket's components to compose ${formatMinor(amount, basketAsset.precision)} ${basket.code}: ${short.join('; ')}.`, { pointer: '/amount' });
      }
      if (direction === 'decompose') {
        const held = (await this.ledger.balance(tx, teamId, input.id, basket.code)).available;
        if (held < amount) {
          throw new InsufficientFundsError(`The account holds ${formatMinor(held, basketAsset.precision)} ${basket.code} available, less than ${formatMinor(amount, basketAsset.precision)}.`, { pointer: '/amount' });
        }
        if (amount > reserve.outstanding) {
          throw new BusinessRuleError('unbacked_basket_units', `Only ${formatMinor(reserve.outstanding, basketAsset.precision)} ${basket.code} were composed in this team; units that entered otherwise have no reserve behind them.`, { pointer: '/amount' });
        }
      }
      legs.push({ accountId: input.id, assetCode: basket.code, amount: -sign * amount });
      legs.push({ accountId: issuerAccount(basket.code), assetCode: basket.code, amount: sign * amount });
      const posted = await this.ledger.post(tx, teamId, { kind: `basket.${direction}`, reference: `${direction} ${basket.code}`, legs });
      await this.repo.saveReserve(tx, { ...reserve, outstanding: reserve.outstanding - sign * amount, version: basket.version });
      const now = this.clock.now();
      const payload = {
        account_uuid: input.id,
        basket_code: basket.code,
        basket_amount: formatMinor(amount, basketAsset.precision),
        components,
        cash_in_lieu_usd: formatMinor(quote.cashInLieu, cash.precision),
        basket_version: basket.version,
        movement_uuid: posted.movementId,
      };
      await tx.append([{ type: `basket.${direction}d`, teamId, aggregateType: 'account', aggregateId: input.id, payload }]);
      return {
        ...payload,
        direction,
        value_usd: toDecimal(quote.value, USD_DECIMALS),
        rounding_cost_usd: toDecimal(quote.cost, USD_DECIMALS),
        completed_at: now.toISOString(),
      };
    });
  }

  /**
   * The components and cash to move at current prices, refused with 422 when
   * rounding would cost more than `max_rounding_cost` of the value
   * (domain/exchange-rounding.ts), or a decompose would pay nothing at all
   * (possible only with a tolerance of 100 %): units are never burnt for nothing.
   */
  async #quote(direction: ExchangeDirection, amount: bigint, basketPrecision: number, basket: BasketRecord, cash: CashTerms): Promise<ExchangeQuote> {
    const terms = await this.terms.of(basket);
    const quote = quoteExchange(direction, amount, basketPrecision, terms, cash);
    const tolerance = this.terms.tolerancePpm;
    const units = `${formatMinor(amount, basketPrecision)} ${basket.code}`;
    const minimum = () => `${formatMinor(minimumAmount(direction, basketPrecision, terms, cash, tolerance), basketPrecision)} ${basket.code}`;
    if (!withinTolerance(quote, tolerance)) {
      const share = quote.value.n === 0n ? '100' : toDecimal(mul(div(quote.cost, quote.value), { n: 100n, d: 1n }), 2);
      throw new BusinessRuleError(
        'rounding_cost_too_high',
        `Rounding the components of ${units} to whole minor units would cost ${toDecimal(quote.cost, 2)} USD, ${share} % of their ${toDecimal(quote.value, 2)} USD value; at most ${formatWeight(tolerance * 100n)} % is accepted. Amounts of at least ${minimum()} always are.`,
        { pointer: '/amount' },
      );
    }
    if (direction === 'decompose' && quote.cashInLieu === 0n && [...quote.moved.values()].every((minor) => minor === 0n)) {
      throw new BusinessRuleError('amount_below_minimum', `Decomposing ${units} would pay nothing: not one minor unit of any component, nor a cent in lieu. Decompose at least ${minimum()}.`, {
        pointer: '/amount',
      });
    }
    return quote;
  }
}
