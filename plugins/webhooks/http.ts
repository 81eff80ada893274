import { z } from 'zod';
import { route, type RouteDeclaration } from '../../kernel/contract/route.js';
import { pageNumber, pageSize } from '../../kernel/contract/query.js';
import {
  CreateWebhook,
  DeleteWebhook,
  GetWebhook,
  ListDeliveries,
  ListEventTypes,
  ListOutbox,
  ListWebhooks,
  TestWebhook,
  UpdateWebhook,
} from './operations.js';

/**
 * Webhook routes under /api/v2. Shapes are checked here; event names, the
 * URL (syntax and SSRF) and limits by the operations.
 */
const tags = ['Webhooks'];
const v2 = ['v2'] as const;
const id = z.object({ id: z.string().min(1).max(100) });
const page = pageNumber().optional();
const perPage = pageSize().optional();
const url = z.string().max(2_048).describe('https URL to POST events to; must resolve to a public address');
const events = z.array(z.string().max(100)).min(1).max(100).describe('Event names, or ["*"] for all');
const description = z.string().max(500).nullable().optional();
const secret = z.string().min(16).max(256).optional().describe('Signing secret; generated (whsec_…) when absent. Shown once.');

const webhookView = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().nullable(),
  active: z.boolean(),
  status: z.enum(['active', 'disabled']),
  disabled_reason: z.string().nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
const attemptView = z.object({
  id: z.string(),
  delivery_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  attempt: z.number().int(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  next_retry_at: z.string().nullable(),
  state: z.enum(['succeeded', 'retrying', 'failed', 'cancelled']),
  attempted_at: z.string(),
});

const deliveryStatus = z.enum(['pending', 'succeeded', 'failed', 'cancelled']);
const deliveryView = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: deliveryStatus,
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  delivered_at: z.string().nullable(),
});

export const webhookRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'GET',
    path: '/webhooks/events',
    prefixes: v2,
    access: 'read',
    response: z.array(z.object({ group: z.string(), events: z.array(z.object({ name: z.string(), description: z.string().nullable(), available: z.boolean() })) })),
    operation: ListEventTypes,
    summary: 'Every event type, grouped',
    description: 'All event types of the interface plus test.webhook; `available` says whether an enabled module emits it here.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/webhooks',
    prefixes: v2,
    access: 'write',
    body: z.strictObject({ url, events, description, secret, active: z.boolean().optional() }),
    response: webhookView.extend({ secret: z.string() }),
    status: 201,
    operation: CreateWebhook,
    summary: 'Subscribe a URL to events',
    description:
      'Deliveries are POSTs of {id, event_type, created_at, data} signed with x-service-signature (hex HMAC-SHA256 of the body) and the Standard Webhooks headers. The secret appears only in this response.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/webhooks',
    prefixes: v2,
    access: 'read',
    query: z.object({ page, per_page: perPage }),
    response: z.array(webhookView),
    operation: ListWebhooks,
    summary: "The team's webhooks",
    tags,
  }),
  route({
    method: 'GET',
    path: '/webhooks/:id',
    prefixes: v2,
    access: 'read',
    params: id,
    response: webhookView,
    operation: GetWebhook,
    summary: 'One webhook',
    tags,
  }),
  route({
    method: 'PATCH',
    path: '/webhooks/:id',
    prefixes: v2,
    access: 'write',
    params: id,
    body: z.strictObject({ url: url.optional(), events: events.optional(), description, secret, active: z.boolean().optional() }),
    response: webhookView,
    operation: UpdateWebhook,
    summary: 'Change a webhook',
    description: 'active:false cancels pending deliveries; active:true re-enables a disabled endpoint. A new secret is returned once.',
    tags,
  }),
  route({
    method: 'DELETE',
    path: '/webhooks/:id',
    prefixes: v2,
    access: 'delete',
    params: id,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
    operation: DeleteWebhook,
    summary: 'Delete a webhook',
    tags,
  }),
  route({
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    prefixes: v2,
    access: 'read',
    params: id,
    query: z.object({ page, per_page: perPage }),
    response: z.array(attemptView),
    operation: ListDeliveries,
    summary: 'Delivery history of a webhook',
    description:
      'Every attempt, newest first: attempt number, status code, duration, error, next retry time and state. A cancelled delivery (endpoint disabled) has a `cancelled` row whose `attempt` is the number of attempts made before it (0 if never sent). Deliveries not attempted yet are in /outbox.',
    tags,
  }),
  route({
    method: 'GET',
    path: '/webhooks/:id/outbox',
    prefixes: v2,
    access: 'read',
    params: id,
    query: z.object({ status: deliveryStatus.optional(), page, per_page: perPage }),
    response: z.array(deliveryView),
    operation: ListOutbox,
    summary: 'Deliveries of a webhook, one per event',
    description:
      'One row per event sent or to be sent to this webhook, newest first: status (pending, also when never attempted; succeeded; failed; cancelled), attempts, next attempt, last status code and error. `status` filters.',
    tags,
  }),
  route({
    method: 'POST',
    path: '/webhooks/:id/test',
    prefixes: v2,
    access: 'write',
    params: id,
    response: z.object({ delivery_id: z.string(), event_id: z.string(), event_type: z.literal('test.webhook'), status: z.literal('pending') }),
    status: 202,
    operation: TestWebhook,
    summary: 'Send a test.webhook event to this webhook',
    tags,
  }),
];
