import { z } from 'zod';
import { eventType } from '../../kernel/public.js';

export const testWebhookPayload = z.object({
  webhook_id: z.string(),
  message: z.string(),
});

export const statusChangePayload = z.object({
  component: z.string().describe("What changed status, e.g. 'webhook'"),
  id: z.string(),
  status: z.string(),
  previous_status: z.string(),
  reason: z.string(),
});
export type StatusChangePayload = z.infer<typeof statusChangePayload>;

/**
 * The webhooks plugin's own events. test.webhook is only ever delivered to
 * the one endpoint being tested; system.status_change tells the team an
 * endpoint was disabled (410 Gone, or failing for five days).
 */
export const webhookEvents = [
  eventType({
    name: 'test.webhook',
    version: 1,
    group: 'Test',
    payload: testWebhookPayload,
    webhook: true,
    description: 'A test delivery; sent only to the webhook named in the test call, never fanned out.',
    emittedBy: 'POST /webhooks/{id}/test',
  }),
  eventType({
    name: 'system.status_change',
    version: 1,
    group: 'System',
    payload: statusChangePayload,
    webhook: true,
    description: "A component of the team's setup changed status; today: a webhook endpoint was disabled.",
    emittedBy: 'the webhook dispatcher, when an endpoint answers 410 Gone or has failed continuously for disable_after_ms (5 days)',
  }),
];
