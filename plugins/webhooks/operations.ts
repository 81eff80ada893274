import type { Page } from '../../kernel/contract/page.js';
import type { Operation } from '../../kernel/contract/route.js';
import { token } from '../../kernel/contract/token.js';

/** Webhook operations: one token each, shared by REST and any later adapter. Snake_case views, ISO 8601 times. */
export interface WebhookView {
  readonly id: string;
  readonly url: string;
  readonly events: readonly string[];
  readonly description: string | null;
  readonly active: boolean;
  /** active, or disabled (by the owner, a 410 answer or five days of failures). */
  readonly status: 'active' | 'disabled';
  readonly disabled_reason: string | null;
  readonly failing_since: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** Returned by create (and by an update that sets a new secret): the only time the secret is shown. */
export interface WebhookWithSecretView extends WebhookView {
  readonly secret: string;
}

export interface DeliveryAttemptView {
  readonly id: string;
  readonly delivery_id: string;
  readonly event_id: string;
  readonly event_type: string;
  readonly attempt: number;
  readonly status_code: number | null;
  readonly duration_ms: number;
  readonly error: string | null;
  readonly next_retry_at: string | null;
  /** succeeded, retrying (another attempt is scheduled), failed (final), cancelled. */
  readonly state: 'succeeded' | 'retrying' | 'failed' | 'cancelled';
  readonly attempted_at: string;
}

/** One delivery (event × webhook) as the outbox lists it. */
export interface DeliveryView {
  readonly id: string;
  readonly event_id: string;
  readonly event_type: string;
  /** pending (due, or being sent), succeeded, failed (final), cancelled. */
  readonly status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  readonly attempts: number;
  /** When it is due; while being sent, when the send's claim lapses; null once final. */
  readonly next_attempt_at: string | null;
  readonly last_status_code: number | null;
  readonly last_error: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly delivered_at: string | null;
}

export interface EventTypeView {
  readonly name: string;
  readonly description: string | null;
  /** Whether an enabled module emits it in this deployment. */
  readonly available: boolean;
}

export interface EventGroupView {
  readonly group: string;
  readonly events: readonly EventTypeView[];
}

export interface TestDeliveryView {
  readonly delivery_id: string;
  readonly event_id: string;
  readonly event_type: 'test.webhook';
  readonly status: 'pending';
}

export interface CreateWebhookInput {
  readonly url: unknown;
  readonly events: unknown;
  readonly description?: string | null;
  readonly secret?: string;
  readonly active?: boolean;
}

export interface UpdateWebhookInput {
  readonly id: string;
  readonly url?: unknown;
  readonly events?: unknown;
  readonly description?: string | null;
  readonly secret?: string;
  readonly active?: boolean;
}

export interface WebhookIdInput {
  readonly id: string;
}

export interface OutboxInput extends WebhookIdInput, PageInput {
  readonly status?: 'pending' | 'succeeded' | 'failed' | 'cancelled';
}

export interface PageInput {
  readonly page?: number;
  readonly per_page?: number;
}

export const ListEventTypes = token<Operation<Record<string, never>, EventGroupView[]>>('webhooks.list-event-types');
export const CreateWebhook = token<Operation<CreateWebhookInput, WebhookWithSecretView>>('webhooks.create');
export const ListWebhooks = token<Operation<PageInput, Page<WebhookView>>>('webhooks.list');
export const GetWebhook = token<Operation<WebhookIdInput, WebhookView>>('webhooks.get');
export const UpdateWebhook = token<Operation<UpdateWebhookInput, WebhookView | WebhookWithSecretView>>('webhooks.update');
export const DeleteWebhook = token<Operation<WebhookIdInput, { id: string; deleted: true }>>('webhooks.delete');
export const ListDeliveries = token<Operation<WebhookIdInput & PageInput, Page<DeliveryAttemptView>>>('webhooks.list-deliveries');
export const ListOutbox = token<Operation<OutboxInput, Page<DeliveryView>>>('webhooks.list-outbox');
export const TestWebhook = token<Operation<WebhookIdInput, TestDeliveryView>>('webhooks.test');
