import { z } from 'zod';
import { pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';

/**
 * Webhook operations: one token each, shared by REST and any later adapter,
 * and the zod schema of every input and view (the one source of the TS types
 * and the OpenAPI components). Snake_case views, ISO 8601 times. Event names,
 * the URL (syntax and SSRF) and limits are checked by the operations.
 */
const WEBHOOK_ID = '8e0a2c4e-6a8c-4e0a-9c2e-4a6c8e0a2c4e';
const EVENT_ID = '0a2c4e6a-8c0e-4a2c-8e6a-0c2e4a6c8e0a';
const DELIVERY_ID = '2c4e6a8c-0e2a-4c4e-9a8c-2e4a6c8e0a2c';

const WEBHOOK_EXAMPLE = {
  id: WEBHOOK_ID,
  url: 'https://hooks.example.com/bank',
  events: ['transfer.completed', 'transfer.failed'],
  description: 'Ledger sync',
  active: true,
  status: 'active',
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-01-15T09:30:00.000Z',
  updated_at: '2026-01-15T09:30:00.000Z',
} as const;

export const WebhookView = z
  .strictObject({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string().nullable(),
    active: z.boolean(),
    status: z.enum(['active', 'disabled']).describe('active, or disabled (by the owner, a 410 answer or five days of failures)'),
    disabled_reason: z.string().nullable(),
    failing_since: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Webhook', example: WEBHOOK_EXAMPLE });
export type WebhookView = z.infer<typeof WebhookView>;

const SECRET_EXAMPLE = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** Returned by create: the only time the secret is shown. */
export const WebhookWithSecretView = WebhookView.extend({ secret: z.string() }).meta({
  id: 'WebhookWithSecret',
  example: { ...WEBHOOK_EXAMPLE, secret: SECRET_EXAMPLE },
});
export type WebhookWithSecretView = z.infer<typeof WebhookWithSecretView>;

/** Returned by an update: with the secret only when the update set a new one. */
export const UpdatedWebhookView = WebhookView.extend({ secret: z.string().optional().describe('Only when this update set a new secret; shown once') }).meta({
  id: 'UpdatedWebhook',
  example: { ...WEBHOOK_EXAMPLE, active: false, status: 'disabled', disabled_reason: 'disabled by the owner', updated_at: '2026-01-16T08:00:00.000Z' },
});
export type UpdatedWebhookView = z.infer<typeof UpdatedWebhookView>;

export const DeliveryAttemptView = z
  .strictObject({
    id: z.string(),
    delivery_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    attempt: z.number().int(),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    next_retry_at: timestamp.nullable(),
    state: z
      .enum(['succeeded', 'retrying', 'failed', 'cancelled'])
      .describe('succeeded, retrying (another attempt is scheduled), failed (final), cancelled'),
    attempted_at: timestamp,
  })
  .meta({
    id: 'WebhookDeliveryAttempt',
    example: {
      id: '4e6a8c0e-2a4c-4e6a-8c0e-4a6c8e0a2c4e',
      delivery_id: DELIVERY_ID,
      event_id: EVENT_ID,
      event_type: 'transfer.completed',
      attempt: 1,
      status_code: 503,
      duration_ms: 412,
      error: 'HTTP 503',
      next_retry_at: '2026-01-15T09:35:30.000Z',
      state: 'retrying',
      attempted_at: '2026-01-15T09:35:00.000Z',
    },
  });
export type DeliveryAttemptView = z.infer<typeof DeliveryAttemptView>;

export const DeliveryStatus = z.enum(['pending', 'succeeded', 'failed', 'cancelled']);

/** One delivery (event × webhook) as the outbox lists it. */
export const DeliveryView = z
  .strictObject({
    id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: DeliveryStatus.describe('pending (due, or being sent), succeeded, failed (final), cancelled'),
    attempts: z.number().int(),
    next_attempt_at: timestamp.nullable().describe('When it is due; while being sent, when the send’s claim lapses; null once final'),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    delivered_at: timestamp.nullable(),
  })
  .meta({
    id: 'WebhookDelivery',
    example: {
      id: DELIVERY_ID,
      event_id: EVENT_ID,
      event_type: 'transfer.completed',
      status: 'succeeded',
      attempts: 2,
      next_attempt_at: null,
      last_status_code: 200,
      last_error: null,
      created_at: '2026-01-15T09:35:00.000Z',
      updated_at: '2026-01-15T09:35:31.000Z',
      delivered_at: '2026-01-15T09:35:31.000Z',
    },
  });
export type DeliveryView = z.infer<typeof DeliveryView>;

export const EventGroupView = z
  .strictObject({
    group: z.string(),
    events: z.array(
      z.strictObject({
        name: z.string(),
        description: z.string().nullable(),
        available: z.boolean().describe('Whether an enabled module emits it in this deployment'),
      }),
    ),
  })
  .meta({
    id: 'WebhookEventGroup',
    example: { group: 'transfer', events: [{ name: 'transfer.completed', description: 'A transfer settled.', available: true }] },
  });
export type EventGroupView = z.infer<typeof EventGroupView>;
export type EventTypeView = EventGroupView['events'][number];

export const TestDeliveryView = z
  .strictObject({ delivery_id: z.string(), event_id: z.string(), event_type: z.literal('test.webhook'), status: z.literal('pending') })
  .meta({ id: 'WebhookTestDelivery', example: { delivery_id: DELIVERY_ID, event_id: EVENT_ID, event_type: 'test.webhook', status: 'pending' } });
export type TestDeliveryView = z.infer<typeof TestDeliveryView>;

export const DeletedWebhookView = z
  .strictObject({ id: z.string(), deleted: z.literal(true) })
  .meta({ id: 'DeletedWebhook', example: { id: WEBHOOK_ID, deleted: true } });
export type DeletedWebhookView = z.infer<typeof DeletedWebhookView>;

const url = z.string().max(2_048).describe('https URL to POST events to; must resolve to a public address');
const events = z.array(z.string().max(100)).min(1).max(100).describe('Event names, or ["*"] for all');
const description = z.string().max(500).nullable().optional();
const secret = z.string().min(16).max(256).optional().describe('Signing secret; generated (whsec_…) when absent. Shown once.');

export const CreateWebhookBody = z.strictObject({ url, events, description, secret, active: z.boolean().optional() }).meta({
  id: 'CreateWebhookRequest',
  example: { url: WEBHOOK_EXAMPLE.url, events: ['transfer.completed', 'transfer.failed'], description: 'Ledger sync' },
});
export type CreateWebhookInput = z.infer<typeof CreateWebhookBody>;

export const WebhookId = z.object({ id: z.string().min(1).max(100) });
export type WebhookIdInput = z.infer<typeof WebhookId>;

export const UpdateWebhookBody = z
  .strictObject({ url: url.optional(), events: events.optional(), description, secret, active: z.boolean().optional() })
  .meta({ id: 'UpdateWebhookRequest', example: { active: false } });
export type UpdateWebhookInput = WebhookIdInput & z.infer<typeof UpdateWebhookBody>;

const page = { page: pageNumber().optional(), per_page: pageSize().optional() };
export const PageQuery = z.object(page);
export type PageInput = z.infer<typeof PageQuery>;

export const OutboxQuery = z.object({ status: DeliveryStatus.optional(), ...page });
export type OutboxInput = WebhookIdInput & z.infer<typeof OutboxQuery>;

export const ListEventTypes = token<Operation<Record<string, never>, EventGroupView[]>>('webhooks.list-event-types');
export const CreateWebhook = token<Operation<CreateWebhookInput, WebhookWithSecretView>>('webhooks.create');
export const ListWebhooks = token<Operation<PageInput, Page<WebhookView>>>('webhooks.list');
export const GetWebhook = token<Operation<WebhookIdInput, WebhookView>>('webhooks.get');
export const UpdateWebhook = token<Operation<UpdateWebhookInput, UpdatedWebhookView>>('webhooks.update');
export const DeleteWebhook = token<Operation<WebhookIdInput, DeletedWebhookView>>('webhooks.delete');
export const ListDeliveries = token<Operation<WebhookIdInput & PageInput, Page<DeliveryAttemptView>>>('webhooks.list-deliveries');
export const ListOutbox = token<Operation<OutboxInput, Page<DeliveryView>>>('webhooks.list-outbox');
export const TestWebhook = token<Operation<WebhookIdInput, TestDeliveryView>>('webhooks.test');
