import { ActivityHistory, AssetCatalog, Chain, ChainCatalog, ChainFaucet, Clock, DefiPositions, definePlugin, TokenSwaps, Scheduler, type RuntimeContext, Ids, Ledger, OnChainHoldings, operation, PriceFeed, UnitOfWork, type PluginContext } from '../../kernel/public.js';
import type { Bind } from 'inversify';
import { MemoryPoolRepository } from './adapters/memory/memory-pool-repository.js';
import { MemoryQuoteRepository } from './adapters/memory/memory-quote-repository.js';
import { MemorySwapRepository } from './adapters/memory/memory-swap-repository.js';
import { MemoryLiquidityRepository } from './adapters/memory/memory-liquidity-repository.js';
import { defiMigrations } from './adapters/sql/migrations.js';
import { SqlPoolRepository } from './adapters/sql/sql-pool-repository.js';
import { SqlQuoteRepository } from './adapters/sql/sql-quote-repository.js';
import { SqlSwapRepository } from './adapters/sql/sql-swap-repository.js';
import { SqlLiquidityRepository } from './adapters/sql/sql-liquidity-repository.js';
import { FlashLoanOperation } from './application/flash-loan.js';
import { AddLiquidityOperation, LiquidityBook, ListLiquidityOperation, ReadLiquidityOperation, RemoveLiquidityOperation } from './application/liquidity.js';
import { ExecuteSwapOperation, ExecuteSwapV1Operation, ReadSwapOperation, SwapViews } from './application/execute-swap.js';
import { PoolTrading } from './application/pool-trading.js';
import { SwapExecutor } from './application/swap-executor.js';
import { SwapHistory } from './application/swap-history.js';
import { PoolMarket } from './application/pool-market.js';
import { GetSwapQuoteOperation, QuoteSwapV1Operation } from './application/quote-swap.js';
import { ReadSwapQuoteOperation } from './application/read-swap-quote.js';
import { SwapQuoter } from './application/swap-quoter.js';
import { DefiConfig, defiConfigSchema } from './config.js';
import { defiRoutes, defiRouteTags } from './http.js';
import { defiGraphql } from './graphql/positions.js';
import { lendingGraphql } from './graphql/lending.js';
import { AddLiquidity, ListLiquidity, ReadLiquidity, RemoveLiquidity, ExecuteSwap, ExecuteSwapV1, FlashLoan, GetSwapQuote, QuoteSwapV1, ReadSwap, ReadSwapQuote } from './operations.js';
import { LiquidityRepository, PoolRepository, QuoteRepository, SwapRepository } from './ports.js';
import { MemoryLendingRepository } from './adapters/memory/memory-lending-repository.js';
import { SqlLendingRepository } from './adapters/sql/sql-lending-repository.js';
import { LendingBook } from './application/positions/lending-book.js';
import { LendingHealthMonitor } from './application/positions/lending-health.js';
import { LendingMarketSeeder } from './application/positions/lending-market-seeder.js';
import { BorrowLendingOperation, CloseLendingPositionOperation, LendingOpener, ListLendingPositionsOperation, ReadLendingPositionOperation, SupplyLendingOperation } from './application/positions/lending-operations.js';
import { LendingViews } from './application/positions/lending-views.js';
import { defiEvents } from './events.js';
import { BorrowLending, CloseLendingPosition, ListLendingPositions, ReadLendingPosition, SupplyLending } from './operations.js';
import { LendingRepository, YieldRepository } from './ports.js';
import { MemoryYieldRepository } from './adapters/memory/memory-yield-repository.js';
import { SqlYieldRepository } from './adapters/sql/sql-yield-repository.js';
import { YieldBook } from './application/positions/yield-book.js';
import { HarvestOperation, ListYieldPositionsOperation, ReadYieldPositionOperation, StakeOperation, UnstakeOperation, YieldViews } from './application/positions/yield-operations.js';
import { DefiPortfolio, GetPortfolioOperation } from './application/positions/portfolio.js';
import { DefiTokenSwaps } from './application/token-swaps.js';
import { GetPortfolio } from './operations.js';
import { Harvest, ListYieldPositions, ReadYieldPosition, Stake, Unstake } from './operations.js';

/**
 * DeFi on the simulated chains (docs/defi.md): DEX pools per chain seeded
 * from the price feed and pulled back to it by an arbitrage model, an
 * aggregator that quotes the best route net of gas, and swaps that trade
 * the pools and move the account's on-chain holdings in one transaction.
 */
export const defiPlugin = definePlugin<DefiConfig>({
  name: 'defi',
  version: '0.1.0',
  kernel: '^2.3.0',
  description: 'DEX pools on every chain (Uniswap v3 tiers, SushiSwap, Curve), aggregated swap quotes and swaps.',
  dependsOn: ['chains'],
  // Other modules swap (the cross-chain swap's destination leg) and read positions (the cross-chain portfolio) through these.
  provides: [TokenSwaps, DefiPositions],
  contributes: [ActivityHistory],
  requires: [UnitOfWork, ChainCatalog, Chain, AssetCatalog, PriceFeed, Clock, Ids, Ledger, OnChainHoldings, Scheduler],
  config: defiConfigSchema,
  register(bind: Bind, ctx: PluginContext<DefiConfig>) {
    bind(DefiConfig).toConstantValue(ctx.config);
    bind(PoolMarket).toSelf();
    bind(SwapQuoter).toSelf();
    bind(PoolTrading).toSelf();
    bind(SwapExecutor).toSelf();
    bind(SwapViews).toSelf();
    bind(LiquidityBook).toSelf();
    bind(LendingBook).toSelf();
    bind(LendingViews).toSelf();
    bind(LendingOpener).toSelf();
    bind(LendingHealthMonitor).toSelf();
    bind(LendingMarketSeeder).toSelf();
    bind(YieldBook).toSelf();
    bind(YieldViews).toSelf();
    bind(ActivityHistory).to(SwapHistory);
    bind(DefiPortfolio).toSelf();
    bind(DefiPositions).toService(DefiPortfolio);
    bind(TokenSwaps).to(DefiTokenSwaps);
  },
  operations: [
    operation(GetSwapQuote, GetSwapQuoteOperation),
    operation(QuoteSwapV1, QuoteSwapV1Operation),
    operation(ReadSwapQuote, ReadSwapQuoteOperation),
    operation(ExecuteSwap, ExecuteSwapOperation),
    operation(ExecuteSwapV1, ExecuteSwapV1Operation),
    operation(ReadSwap, ReadSwapOperation),
    operation(FlashLoan, FlashLoanOperation),
    operation(AddLiquidity, AddLiquidityOperation),
    operation(RemoveLiquidity, RemoveLiquidityOperation),
    operation(ReadLiquidity, ReadLiquidityOperation),
    operation(ListLiquidity, ListLiquidityOperation),
    operation(SupplyLending, SupplyLendingOperation),
    operation(BorrowLending, BorrowLendingOperation),
    operation(CloseLendingPosition, CloseLendingPositionOperation),
    operation(ReadLendingPosition, ReadLendingPositionOperation),
    operation(ListLendingPositions, ListLendingPositionsOperation),
    operation(Stake, StakeOperation),
    operation(Harvest, HarvestOperation),
    operation(Unstake, UnstakeOperation),
    operation(ReadYieldPosition, ReadYieldPositionOperation),
    operation(ListYieldPositions, ListYieldPositionsOperation),
    operation(GetPortfolio, GetPortfolioOperation),
  ],
  persistence: {
    memory(bind: Bind) {
      bind(PoolRepository).to(MemoryPoolRepository);
      bind(QuoteRepository).to(MemoryQuoteRepository);
      bind(SwapRepository).to(MemorySwapRepository);
      bind(LiquidityRepository).to(MemoryLiquidityRepository);
      bind(LendingRepository).to(MemoryLendingRepository);
      bind(YieldRepository).to(MemoryYieldRepository);
    },
    sql(bind: Bind) {
      bind(PoolRepository).to(SqlPoolRepository);
      bind(QuoteRepository).to(SqlQuoteRepository);
      bind(SwapRepository).to(SqlSwapRepository);
      bind(LiquidityRepository).to(SqlLiquidityRepository);
      bind(LendingRepository).to(SqlLendingRepository);
      bind(YieldRepository).to(SqlYieldRepository);
    },
  },
  migrations: defiMigrations,
  routes: defiRoutes,
  routeTags: defiRouteTags,
  graphql: [...defiGraphql, ...lendingGraphql],
  events: defiEvents,
  async start(rt) {
    // Every process seeds what is missing; pools already stored keep their reserves.
    const market = rt.get(PoolMarket);
    await rt.get(UnitOfWork).run((tx) => market.seedAll(tx));
    await startLending(rt);
  },
});

export default defiPlugin;

/**
 * The lending market's liquidity (minted once, where a faucet exists: only
 * a simulated chain binds one) and the scheduled health check, which the
 * Scheduler runs in a serving process only.
 */
async function startLending(rt: RuntimeContext): Promise<void> {
  let faucet: ChainFaucet | undefined;
  try {
    faucet = rt.get(ChainFaucet);
  } catch {
    rt.logger.warn('defi: no ChainFaucet bound (not a simulated chain): the lending market starts without its own liquidity');
  }
  if (faucet) await rt.get(UnitOfWork).run((tx) => rt.get(LendingMarketSeeder).seed(tx, faucet));
  const monitor = rt.get(LendingHealthMonitor);
  rt.get(Scheduler).every({ name: 'defi.lending-health', intervalMs: rt.get(DefiConfig).lending_health_interval_ms, run: () => monitor.run() });
}
