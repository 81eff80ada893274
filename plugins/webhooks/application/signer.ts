import { createHmac } from 'node:crypto';
import type { WebhookRecord } from '../ports.js';

const STANDARD_PREFIX = 'whsec_';

export interface SignedHeaders {
  readonly 'content-type': string;
  readonly 'x-service-signature': string;
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
}

/**
 * Both signatures over the exact body bytes:
 * - x-service-signature: lowercase hex HMAC-SHA256 of the body, keyed with
 *   the whole secret string as UTF-8 (the spec's header);
 * - webhook-signature: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`
 *   (Standard Webhooks), keyed with the base64-decoded part of a `whsec_`
 *   secret, or the secret's UTF-8 bytes when it has no such prefix.
 * The timestamp is of this attempt; the id is the event's, on every attempt.
 * During a rotation's overlap `previousSecret` adds a second, space-separated
 * `v1,` signature (Standard Webhooks allows several), so a receiver holding
 * either secret verifies; x-service-signature stays the current secret's.
 */
export function signDelivery(secret: string, messageId: string, timestampSeconds: number, body: string, previousSecret?: string): SignedHeaders {
  const timestamp = String(timestampSeconds);
  const signed = `${messageId}.${timestamp}.${body}`;
  const standard = [secret, ...(previousSecret === undefined ? [] : [previousSecret])]
    .map((key) => `v1,${createHmac('sha256', standardKey(key)).update(signed).digest('base64')}`)
    .join(' ');
  return {
    'content-type': 'application/json',
    'x-service-signature': createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex'),
    'webhook-id': messageId,
    'webhook-timestamp': timestamp,
    'webhook-signature': standard,
  };
}

/** The replaced secret while its overlap lasts (it signs beside the current one), else undefined. */
export function overlappingSecret(webhook: Pick<WebhookRecord, 'previousSecret' | 'previousSecretUntil'>, now: Date): string | undefined {
  return webhook.previousSecret !== null && webhook.previousSecretUntil !== null && now.getTime() < webhook.previousSecretUntil.getTime() ? webhook.previousSecret : undefined;
}

export function standardKey(secret: string): Buffer {
  return secret.startsWith(STANDARD_PREFIX) ? Buffer.from(secret.slice(STANDARD_PREFIX.length), 'base64') : Buffer.from(secret, 'utf8');
}

export function generateSecret(random: Uint8Array): string {
  return STANDARD_PREFIX + Buffer.from(random).toString('base64');
}
