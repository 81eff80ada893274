import { eventType } from '../../kernel/public.js';
import { itemView } from './operations.js';

/** Every state change of an item commits with one of these (docs/events.md lists them when the plugin is built in). */
export const ItemCreated = eventType({
  name: 'template.item.created',
  version: 1,
  group: 'Template',
  description: 'An item was created (pending until activated).',
  emittedBy: 'POST /template/items, createTemplateItem',
  payload: itemView,
  webhook: true,
});

export const ItemActivated = eventType({
  name: 'template.item.activated',
  version: 1,
  group: 'Template',
  description: 'The activation workflow made an item active.',
  emittedBy: 'workflow template.activate-item',
  payload: itemView,
  webhook: true,
});

export const ItemExpired = eventType({
  name: 'template.item.expired',
  version: 1,
  group: 'Template',
  description: 'An active item passed its expiry.',
  emittedBy: 'scheduled task template.expire-items',
  payload: itemView,
  webhook: true,
});

export const templateEvents = [ItemCreated, ItemActivated, ItemExpired];
