/**
 * Figures over a set of amounts already converted to one currency's minor
 * units: exact sums, and averages and medians rounded half-up to that
 * currency's precision (a median of an even count is the mean of the two
 * middle amounts).
 */
export function total(values: readonly bigint[]): bigint {
  return values.reduce((sum, value) => sum + value, 0n);
}

export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) return 0n;
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return remainder * 2n >= denominator ? quotient + 1n : quotient;
}

export function average(values: readonly bigint[]): bigint {
  return divideHalfUp(total(values), BigInt(values.length));
}

export function median(values: readonly bigint[]): bigint {
  if (values.length === 0) return 0n;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : divideHalfUp(sorted[middle - 1]! + sorted[middle]!, 2n);
}

/** Mean of the scores there are, two decimals; null when none was scored. */
export function averageScore(scores: readonly (number | null)[]): number | null {
  const known = scores.filter((score): score is number => score !== null);
  if (known.length === 0) return null;
  return Math.round((known.reduce((sum, score) => sum + score, 0) / known.length) * 100) / 100;
}
