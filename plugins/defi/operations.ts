import { z } from 'zod';
import { decimal, timestamp, token, type Operation } from '../../kernel/public.js';

/**
 * The DeFi module's operations and the zod schema of every input and view
 * (the one source of the TS types and the OpenAPI components). Amounts are
 * decimal strings at the token's decimals.
 */
export const DEX_IDS = ['uniswap_v3', 'uniswap', 'sushiswap', 'curve'] as const;

const chainRef = z.string().min(1).max(40).describe('Our chain name (`base`) or its CAIP-2 id (`eip155:8453`)');
const tokenCode = z.string().min(1).max(20);

export const SwapQuoteQuery = z
  .object({
    from: tokenCode.describe('Token sold, e.g. USDC'),
    to: tokenCode.describe('Token bought, e.g. WETH'),
    amount: z.string().describe('Amount sold, a decimal string at the token\'s decimals'),
    chain: chainRef.optional().describe('Chain name or CAIP-2 id; default ethereum'),
  });
export type SwapQuoteQuery = z.infer<typeof SwapQuoteQuery>;

export const SwapQuoteV1Input = z
  .object({
    chain: chainRef,
    token_in: tokenCode,
    token_out: tokenCode,
    amount_in: z.string().describe('Amount sold, a decimal string at the token\'s decimals'),
    slippage_tolerance: z.union([z.number(), z.string()]).optional().describe('Fraction of the estimated output the caller accepts to lose, 0 to 0.5 (0.005 is 0.5 %), at most 6 decimals'),
    dex_sources: z.array(z.string()).max(4).optional().describe('DEXes to consider: uniswap_v3 (alias uniswap), sushiswap, curve; default all'),
  })
  .meta({
    id: 'SwapQuoteV1Input',
    example: { chain: 'ethereum', token_in: 'USDC', token_out: 'WETH', amount_in: '2500.00', slippage_tolerance: 0.005, dex_sources: ['uniswap_v3', 'curve', 'sushiswap'] },
  });
export type SwapQuoteV1Input = z.infer<typeof SwapQuoteV1Input>;

const dex = z.enum(['uniswap_v3', 'sushiswap', 'curve']);
const percent = z.string().regex(/^[0-9]+\.[0-9]{4}$/).describe('Percent with 4 decimals, e.g. "0.1532"');

export const SwapQuoteView = z
  .strictObject({
    quote_id: z.uuid(),
    chain: z.string(),
    token_in: z.string(),
    token_out: z.string(),
    amount_in: decimal,
    estimated_output: decimal.describe('What the best route pays for amount_in, its pools\' fees taken'),
    minimum_output: decimal.nullable().describe('estimated_output less slippage_tolerance (version 1 with a tolerance), else null'),
    price_impact_percent: percent.describe('How far the fee-free output falls short of amount_in at the pools\' mid prices'),
    estimated_gas_usd: decimal.describe('Gas of the route at the chain\'s gas price now, in USD (6 decimals)'),
    best_route: z.strictObject({
      dex,
      path: z.array(z.string()).describe('Tokens from in to out; three when the route passes through WETH or USDC'),
      pools: z.array(z.string()).describe('Pool ids: <chain>:<dex>:<tokens>:<fee in millionths>'),
      fee_tier: z.number().int().nullable().describe('Fee of the route\'s pools in millionths (Uniswap v3 tiers 100, 500, 3000, 10000) when they share one'),
    }),
    alternative_routes: z.array(z.strictObject({ dex, estimated_output: decimal, price_impact_percent: percent })).describe('The best route of each other DEX that can make the trade'),
    quote_expires_at: timestamp,
  })
  .meta({
    id: 'SwapQuote',
    example: {
      quote_id: '3b1f6a2e-8c4d-4e7a-9f10-5d2c7b8e9a01',
      chain: 'ethereum',
      token_in: 'USDC',
      token_out: 'WETH',
      amount_in: '2500.000000',
      estimated_output: '0.734790131022591847',
      minimum_output: '0.731116180367478887',
      price_impact_percent: '0.0008',
      estimated_gas_usd: '3.808000',
      best_route: { dex: 'uniswap_v3', path: ['USDC', 'WETH'], pools: ['ethereum:uniswap_v3:USDC-WETH:500'], fee_tier: 500 },
      alternative_routes: [{ dex: 'sushiswap', estimated_output: '0.732329876453129005', price_impact_percent: '0.0250' }],
      quote_expires_at: '2026-01-15T09:30:30.000Z',
    },
  });
export type SwapQuoteView = z.infer<typeof SwapQuoteView>;

export const GetSwapQuote = token<Operation<SwapQuoteQuery, SwapQuoteView>>('defi.get-swap-quote');
export const QuoteSwapV1 = token<Operation<SwapQuoteV1Input, SwapQuoteView>>('defi.quote-swap-v1');

export const QuoteParams = z.object({ id: z.uuid().describe('A quote_id') });
export type QuoteParams = z.infer<typeof QuoteParams>;

export const ReadSwapQuote = token<Operation<QuoteParams, SwapQuoteView>>('defi.read-swap-quote');

const accountId = z.string().min(1).max(100).optional().describe('The account whose holdings move; default the team\'s oldest active account');

export const ExecuteSwapBody = z
  .strictObject({
    from_token: tokenCode.describe('Token sold'),
    to_token: tokenCode.describe('Token bought'),
    amount: z.string().describe('Amount sold, a decimal string at the token\'s decimals'),
    slippage_bps: z.number().int().min(0).max(5000).optional().describe('Output the caller accepts to lose against the quote, in basis points (default 50 = 0.5 %)'),
    chain: chainRef.optional().describe('Chain name or CAIP-2 id; default ethereum'),
    account_id: accountId,
  })
  .meta({ id: 'ExecuteSwapRequest', example: { from_token: 'USDC', to_token: 'WETH', amount: '2500.00', slippage_bps: 50, chain: 'base' } });
export type ExecuteSwapBody = z.infer<typeof ExecuteSwapBody>;

export const ExecuteSwapV1Input = z
  .strictObject({
    quote_id: z.uuid().describe('A quote of POST /api/v1/defi/swap/quote, not expired, not executed yet'),
    wallet_address: z.string().max(64).describe('A deposit address of one of the team\'s accounts on the quote\'s chain: whose holdings move'),
    max_gas_price_gwei: z.number().positive().max(1_000_000).describe('Refused (422 gas_price_too_high) when the chain\'s gas price is above it'),
    deadline_minutes: z.number().int().min(0).max(1440).describe('Refused (422 deadline_passed) when executed later than this many minutes after the quote was given (0: at the quote\'s own instant)'),
  })
  .meta({ id: 'ExecuteSwapV1Input', example: { quote_id: '3b1f6a2e-8c4d-4e7a-9f10-5d2c7b8e9a01', wallet_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', max_gas_price_gwei: 50, deadline_minutes: 20 } });
export type ExecuteSwapV1Input = z.infer<typeof ExecuteSwapV1Input>;

export const SwapView = z
  .strictObject({
    swap_id: z.uuid(),
    quote_id: z.uuid(),
    status: z.enum(['submitted', 'confirmed']).describe('submitted until its chain transaction is final on the chain, confirmed then'),
    tx_hash: z.string().describe('The chain transaction that paid the first pool'),
    chain: z.string(),
    account_id: z.string(),
    token_in: z.string(),
    token_out: z.string(),
    amount_in: decimal,
    expected_output: decimal.describe('What the quote promised'),
    amount_out: decimal.describe('What the pools paid'),
    minimum_output: decimal.describe('The least output accepted (slippage bound)'),
    dex: dex,
    path: z.array(z.string()),
    gas_price_gwei: decimal.describe('The chain\'s gas price at execution; the simulated gas is paid by the service'),
    created_at: timestamp,
  })
  .meta({
    id: 'Swap',
    example: {
      swap_id: '7d4e2a1b-3c5f-4e6a-8b9c-0d1e2f3a4b5c',
      quote_id: '3b1f6a2e-8c4d-4e7a-9f10-5d2c7b8e9a01',
      status: 'submitted',
      tx_hash: '0x8f3a9d1c2b4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8',
      chain: 'base',
      account_id: '9b2d4f6e-8a1c-4b3d-a5e7-c9f1b3d5e7a9',
      token_in: 'USDC',
      token_out: 'WETH',
      amount_in: '2500.000000',
      expected_output: '0.734790131022591847',
      amount_out: '0.734790131022591847',
      minimum_output: '0.731116180367478887',
      dex: 'uniswap_v3',
      path: ['USDC', 'WETH'],
      gas_price_gwei: '0.010000000',
      created_at: '2026-01-15T09:30:05.000Z',
    },
  });
export type SwapView = z.infer<typeof SwapView>;

export const SwapParams = z.object({ id: z.uuid().describe('A swap_id') });
export type SwapParams = z.infer<typeof SwapParams>;

export const ExecuteSwap = token<Operation<ExecuteSwapBody, SwapView>>('defi.execute-swap');
export const ExecuteSwapV1 = token<Operation<ExecuteSwapV1Input, SwapView>>('defi.execute-swap-v1');
export const ReadSwap = token<Operation<SwapParams, SwapView>>('defi.read-swap');

/** An amount of one token; one named schema, so OpenAPI and GraphQL show one TokenAmount type. */
const tokenAmount = z.strictObject({ token: z.string(), amount: decimal }).meta({ id: 'TokenAmount' });

export const FlashLoanBody = z
  .strictObject({
    token: tokenCode.describe('Token borrowed'),
    amount: z.string().describe('Amount borrowed, a decimal string at the token\'s decimals'),
    operations: z
      .array(
        z.strictObject({
          type: z.literal('swap').describe('The one operation type: swap the whole current balance of `from` into `to`'),
          from: tokenCode,
          to: tokenCode,
          dex: z.string().describe('uniswap_v3 (alias uniswap), sushiswap or curve: the best pool of that DEX for the pair is used'),
        }),
      )
      .min(1)
      .max(8),
    chain: chainRef.optional().describe('Chain name or CAIP-2 id; default ethereum'),
    account_id: accountId.describe('The account credited with the profit; default the team\'s oldest active account'),
    dry_run: z.boolean().optional().describe('Run the loan against the pools now and answer what it would do, changing nothing'),
  })
  .meta({
    id: 'FlashLoanRequest',
    example: { token: 'USDC', amount: '100000', chain: 'ethereum', operations: [{ type: 'swap', from: 'USDC', to: 'WETH', dex: 'sushiswap' }, { type: 'swap', from: 'WETH', to: 'USDC', dex: 'uniswap_v3' }] },
  });
export type FlashLoanBody = z.infer<typeof FlashLoanBody>;

export const FlashLoanView = z
  .strictObject({
    flash_loan_id: z.uuid().nullable().describe('The ledger movement\'s reference when the loan executed; null when it reverted or was a dry run'),
    status: z.enum(['executed', 'reverted', 'simulated']).describe('simulated: a dry run that would execute'),
    chain: z.string(),
    account_id: z.string(),
    token: z.string(),
    amount: decimal,
    premium: decimal.describe('flash_loan_premium_bps of the amount, rounded up'),
    reason: z.string().nullable().describe('Why it reverted; null otherwise'),
    operations: z.array(
      z.strictObject({ type: z.literal('swap'), from: z.string(), to: z.string(), dex, pool: z.string(), amount_in: decimal, amount_out: decimal }),
    ).describe('The operations that ran, in order (up to the one that failed)'),
    profit: z.array(tokenAmount).describe('What was left after repaying amount + premium, credited to the account (executed) or that would be (simulated)'),
    tx_hash: z.string().nullable().describe('The chain transaction that paid the profit to the account\'s deposit address; null without profit, a revert or a dry run'),
    created_at: timestamp,
  })
  .meta({
    id: 'FlashLoan',
    example: {
      flash_loan_id: null,
      status: 'reverted',
      chain: 'ethereum',
      account_id: '9b2d4f6e-8a1c-4b3d-a5e7-c9f1b3d5e7a9',
      token: 'USDC',
      amount: '100000.000000',
      premium: '50.000000',
      reason: 'cannot repay: holds 99391204118 base units of USDC after the operations, owes 100050000000 (amount + premium)',
      operations: [
        { type: 'swap', from: 'USDC', to: 'WETH', dex: 'sushiswap', pool: 'ethereum:sushiswap:USDC-WETH:3000', amount_in: '100000.000000', amount_out: '29.316005391282711262' },
        { type: 'swap', from: 'WETH', to: 'USDC', dex: 'uniswap_v3', pool: 'ethereum:uniswap_v3:USDC-WETH:500', amount_in: '29.316005391282711262', amount_out: '99391.204118' },
      ],
      profit: [],
      tx_hash: null,
      created_at: '2026-01-15T09:30:05.000Z',
    },
  });
export type FlashLoanView = z.infer<typeof FlashLoanView>;

export const FlashLoan = token<Operation<FlashLoanBody, FlashLoanView>>('defi.flash-loan');

export const AddLiquidityBody = z
  .strictObject({
    pool_id: z.string().min(1).max(80).describe('A pool id: <chain>:<dex>:<tokens>:<fee>, as quotes name them'),
    token: tokenCode.describe('The pool token `amount` is of; the others are paid in the pool\'s proportions'),
    amount: z.string().describe('Decimal string at the token\'s decimals'),
    account_id: accountId,
  })
  .meta({ id: 'AddLiquidityRequest', example: { pool_id: 'base:uniswap_v3:USDC-WETH:500', token: 'USDC', amount: '5000' } });
export type AddLiquidityBody = z.infer<typeof AddLiquidityBody>;

const tokenAmounts = z.array(tokenAmount);

export const LiquidityPositionView = z
  .strictObject({
    position_id: z.uuid(),
    type: z.literal('liquidity_pool'),
    status: z.enum(['open', 'closed']),
    account_id: z.string(),
    chain: z.string(),
    pool_id: z.string(),
    dex,
    shares: z.string().regex(/^[0-9]+$/).describe('LP shares held (integer)'),
    share_of_pool_percent: z.string().describe('Percent with 4 decimals, now (0 once closed)'),
    deposited: tokenAmounts.describe('What was paid in'),
    current_value: tokenAmounts.describe('What removing it would pay now (what it paid, once closed)'),
    fees_earned: tokenAmounts.describe('Fee income from swaps since it opened, at the pool\'s reserves now (growth of the invariant per share); empty once closed'),
    value_usd: decimal.describe('current_value at the price feed now, USD with 2 decimals'),
    opened_at: timestamp,
    closed_at: timestamp.nullable(),
  })
  .meta({
    id: 'LiquidityPosition',
    example: {
      position_id: '5e1c2d3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b',
      type: 'liquidity_pool',
      status: 'open',
      account_id: '9b2d4f6e-8a1c-4b3d-a5e7-c9f1b3d5e7a9',
      chain: 'base',
      pool_id: 'base:uniswap_v3:USDC-WETH:500',
      dex: 'uniswap_v3',
      shares: '1703455019876',
      share_of_pool_percent: '0.0111',
      deposited: [{ token: 'USDC', amount: '5000.000000' }, { token: 'WETH', amount: '1.468230553214870611' }],
      current_value: [{ token: 'USDC', amount: '5003.120004' }, { token: 'WETH', amount: '1.469146911019735271' }],
      fees_earned: [{ token: 'USDC', amount: '3.118120' }, { token: 'WETH', amount: '0.000915610227130151' }],
      value_usd: '10006.24',
      opened_at: '2026-01-15T09:30:05.000Z',
      closed_at: null,
    },
  });
export type LiquidityPositionView = z.infer<typeof LiquidityPositionView>;

export const PositionParams = z.object({ id: z.uuid().describe('A position_id') });
export type PositionParams = z.infer<typeof PositionParams>;

export const LiquidityList = z.array(LiquidityPositionView);
export type LiquidityList = z.infer<typeof LiquidityList>;

export const AddLiquidity = token<Operation<AddLiquidityBody, LiquidityPositionView>>('defi.add-liquidity');
export const RemoveLiquidity = token<Operation<PositionParams, LiquidityPositionView>>('defi.remove-liquidity');
export const ReadLiquidity = token<Operation<PositionParams, LiquidityPositionView>>('defi.read-liquidity');
export const ListLiquidity = token<Operation<Record<string, never>, LiquidityList>>('defi.list-liquidity');

// Lending (docs/defi.md, Lending): supply to and borrow from the simulated lending market.

export const LendingBody = z
  .strictObject({
    chain: chainRef.optional().describe('Chain name or CAIP-2 id; default ethereum'),
    token: tokenCode.describe('A token the lending market lists: WETH, WBTC, USDC, USDT, DAI'),
    amount: z.string().describe('Decimal string at the token\'s decimals'),
    account_id: accountId,
  })
  .meta({ id: 'LendingRequest', example: { chain: 'base', token: 'WETH', amount: '2.5' } });
export type LendingBody = z.infer<typeof LendingBody>;

const healthFactorText = z.string().regex(/^[0-9]+\.[0-9]{6}$/).nullable().describe('Σ supply value × liquidation threshold / Σ debt value of the account on the chain now, 6 decimals; null without debt');

export const LendingPositionView = z
  .strictObject({
    position_id: z.uuid(),
    type: z.enum(['lending_supply', 'lending_borrow']),
    status: z.enum(['open', 'closed']),
    account_id: z.string(),
    chain: z.string(),
    token: z.string(),
    principal: decimal.describe('What was supplied or borrowed'),
    accrued_interest: decimal.describe('Interest since it opened, by the clock now (what it settled with, once closed)'),
    current_amount: decimal.describe('principal + accrued_interest: what withdrawing pays out or repaying costs now'),
    apy_percent: percent.describe('The market\'s yearly simple rate for this side, percent with 4 decimals'),
    value_usd: decimal.describe('current_amount at the price feed now, USD with 2 decimals'),
    health_factor: healthFactorText,
    opened_at: timestamp,
    closed_at: timestamp.nullable(),
  })
  .meta({
    id: 'LendingPosition',
    example: {
      position_id: '7a1c2d3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b',
      type: 'lending_borrow',
      status: 'open',
      account_id: '9b2d4f6e-8a1c-4b3d-a5e7-c9f1b3d5e7a9',
      chain: 'base',
      token: 'USDC',
      principal: '4000.000000',
      accrued_interest: '1.643836',
      current_amount: '4001.643836',
      apy_percent: '5.0000',
      value_usd: '4001.64',
      health_factor: '1.538211',
      opened_at: '2026-01-15T09:30:05.000Z',
      closed_at: null,
    },
  });
export type LendingPositionView = z.infer<typeof LendingPositionView>;

export const LendingList = z.array(LendingPositionView);
export type LendingList = z.infer<typeof LendingList>;

export const SupplyLending = token<Operation<LendingBody, LendingPositionView>>('defi.supply-lending');
export const BorrowLending = token<Operation<LendingBody, LendingPositionView>>('defi.borrow-lending');
export const CloseLendingPosition = token<Operation<PositionParams, LendingPositionView>>('defi.close-lending');
export const ReadLendingPosition = token<Operation<PositionParams, LendingPositionView>>('defi.read-lending');
export const ListLendingPositions = token<Operation<Record<string, never>, LendingList>>('defi.list-lending');

// Staking and yield farming (docs/defi.md, Staking and yield farming).

export const StakeBody = z
  .strictObject({
    program: z.string().min(1).max(40).describe('staking:WETH (rewards in WETH) or farming:USDC-WETH (stake USDC, rewards in WETH)'),
    chain: chainRef.optional().describe('Chain name or CAIP-2 id; default ethereum'),
    amount: z.string().describe('Amount staked, a decimal string at the program token\'s decimals'),
    account_id: accountId,
  })
  .meta({ id: 'StakeRequest', example: { program: 'staking:WETH', chain: 'base', amount: '2' } });
export type StakeBody = z.infer<typeof StakeBody>;

export const YieldPositionView = z
  .strictObject({
    position_id: z.uuid(),
    type: z.enum(['staking', 'yield_farming']),
    status: z.enum(['open', 'closed']),
    account_id: z.string(),
    chain: z.string(),
    program: z.string(),
    token: z.string(),
    amount: decimal.describe('Staked'),
    reward_token: z.string(),
    accrued_rewards: decimal.describe('Rewards since the last harvest (or opening), by the clock now; 0 once closed'),
    harvested_rewards: decimal.describe('Rewards paid so far'),
    apy_percent: percent.describe('Yearly rewards in USD over the stake in USD at the price feed now, percent with 4 decimals'),
    value_usd: decimal.describe('Stake plus accrued rewards at the price feed now, USD with 2 decimals'),
    opened_at: timestamp,
    closed_at: timestamp.nullable(),
  })
  .meta({
    id: 'YieldPosition',
    example: {
      position_id: '8b1c2d3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b',
      type: 'staking',
      status: 'open',
      account_id: '9b2d4f6e-8a1c-4b3d-a5e7-c9f1b3d5e7a9',
      chain: 'base',
      program: 'staking:WETH',
      token: 'WETH',
      amount: '2.000000000000000000',
      reward_token: 'WETH',
      accrued_rewards: '0.000175342465753424',
      harvested_rewards: '0.000000000000000000',
      apy_percent: '3.2000',
      value_usd: '6800.60',
      opened_at: '2026-01-15T09:30:05.000Z',
      closed_at: null,
    },
  });
export type YieldPositionView = z.infer<typeof YieldPositionView>;

export const YieldList = z.array(YieldPositionView);
export type YieldList = z.infer<typeof YieldList>;

export const Stake = token<Operation<StakeBody, YieldPositionView>>('defi.stake');
export const Harvest = token<Operation<PositionParams, YieldPositionView>>('defi.harvest');
export const Unstake = token<Operation<PositionParams, YieldPositionView>>('defi.unstake');
export const ReadYieldPosition = token<Operation<PositionParams, YieldPositionView>>('defi.read-yield');
export const ListYieldPositions = token<Operation<Record<string, never>, YieldList>>('defi.list-yield');

// The portfolio (docs/defi.md, Portfolio): every open position, valued now.

export const PortfolioQuery = z.object({ account_id: z.string().min(1).max(100).optional().describe('Only this account\'s positions; default every account of the team') });
export type PortfolioQuery = z.infer<typeof PortfolioQuery>;

export const PortfolioPositionView = z.strictObject({
  position_id: z.uuid(),
  type: z.enum(['lending_supply', 'lending_borrow', 'staking', 'yield_farming', 'liquidity_pool']),
  account_id: z.string(),
  chain: z.string(),
  protocol: z.string().describe('lending_market, the program (staking:WETH) or the pool id'),
  value_usd: decimal.describe('At the price feed now, USD with 2 decimals; a borrow\'s is its debt'),
  apy_percent: percent.nullable().describe('The yearly rate (lending, staking, farming); null for liquidity, whose fee income is not annualised'),
  accrued_rewards: tokenAmounts.describe('Interest earned (supply) or owed (borrow), rewards not harvested yet, or fee income (liquidity)'),
  health_factor: z.string().nullable().describe('Lending only: the account\'s health factor on the chain, 6 decimals; null without debt or for other positions'),
  opened_at: timestamp,
});
export type PortfolioPositionView = z.infer<typeof PortfolioPositionView>;

export const PortfolioView = z
  .strictObject({
    account_id: z.string().nullable(),
    positions: z.array(PortfolioPositionView),
    assets_usd: decimal.describe('Σ value_usd of every position but borrows'),
    debt_usd: decimal.describe('Σ value_usd of borrows'),
    net_usd: z.string().describe('assets_usd − debt_usd (may be negative)'),
    valued_at: timestamp,
  })
  .meta({
    id: 'DefiPortfolio',
    example: {
      account_id: null,
      positions: [
        {
          position_id: '5e1c2d3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b',
          type: 'lending_supply',
          account_id: '9b2d4f6e-8a1c-4b3d-a5e7-c9f1b3d5e7a9',
          chain: 'ethereum',
          protocol: 'lending_market',
          value_usd: '10012.40',
          apy_percent: '3.5000',
          accrued_rewards: [{ token: 'USDC', amount: '12.400000' }],
          health_factor: null,
          opened_at: '2026-01-15T09:30:05.000Z',
        },
      ],
      assets_usd: '10012.40',
      debt_usd: '0.00',
      net_usd: '10012.40',
      valued_at: '2026-02-15T09:30:05.000Z',
    },
  });
export type PortfolioView = z.infer<typeof PortfolioView>;

export const GetPortfolio = token<Operation<PortfolioQuery, PortfolioView>>('defi.portfolio');
