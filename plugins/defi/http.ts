import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { GetSwapQuote, QuoteParams, QuoteSwapV1, ReadSwapQuote, SwapQuoteQuery, SwapQuoteV1Input, SwapQuoteView } from './operations.js';

/** The DeFi module's REST routes: version 2 as the spec names them, version 1 with every field of its tables. */
const tags = ['DeFi'];

export const defiRouteTags: readonly RouteTag[] = [
  {
    name: 'DeFi',
    description:
      'Swaps on the simulated DEX pools of every chain (Uniswap v3 per fee tier, SushiSwap, Curve\'s 3pool): aggregated quotes that compare every DEX and two-hop route net of gas, stored and expiring (docs/defi.md).',
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
];
