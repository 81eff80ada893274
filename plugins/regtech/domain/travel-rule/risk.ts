/**
 * The travel-rule risk score (docs/regtech.md#risk-score): points for each
 * finding, summed and capped at 100, then banded. The weights say how much
 * a finding alone should move a transfer: a sanctions match alone is
 * critical; missing identification alone is medium; a large crypto transfer
 * across borders is medium.
 */
export type RiskLevel = 'low' | 'medium' | 'high' | 'critical';

/**
 * FATF "black list" (call for action, October 2025 plenary): DPRK, Iran,
 * Myanmar. An institution there makes a transfer high risk on its own.
 */
export const HIGH_RISK_COUNTRIES: readonly string[] = ['KP', 'IR', 'MM'];

export const RISK_WEIGHTS = {
  /** Either party matched a sanctions list. */
  sanctions_match: 80,
  /** A party lacks data its role asks for at this level (each party). */
  incomplete_party: 30,
  /** An institution in a FATF call-for-action country (each institution). */
  high_risk_country: 50,
  /** At or above the jurisdiction's threshold. */
  above_threshold: 10,
  /** USD 10,000 or more: enhanced due diligence territory. */
  large_amount: 10,
  /** A crypto-asset transfer. */
  crypto: 10,
  /** The two institutions are in different countries. */
  cross_border: 5,
} as const;

export type RiskFactor = keyof typeof RISK_WEIGHTS;

/** Bands: below 25 low, below 50 medium, below 75 high, else critical. */
export function riskLevel(score: number): RiskLevel {
  if (score < 25) return 'low';
  if (score < 50) return 'medium';
  if (score < 75) return 'high';
  return 'critical';
}

export function riskScore(factors: readonly RiskFactor[]): number {
  return Math.min(100, factors.reduce((sum, factor) => sum + RISK_WEIGHTS[factor], 0));
}
