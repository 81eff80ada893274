import { formatMinor } from '../../../kernel/public.js';
import type { SwapRecord } from '../domain/swap.js';
import type { SwapQuoteRecord } from '../domain/swap-quote.js';
import type { SwapQuoteView, SwapView } from '../operations.js';

/** Millionths as a percent with 4 decimals (1532 ppm → "0.1532"). */
const percent = (ppm: bigint) => formatMinor(ppm, 4);

export function swapQuoteView(quote: SwapQuoteRecord, decimalsIn: number, decimalsOut: number): SwapQuoteView {
  return {
    quote_id: quote.id,
    chain: quote.chain,
    token_in: quote.tokenIn,
    token_out: quote.tokenOut,
    amount_in: formatMinor(quote.amountIn, decimalsIn),
    estimated_output: formatMinor(quote.estimatedOutput, decimalsOut),
    minimum_output: quote.minimumOutput === null ? null : formatMinor(quote.minimumOutput, decimalsOut),
    price_impact_percent: percent(quote.priceImpactPpm),
    estimated_gas_usd: formatMinor(quote.gasUsdMicros, 6),
    best_route: { dex: quote.route.dex, path: [...quote.route.path], pools: [...quote.route.pools], fee_tier: quote.route.feeTier },
    alternative_routes: quote.alternatives.map((one) => ({ dex: one.dex, estimated_output: formatMinor(one.estimatedOutput, decimalsOut), price_impact_percent: percent(one.priceImpactPpm) })),
    quote_expires_at: quote.expiresAt.toISOString(),
  };
}

export function swapView(swap: SwapRecord, status: SwapView['status'], decimalsIn: number, decimalsOut: number): SwapView {
  return {
    swap_id: swap.id,
    quote_id: swap.quoteId,
    status,
    tx_hash: swap.txHash,
    chain: swap.chain,
    account_id: swap.accountId,
    token_in: swap.tokenIn,
    token_out: swap.tokenOut,
    amount_in: formatMinor(swap.amountIn, decimalsIn),
    expected_output: formatMinor(swap.expectedOutput, decimalsOut),
    amount_out: formatMinor(swap.amountOut, decimalsOut),
    minimum_output: formatMinor(swap.minimumOutput, decimalsOut),
    dex: swap.dex,
    path: [...swap.path],
    gas_price_gwei: formatMinor(swap.gasPriceWei, 9),
    created_at: swap.createdAt.toISOString(),
  };
}
