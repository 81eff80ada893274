import { inject, injectable } from 'inversify';
import { ChainCatalog, ChainFaucet, Clock, PriceFeed, type Tx } from '../../../../kernel/public.js';
import { lendingMarketAddress, lendingToken, MARKET_LIQUIDITY_USD } from '../../domain/positions/lending-market.js';
import { LendingRepository } from '../../ports.js';

/**
 * The lending market's own liquidity on the simulated chains: what other
 * (outside) suppliers put in, so accounts can borrow and withdraw interest.
 * Each chain's listed tokens are minted to the market's address once
 * (MARKET_LIQUIDITY_USD worth at the feed's price then), remembered in the
 * store, so restarts and several processes mint it once.
 */
@injectable()
export class LendingMarketSeeder {
  constructor(
    @inject(LendingRepository) private readonly positions: LendingRepository,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(PriceFeed) private readonly feed: PriceFeed,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async seed(tx: Tx, faucet: ChainFaucet): Promise<void> {
    for (const chain of this.catalog.list()) {
      for (const token of this.catalog.tokens(chain.name)) {
        if (!lendingToken(token.assetCode)) continue;
        if (!(await this.positions.markSeeded(tx, chain.name, token.assetCode, this.clock.now()))) continue;
        const { usd } = await this.feed.usdPrice(token.assetCode);
        const amount = (MARKET_LIQUIDITY_USD * 10n ** BigInt(token.decimals + usd.scale)) / usd.numerator;
        await faucet.mint(tx, chain.name, lendingMarketAddress(chain.chainId), token.assetCode, amount);
      }
    }
  }
}
