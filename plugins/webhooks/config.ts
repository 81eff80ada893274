import { z } from 'zod';
import { token } from '../../kernel/public.js';

const envFlag = (name: string): boolean => (globalThis.process?.env?.[name] ?? '').toLowerCase() === 'true';

/**
 * The `pluginConfig.webhooks` config slice. `allow_private` defaults from
 * BANK_WEBHOOK_ALLOW_PRIVATE so a self-hosted or test deployment can deliver
 * to http:// and private addresses without a config file.
 */
export const webhooksConfigSchema = z
  .strictObject({
    allow_private: z.boolean().default(() => envFlag('BANK_WEBHOOK_ALLOW_PRIVATE')).describe('Allow http:// and loopback, private, link-local targets (self-hosting, tests); the default is true when BANK_WEBHOOK_ALLOW_PRIVATE=true.'),
    request_timeout_ms: z.number().int().min(100).max(60_000).default(15_000).describe('Per attempt: connect, send and read the status.'),
    lease_ms: z.number().int().min(1_000).default(60_000).describe('A claimed delivery is invisible to other dispatchers this long; a crashed one is retried after it.'),
    retry_delays_ms: z
      .array(z.number().int().min(0))
      .min(1)
      .default([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000])
      .describe('Delays before attempt 2, 3, … (attempt 1 is immediate).'),
    jitter: z.number().min(0).max(0.5).default(0.1).describe('± fraction of each delay, drawn from the Random port.'),
    disable_after_ms: z.number().int().min(60_000).default(5 * 86_400_000).describe('An endpoint failing continuously this long is disabled.'),
    batch_size: z.number().int().min(1).max(500).default(200).describe('Sends in flight per process at most: a dispatcher pass claims up to the free capacity and sends concurrently.'),
    max_parallel_per_endpoint: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(16)
      .describe('Sends in flight per process to one subscription at most (and kept-alive connections to one origin and address); deliveries to one subscription may arrive out of order.'),
    max_retry_after_ms: z.number().int().min(1_000).default(86_400_000).describe('Longest Retry-After honoured (a receiver cannot park a delivery for weeks).'),
    max_webhooks_per_team: z.number().int().min(1).default(50).describe('Subscriptions per team.'),
    delivery_retention_ms: z.number().int().min(3_600_000).default(30 * 86_400_000).describe('Finished deliveries (succeeded, failed, cancelled) and their attempts are deleted this long after their last change.'),
    prune_interval_ms: z.number().int().min(1_000).default(3_600_000).describe('How often a serving process deletes deliveries past their retention.'),
  })
  // A lease shorter than a send would let a second dispatcher send the same delivery while the first still waits.
  .refine((config) => config.lease_ms > config.request_timeout_ms, {
    path: ['lease_ms'],
    message: 'lease_ms must exceed request_timeout_ms',
  });

export type WebhooksConfig = z.output<typeof webhooksConfigSchema>;
export const WebhooksConfig = token<WebhooksConfig>('webhooks.config');
