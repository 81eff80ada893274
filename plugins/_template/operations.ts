import { z } from 'zod';
import { pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * The plugin's operations: one token each, shared by REST, GraphQL and the
 * CLI, and the zod schema of every input and view, the one source of the TS
 * types (z.infer), the OpenAPI components (by their meta id) and the
 * GraphQL types (checked against these in graphql/items.test.ts).
 */
export const itemView = z
  .object({
    id: z.uuid(),
    title: z.string(),
    status: z.enum(['pending', 'active', 'expired']).describe('pending until the activation workflow ran, expired once expires_at passed.'),
    expires_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .strict()
  .meta({ id: 'TemplateItem', example: { id: '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34', title: 'Quarterly review', status: 'active', expires_at: '2026-12-31T23:59:59Z', created_at: '2026-11-25T09:30:00Z' } });
export type ItemView = z.infer<typeof itemView>;

export const createItemInput = z
  .object({
    title: z.string().trim().min(1).max(200),
    expires_at: timestamp.optional().describe('When the item expires; in the future. Never, when left out.'),
  })
  .meta({ id: 'CreateTemplateItemInput', example: { title: 'Quarterly review', expires_at: '2026-12-31T23:59:59Z' } });
export type CreateItemInput = z.infer<typeof createItemInput>;

export const listItemsInput = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export type ListItemsInput = z.infer<typeof listItemsInput>;

export const CreateItem = token<Operation<CreateItemInput, ItemView>>('template.create-item');
export const ListItems = token<Operation<ListItemsInput, Page<ItemView>>>('template.list-items');
