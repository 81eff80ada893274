import { ValidationError } from '../../../kernel/public.js';

/**
 * Basket weights are exact integers in parts per million (ppm): 0.40 is
 * 400000. Six decimals cover every sensible weight, sums are exact, and the
 * API shows them as fractions (number) and as decimal strings.
 */
export const WEIGHT_SCALE = 1_000_000n;

export type Weights = ReadonlyMap<string, bigint>;

const WEIGHT_TEXT = /^(0|1)(?:\.(\d{1,6}))?$/;

/** "0.40" → 400000n, or undefined when not a decimal fraction in [0, 1] with at most 6 decimals. */
export function parseWeight(text: string): bigint | undefined {
  const match = WEIGHT_TEXT.exec(text);
  if (!match) return undefined;
  const value = BigInt(match[1]!) * WEIGHT_SCALE + BigInt((match[2] ?? '').padEnd(6, '0'));
  return value > WEIGHT_SCALE ? undefined : value;
}

export function formatWeight(ppm: bigint): string {
  const whole = ppm / WEIGHT_SCALE;
  const fraction = (ppm % WEIGHT_SCALE).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** The spec shows weights as numbers; ppm / 1e6 is exact enough for display (never used for money). */
export function weightNumber(ppm: bigint): number {
  return Number(ppm) / 1_000_000;
}

/**
 * Parses a composition object {asset_code: "0.40", …} at `pointer`. Every
 * asset must be known, every weight positive, and the sum exactly 1.
 */
export function parseComposition(value: unknown, pointer: string, knownAsset: (code: string) => boolean): Weights {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw ValidationError.field(pointer, 'composition must be an object of asset code → weight, e.g. {"USD": "0.40"}', 'invalid_composition');
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) throw ValidationError.field(pointer, 'composition needs at least one asset', 'invalid_composition');
  const weights = new Map<string, bigint>();
  for (const [code, raw] of entries) {
    const at = `${pointer}/${code}`;
    if (!knownAsset(code)) throw ValidationError.field(at, `unknown or unsupported asset '${code}'`, 'invalid_composition');
    const weight = typeof raw === 'string' ? parseWeight(raw) : undefined;
    if (weight === undefined || weight === 0n) {
      throw ValidationError.field(at, 'weight must be a decimal string in (0, 1] with at most 6 decimals, e.g. "0.40"', 'invalid_weight');
    }
    weights.set(code, weight);
  }
  const total = sumWeights(weights);
  if (total !== WEIGHT_SCALE) {
    throw ValidationError.field(pointer, `weights must sum to exactly 1; they sum to ${formatWeight(total)}`, 'weights_do_not_sum_to_one');
  }
  return sortWeights(weights);
}

export function sumWeights(weights: Weights): bigint {
  let total = 0n;
  for (const weight of weights.values()) total += weight;
  return total;
}

/** Largest weight first, then by code: the display and ledger-leg order. */
export function sortWeights(weights: Weights): Weights {
  return new Map([...weights].sort(([a, wa], [b, wb]) => (wa === wb ? a.localeCompare(b) : wa > wb ? -1 : 1)));
}

export function weightsToJson(weights: Weights): Record<string, string> {
  return Object.fromEntries([...weights].map(([code, ppm]) => [code, formatWeight(ppm)]));
}

export function weightsFromJson(json: Record<string, string>): Weights {
  return new Map(Object.entries(json).map(([code, text]) => [code, parseWeight(text)!]));
}

export function sameWeights(a: Weights, b: Weights): boolean {
  if (a.size !== b.size) return false;
  for (const [code, weight] of a) if (b.get(code) !== weight) return false;
  return true;
}

/** The GCU's default basket: USD 0.40, EUR 0.30, GBP 0.15, CHF 0.10, JPY 0.03, XAU 0.02. */
export const DEFAULT_GCU_WEIGHTS: Weights = new Map([
  ['USD', 400_000n],
  ['EUR', 300_000n],
  ['GBP', 150_000n],
  ['CHF', 100_000n],
  ['JPY', 30_000n],
  ['XAU', 20_000n],
]);
