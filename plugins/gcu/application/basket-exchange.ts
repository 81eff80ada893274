import { inject, injectable } from 'inversify';
import type { RequestContext } from '../../../kernel/contract/context.js';
import { InsufficientFundsError, BusinessRuleError, ValidationError } from '../../../kernel/errors/errors.js';
import { formatMinor } from '../../../kernel/money/decimal.js';
import { parseAmountField } from '../../../kernel/money/amount-field.js';
import { AssetCatalog } from '../../../ports/asset-catalog.js';
import { Clock } from '../../../ports/clock.js';
import { Ledger, type LedgerLeg } from '../../../ports/ledger.js';
import { UnitOfWork } from '../../../ports/unit-of-work.js';
import { componentMinor } from '../domain/quantities.js';
import { GcuRepository } from '../ports.js';
import type { BasketExchangeInput, BasketExchangeView } from '../operations.js';
import { BasketBook } from './basket-book.js';
import { issuerAccount, reserveAccount } from './reserve-accounts.js';
import { ReserveSync } from './reserve-sync.js';

/**
 * Compose and decompose: one balanced ledger movement each, in one unit of
 * work with the reserve record and the event. Compose debits the account
 * ceil(amount × quantity) of every component into the reserve and issues the
 * units; decompose burns the units and pays floor(amount × quantity) of every
 * component out of the reserve (see domain/quantities.ts for why).
 */
@injectable()
export class BasketExchange {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(BasketBook) private readonly book: BasketBook,
    @inject(ReserveSync) private readonly reserves: ReserveSync,
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

      const components: Record<string, string> = {};
      const legs: LedgerLeg[] = [];
      const short: string[] = [];
      const sign = direction === 'compose' ? -1n : 1n;
      for (const [code, quantity] of basket.quantities) {
        const asset = this.assets.find(code)!;
        const minor = componentMinor(amount, basketAsset.precision, quantity, asset.precision, direction === 'compose' ? 'up' : 'down');
        if (minor === 0n) continue;
        if (direction === 'compose') {
          const available = (await this.ledger.balance(tx, teamId, input.id, code)).available;
          if (available < minor) short.push(`${code}: needs ${formatMinor(minor, asset.precision)}, available ${formatMinor(available, asset.precision)}`);
        }
        components[code] = formatMinor(minor, asset.precision);
        legs.push({ accountId: input.id, assetCode: code, amount: sign * minor });
        legs.push({ accountId: reserveAccount(basket.code), assetCode: code, amount: -sign * minor });
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
        basket_version: basket.version,
        movement_uuid: posted.movementId,
      };
      await tx.append([{ type: `basket.${direction}d`, teamId, aggregateType: 'account', aggregateId: input.id, payload }]);
      return { ...payload, direction, completed_at: now.toISOString() };
    });
  }
}
