/**
 * Amounts in the harness's model: every decimal string the API answers is
 * read as a BigInt of 10^-18 units, whatever the asset's precision, so
 * sums of USD cents and WETH wei are exact and never floats.
 */
export const SCALE = 18;

export function units(decimal: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.replace(/,/g, ''));
  if (!match) throw new Error(`not a decimal: ${decimal}`);
  const fraction = (match[3] ?? '').padEnd(SCALE, '0');
  if (fraction.length > SCALE) throw new Error(`more than ${SCALE} decimals: ${decimal}`);
  const value = BigInt(match[2]!) * 10n ** BigInt(SCALE) + BigInt(fraction);
  return match[1] ? -value : value;
}

export function decimal(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 10n ** BigInt(SCALE);
  const fraction = (abs % 10n ** BigInt(SCALE)).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
