/**
 * Transaction monitoring rules (docs/regtech.md#transaction-monitoring).
 * Each rule looks at one transfer and what the store says about its
 * sender's recent transfers or its travel-rule check; a rule that fires adds
 * its flag and weight. The score is the sum of the weights, capped at 100;
 * a score at or above `review_score` puts the transaction in pending_review.
 */
export type MonitoringFlag = 'large_amount' | 'structuring' | 'velocity' | 'sanctioned_counterparty' | 'high_risk_jurisdiction' | 'sanctioned_address';

export const FLAG_WEIGHTS: Readonly<Record<MonitoringFlag, number>> = {
  large_amount: 40,
  structuring: 60,
  velocity: 30,
  sanctioned_counterparty: 100,
  high_risk_jurisdiction: 50,
  sanctioned_address: 100,
};

export interface MonitoringThresholds {
  /** USD cents from which a transfer is large. */
  readonly largeAmountCents: bigint;
  /** How far under the large amount (in percent of it) a transfer counts as "just under". */
  readonly structuringBandPercent: number;
  /** Transfers just under the line from one account within the window that make structuring. */
  readonly structuringCount: number;
  /** Transfers from one account within the velocity window that make velocity. */
  readonly velocityCount: number;
}

export interface TransferFacts {
  readonly amountCents: bigint;
  /** Transfers just under the line from the same account in the structuring window, this one included. */
  readonly justUnderInWindow: number;
  /** Transfers from the same account in the velocity window, this one included. */
  readonly inVelocityWindow: number;
}

export interface Finding {
  readonly flag: MonitoringFlag;
  readonly detail: string;
}

/** The lower end of the "just under" band: large amount × (1 − band). */
export function justUnderFloor(thresholds: MonitoringThresholds): bigint {
  return (thresholds.largeAmountCents * BigInt(100 - thresholds.structuringBandPercent)) / 100n;
}

export function isJustUnder(amountCents: bigint, thresholds: MonitoringThresholds): boolean {
  return amountCents >= justUnderFloor(thresholds) && amountCents < thresholds.largeAmountCents;
}

const usd = (cents: bigint) => `USD ${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

export function transferFindings(facts: TransferFacts, thresholds: MonitoringThresholds): Finding[] {
  const findings: Finding[] = [];
  if (facts.amountCents >= thresholds.largeAmountCents) {
    findings.push({ flag: 'large_amount', detail: `${usd(facts.amountCents)} is at or above ${usd(thresholds.largeAmountCents)}.` });
  }
  if (isJustUnder(facts.amountCents, thresholds) && facts.justUnderInWindow >= thresholds.structuringCount) {
    findings.push({ flag: 'structuring', detail: `${facts.justUnderInWindow} transfers from the account between ${usd(justUnderFloor(thresholds))} and ${usd(thresholds.largeAmountCents)} in the window.` });
  }
  if (facts.inVelocityWindow >= thresholds.velocityCount) {
    findings.push({ flag: 'velocity', detail: `${facts.inVelocityWindow} transfers from the account in the velocity window (limit ${thresholds.velocityCount - 1}).` });
  }
  return findings;
}

/** A deposit or withdrawal: only its size (windows count transfers between accounts of the bank). */
export function movementFindings(kind: 'deposit' | 'withdrawal', amountCents: bigint, thresholds: MonitoringThresholds): Finding[] {
  if (amountCents < thresholds.largeAmountCents) return [];
  return [{ flag: 'large_amount', detail: `A ${kind} of ${usd(amountCents)} is at or above ${usd(thresholds.largeAmountCents)}.` }];
}

export function riskScoreOf(flags: readonly MonitoringFlag[]): number {
  return Math.min(100, flags.reduce((sum, flag) => sum + FLAG_WEIGHTS[flag], 0));
}

/** Flags in a stable order, each once. */
export function mergeFlags(current: readonly MonitoringFlag[], added: readonly MonitoringFlag[]): MonitoringFlag[] {
  const all = new Set([...current, ...added]);
  return (Object.keys(FLAG_WEIGHTS) as MonitoringFlag[]).filter((flag) => all.has(flag));
}
