import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import { CreateItem, createItemInput, itemView, ListItems, listItemsInput } from './operations.js';

/** The OpenAPI tags the routes use, each described once (the reference page shows it above the tag's operations). */
export const templateRouteTags: readonly RouteTag[] = [{ name: 'Template', description: 'Items that activate moments after creation and expire later: the template plugin.' }];
const tags = templateRouteTags.map(({ name }) => name);

/** The plugin's REST routes, as data: the HTTP adapter validates with these schemas and calls the operation. */
export const templateRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/template/items',
    prefixes: ['v2'],
    access: 'write',
    body: createItemInput,
    response: itemView,
    status: 201,
    operation: CreateItem,
    summary: 'Create an item',
    description: 'The item is pending until its activation workflow has run (moments later), and expires at expires_at.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/template/items',
    prefixes: ['v2'],
    access: 'read',
    query: listItemsInput,
    response: z.array(itemView),
    operation: ListItems,
    summary: 'List the team’s items, oldest first',
    description: 'Paginated by page and per_page.',
    tags,
  }),
];
