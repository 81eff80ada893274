/** Conversions between database values and records (pg and PGlite return NUMERIC as text, int8 as text or number). */
export function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`unsafe integer from the database: ${value}`);
    return BigInt(value);
  }
  if (typeof value === 'string') return BigInt(value);
  throw new TypeError(`expected a numeric value, got ${typeof value}`);
}

export function toBigIntOrNull(value: unknown): bigint | null {
  return value === null || value === undefined ? null : toBigInt(value);
}

export function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' || typeof value === 'number') return new Date(value);
  throw new TypeError(`expected a timestamp, got ${typeof value}`);
}

export function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

export function toJsonObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return JSON.parse(value) as Record<string, unknown>;
  return (value ?? {}) as Record<string, unknown>;
}

/** Total rows from count(*) (int8: text on pg, number on PGlite). */
export function toCount(value: unknown): number {
  return Number(value ?? 0);
}
