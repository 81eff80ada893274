import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import {
  ExecuteSwap,
  ExecuteSwapBody,
  ExecuteSwapV1,
  ExecuteSwapV1Input,
  FlashLoan,
  FlashLoanBody,
  FlashLoanView,
  GetSwapQuote,
  QuoteParams,
  QuoteSwapV1,
  ReadSwap,
  ReadSwapQuote,
  SwapParams,
  SwapQuoteQuery,
  SwapQuoteV1Input,
  SwapQuoteView,
  SwapView,
} from './operations.js';

/** The DeFi module's REST routes: version 2 as the spec names them, version 1 with every field of its tables. */
const tags = ['DeFi'];

export const defiRouteTags: readonly RouteTag[] = [
  {
    name: 'DeFi',
    description:
      'Swaps on the simulated DEX pools of every chain (Uniswap v3 per fee tier, SushiSwap, Curve\'s 3pool): aggregated quotes that compare every DEX and two-hop route net of gas, stored and expiring, and swaps that trade the pools and move the account\'s holdings on that chain atomically (docs/defi.md).',
  },
];

export const defiRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'GET',
    path: '/defi/swap/quote',
    prefixes: ['v2'],
    access: 'read',
    query: SwapQuoteQuery,
    response: SwapQuoteView,
    operation: GetSwapQuote,
    summary: 'Quote a swap: the best route over every DEX',
    description:
      'Evaluates every pool of every DEX on the chain (each Uniswap v3 fee tier, SushiSwap, Curve) and two-hop routes through WETH or USDC, values each route\'s gas in the output token and picks the best net output; the other DEXes\' best routes are the alternatives. The quote is stored and expires after `quote_ttl_seconds` (30 s by default). 422 for an unknown chain or token, the same token in and out, a bad amount, or a pair no pool trades (`no_route`).',
    tags,
  }),
  route({
    method: 'POST',
    path: '/defi/swap/quote',
    prefixes: ['v1'],
    access: 'write',
    body: SwapQuoteV1Input,
    response: SwapQuoteView,
    operation: QuoteSwapV1,
    operationId: 'quoteSwapV1',
    summary: 'Quote a swap (version 1): the best route over the chosen DEXes',
    description:
      'The version 2 quote with the spec\'s version 1 fields: `dex_sources` limits the DEXes (`uniswap` is `uniswap_v3`) and `slippage_tolerance` (a fraction, 0 to 0.5) sets `minimum_output`. Stored and expiring like version 2; reading prices and pools changes nothing else.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/defi/swap/quotes/:id',
    prefixes: ['v2'],
    access: 'read',
    params: QuoteParams,
    response: SwapQuoteView,
    operation: ReadSwapQuote,
    summary: 'Get a stored swap quote',
    description: 'A quote of the team as it was given, expired or not (compare quote_expires_at with the time); 404 for an unknown quote or another team\'s.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/defi/swap/execute',
    prefixes: ['v2'],
    access: 'write',
    body: ExecuteSwapBody,
    response: SwapView,
    status: 201,
    operation: ExecuteSwap,
    summary: 'Swap tokens: quote over every DEX and execute at once',
    description:
      'Quotes like GET /defi/swap/quote and executes that quote in the same transaction for `account_id` (default: the team\'s oldest active account): the route\'s pools are traded at their state now, and the account\'s holding of `from_token` on the chain pays the first pool while the last pool pays its holding of `to_token` (on chain between its deposit address and the pools). 422 `slippage_exceeded` when the pools pay less than the quote less `slippage_bps` (default 50), `insufficient_funds` when the holding is short; nothing moves on a refusal. Send an Idempotency-Key to retry safely.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/defi/swap/execute',
    prefixes: ['v1'],
    access: 'write',
    body: ExecuteSwapV1Input,
    response: SwapView,
    status: 201,
    operation: ExecuteSwapV1,
    operationId: 'executeSwapV1',
    summary: 'Execute a swap quote (version 1)',
    description:
      'Executes a stored version 1 quote for the account whose deposit address on the quote\'s chain is `wallet_address` (404 for an address that is not one of the team\'s). A quote executes at most once (409 `quote_already_executed`); 422 `quote_expired`, `deadline_passed` (later than `deadline_minutes` after the quote), `gas_price_too_high` (gas above `max_gas_price_gwei`), `slippage_exceeded` (output under the quote\'s `minimum_output`, or 0.5 % under the estimate when it had none), `insufficient_funds`; nothing moves on a refusal. Answers `submitted` with the chain transaction\'s hash; it reads `confirmed` once that transaction is final on the chain.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/defi/swap/:id',
    prefixes: ['v1'],
    access: 'read',
    params: SwapParams,
    response: SwapView,
    operation: ReadSwap,
    operationId: 'getSwapV1',
    summary: 'Get a swap (version 1)',
    description: 'A swap of the team with its status now: `submitted`, or `confirmed` once its chain transaction is final. 404 for an unknown swap or another team\'s.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/defi/flash-loan',
    prefixes: ['v2'],
    access: 'write',
    body: FlashLoanBody,
    response: FlashLoanView,
    operation: FlashLoan,
    summary: 'Take a flash loan: borrow, swap, repay, atomically',
    description:
      'Borrows `amount` of `token` from the simulated lender, runs each operation (swap the whole current balance of `from` into `to` on the best pool of `dex`), and repays amount + premium (`flash_loan_premium_bps`, 5 by default, rounded up), all in one transaction. What is left is the profit, credited to `account_id` (default: the team\'s oldest active account) on the chain. When the operations cannot repay, the answer is `reverted` with the reason and nothing moved; `dry_run` answers what would happen (`simulated` or `reverted`) and changes nothing. No gas is charged: the simulated gas is the service\'s. 422 for an unknown chain, token or DEX, a pair the DEX has no pool for (`no_pool`), the same token in and out, or a bad amount.',
    tags,
  }),
];
