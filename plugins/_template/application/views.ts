import type { ItemRecord } from '../domain/item.js';
import type { ItemView } from '../operations.js';

/** The API's view of an item: snake_case, ISO 8601 times. */
export function itemView(item: ItemRecord): ItemView {
  return {
    id: item.id,
    title: item.title,
    status: item.status,
    expires_at: item.expiresAt?.toISOString() ?? null,
    created_at: item.createdAt.toISOString(),
  };
}
