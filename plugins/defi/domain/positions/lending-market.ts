import { protocolAddress } from '../protocol-address.js';

/**
 * One token's parameters in the simulated lending market (docs/defi.md,
 * Lending). Loan-to-value and liquidation threshold follow Aave v3's
 * Ethereum market as its governance listed them (rounded to whole basis
 * points); the rates are this simulator's fixed model, not Aave's curve.
 */
export interface LendingMarketToken {
  /** Share of a supply's value that may be borrowed against it, in basis points. */
  readonly ltvBps: bigint;
  /** Share of a supply's value that counts in the health factor, in basis points. */
  readonly liquidationThresholdBps: bigint;
  /** Yearly simple interest paid to suppliers, in basis points. */
  readonly supplyAprBps: bigint;
  /** Yearly simple interest charged to borrowers, in basis points. */
  readonly borrowAprBps: bigint;
}

export const LENDING_MARKET: Readonly<Record<string, LendingMarketToken>> = {
  WETH: { ltvBps: 8_050n, liquidationThresholdBps: 8_300n, supplyAprBps: 150n, borrowAprBps: 250n },
  WBTC: { ltvBps: 7_300n, liquidationThresholdBps: 7_800n, supplyAprBps: 50n, borrowAprBps: 150n },
  USDC: { ltvBps: 7_500n, liquidationThresholdBps: 7_800n, supplyAprBps: 350n, borrowAprBps: 500n },
  USDT: { ltvBps: 7_400n, liquidationThresholdBps: 7_600n, supplyAprBps: 350n, borrowAprBps: 500n },
  DAI: { ltvBps: 6_300n, liquidationThresholdBps: 7_700n, supplyAprBps: 350n, borrowAprBps: 500n },
};

/** The market's parameters for a token, or undefined when the market does not list it. */
export const lendingToken = (token: string): LendingMarketToken | undefined => (Object.hasOwn(LENDING_MARKET, token) ? LENDING_MARKET[token] : undefined);

/** The lending market's contract on a chain: it holds what is supplied and pays out what is borrowed. */
export const lendingMarketAddress = (chainId: number): string => protocolAddress(chainId, 'lending-market');

/** What the market holds of each listed token when first seeded, in USD (faucet-minted to its address once per chain and token). */
export const MARKET_LIQUIDITY_USD = 50_000_000n;
