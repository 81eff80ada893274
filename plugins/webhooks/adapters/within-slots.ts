import type { EndpointSlots } from '../ports.js';

/**
 * Of the due candidates (oldest due first), the ones a claim may lease: in
 * their order, up to `limit`, each webhook up to its free slots. Shared by
 * the stores so they choose alike.
 */
export function withinSlots<T extends { readonly webhookId: string }>(candidates: readonly T[], limit: number, slots: EndpointSlots): T[] {
  const taken = new Map(slots.busy);
  const chosen: T[] = [];
  for (const candidate of candidates) {
    if (chosen.length === limit) break;
    const busy = taken.get(candidate.webhookId) ?? 0;
    if (busy >= slots.max) continue;
    taken.set(candidate.webhookId, busy + 1);
    chosen.push(candidate);
  }
  return chosen;
}
