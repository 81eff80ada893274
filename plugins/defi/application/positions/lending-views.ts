import { inject, injectable } from 'inversify';
import { ChainCatalog, formatMinor, mulDivHalfUp, PriceFeed, type Tx } from '../../../../kernel/public.js';
import { lendingToken } from '../../domain/positions/lending-market.js';
import type { LendingPosition } from '../../domain/positions/lending-position.js';
import type { LendingPositionView } from '../../operations.js';
import { LendingRepository } from '../../ports.js';
import { formatHealth, LendingBook } from './lending-book.js';

/** Lending positions as the API shows them, valued now from stored state and the price feed. */
@injectable()
export class LendingViews {
  constructor(
    @inject(LendingBook) private readonly book: LendingBook,
    @inject(LendingRepository) private readonly positions: LendingRepository,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(PriceFeed) private readonly feed: PriceFeed,
  ) {}

  async render(tx: Tx, position: LendingPosition): Promise<LendingPositionView> {
    const decimals = this.catalog.requireToken(position.chain, position.token, '/token').decimals;
    const market = lendingToken(position.token)!;
    const current = this.book.currentAmount(position);
    const { usd } = await this.feed.usdPrice(position.token);
    const open = position.status === 'open';
    // The account's health on the chain: read without locking (a view changes nothing).
    const siblings = open ? (await this.positions.list(tx, position.teamId)).filter((one) => one.status === 'open' && one.accountId === position.accountId && one.chain === position.chain) : [];
    return {
      position_id: position.id,
      type: position.side === 'supply' ? 'lending_supply' : 'lending_borrow',
      status: position.status,
      account_id: position.accountId,
      chain: position.chain,
      token: position.token,
      principal: formatMinor(position.principal, decimals),
      accrued_interest: formatMinor(current - position.principal, decimals),
      current_amount: formatMinor(current, decimals),
      apy_percent: formatMinor((position.side === 'supply' ? market.supplyAprBps : market.borrowAprBps) * 100n, 4),
      value_usd: formatMinor(mulDivHalfUp(current * usd.numerator, 100n, 10n ** BigInt(decimals + usd.scale)), 2),
      health_factor: open ? formatHealth(await this.book.health(siblings)) : null,
      opened_at: position.openedAt.toISOString(),
      closed_at: position.closedAt?.toISOString() ?? null,
    };
  }
}
