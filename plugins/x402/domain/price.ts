/**
 * Prices are whole US cents at the API; a USD stablecoin pays them in its
 * base units (USDC: 6 decimals, so one cent is 10,000 units). Never floats.
 */
export function centsToUnits(cents: number, decimals: number): bigint {
  if (decimals < 2) throw new Error(`A token with ${decimals} decimals cannot pay a cent.`);
  return BigInt(cents) * 10n ** BigInt(decimals - 2);
}

/** Base units as a decimal string at the token's precision, trailing zeros kept to two places: 10000 (6 dp) → "0.01". */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const whole = units / scale;
  let fraction = (units % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** USD cents an amount of a USD stablecoin is worth, rounded up (a limit is never undercounted). */
export function unitsToCentsCeil(units: bigint, decimals: number): bigint {
  const perCent = 10n ** BigInt(decimals - 2);
  return (units + perCent - 1n) / perCent;
}

/** A decimal string (at most `decimals` places, checked by the schema) as base units: "0.05" (6 dp) → 50000. */
export function decimalToUnits(text: string, decimals: number): bigint {
  const [whole, fraction = ''] = text.split('.');
  if (fraction.length > decimals) throw new Error(`${text} has more than ${decimals} decimals`);
  return BigInt(whole!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}
