import { parseAmountField, parseDecimal, ValidationError, type AssetCatalog, type ChainCatalog, type ChainInfo } from '../../../kernel/public.js';
import { DEXES, type Dex } from '../domain/pool-catalog.js';

/** Where each field of a quote request is, in the version's own names. */
export interface QuotePointers {
  readonly chain: string;
  readonly tokenIn: string;
  readonly tokenOut: string;
  readonly amount: string;
}

export interface ValidatedQuote {
  readonly chain: ChainInfo;
  readonly tokenIn: string;
  readonly tokenOut: string;
  readonly amountIn: bigint;
}

/** Checks a quote's chain, tokens and amount, each refusal a 422 at its field, so nothing is stored for bad input. */
export function validateQuote(
  catalog: ChainCatalog,
  assets: AssetCatalog,
  input: { chain: string; tokenIn: string; tokenOut: string; amount: string },
  at: QuotePointers,
): ValidatedQuote {
  const chain = catalog.require(input.chain, at.chain);
  const tokenIn = catalog.requireToken(chain.name, input.tokenIn, at.tokenIn).assetCode;
  const tokenOut = catalog.requireToken(chain.name, input.tokenOut, at.tokenOut).assetCode;
  if (tokenIn === tokenOut) throw ValidationError.field(at.tokenOut, 'The token bought must differ from the token sold.', 'same_token');
  const amountIn = parseAmountField(input.amount, assets.require(tokenIn, at.tokenIn), at.amount);
  return { chain, tokenIn, tokenOut, amountIn };
}

/** dex_sources as DEX ids (uniswap is uniswap_v3), each unknown one a 422 at its index; all DEXes when left out. */
export function dexSources(sources: readonly string[] | undefined, pointer: string): Dex[] {
  if (sources === undefined) return [...DEXES];
  if (sources.length === 0) throw ValidationError.field(pointer, 'Name at least one DEX, or leave dex_sources out for all.', 'no_dex');
  return [...new Set(sources.map((source, index) => dexId(source, `${pointer}/${index}`)))];
}

/** A DEX id (uniswap is uniswap_v3), or a 422 at `pointer`. */
export function dexId(source: string, pointer: string): Dex {
  const id = source === 'uniswap' ? 'uniswap_v3' : source;
  if (!(DEXES as readonly string[]).includes(id)) throw ValidationError.field(pointer, `Unknown DEX; one of ${DEXES.join(', ')} (uniswap is uniswap_v3).`, 'unknown_dex');
  return id as Dex;
}

/** A slippage fraction (number or string, 0 to 0.5, at most 6 decimals) in millionths. */
export function slippagePpm(value: number | string | undefined, pointer: string): bigint | null {
  if (value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  const parsed = /^[0-9.]+$/.test(text) ? parseDecimal(text, 6) : undefined;
  if (!parsed?.ok || parsed.minor > 500_000n) {
    throw ValidationError.field(pointer, 'slippage_tolerance is a fraction from 0 to 0.5 with at most 6 decimals, e.g. 0.005 for 0.5 %.', 'invalid_slippage');
  }
  return parsed.minor;
}

/** The 422 for a pair no pool trades, at the field of the token bought. */
export function noRoute(valid: ValidatedQuote, at: QuotePointers): ValidationError {
  return ValidationError.field(at.tokenOut, `No pool of the chosen DEXes on ${valid.chain.name} trades ${valid.tokenIn} for ${valid.tokenOut}, directly or through WETH or USDC.`, 'no_route');
}

