export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

export function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

export function toCount(value: unknown): number {
  return Number(value ?? 0);
}
