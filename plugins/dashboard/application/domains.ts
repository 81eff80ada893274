import type { EventRegistry } from '../../../kernel/public.js';

/** The domain an event type belongs to: its declared group, else the part before the first dot. */
export function domainOf(registry: EventRegistry, type: string): string {
  return registry.find(type)?.type.group ?? type.split('.')[0] ?? type;
}

export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
