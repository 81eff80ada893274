/**
 * Receiving the service's webhooks (docs/webhooks.md): each SDK verifies
 * the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`,
 * keyed with the base64 part of a `whsec_` secret or else the secret's
 * UTF-8 bytes) in constant time, refuses a timestamp more than five
 * minutes off, and only then parses the body.
 */
export const PYTHON_WEBHOOKS = `"""Verifying the service's webhook deliveries (Standard Webhooks headers; generated, do not edit)."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from typing import Any, Dict, Mapping, Optional, Union


class WebhookVerificationError(Exception):
    """The delivery is not signed with this secret, or its timestamp is too far off."""


def verify_webhook(body: Union[bytes, str], headers: Mapping[str, str], secret: str, *, tolerance: int = 300, now: Optional[float] = None) -> Dict[str, Any]:
    """The event of a delivery, after checking its signature; pass the raw body, before any parsing."""
    lowered = {key.lower(): value for key, value in headers.items()}
    webhook_id = lowered.get("webhook-id")
    timestamp = lowered.get("webhook-timestamp")
    signatures = lowered.get("webhook-signature")
    if not webhook_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature")
    if not timestamp.isdigit() or abs((time.time() if now is None else now) - int(timestamp)) > tolerance:
        raise WebhookVerificationError("timestamp outside the tolerance")
    raw = body.encode("utf-8") if isinstance(body, str) else body
    key = base64.b64decode(secret[len("whsec_"):]) if secret.startswith("whsec_") else secret.encode("utf-8")
    expected = base64.b64encode(hmac.new(key, webhook_id.encode("utf-8") + b"." + timestamp.encode("utf-8") + b"." + raw, hashlib.sha256).digest()).decode("ascii")
    for candidate in signatures.split(" "):
        version, _, signature = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return json.loads(raw.decode("utf-8"))
    raise WebhookVerificationError("no matching signature")
`;

export const PHP_WEBHOOK_EXCEPTION = `<?php

declare(strict_types=1);

namespace {ns}\\Webhook;

/** The delivery is not signed with this secret, or its timestamp is too far off. */
final class WebhookVerificationException extends \\RuntimeException
{
}
`;

export const PHP_WEBHOOK_SIGNATURE = `<?php

declare(strict_types=1);

namespace {ns}\\Webhook;

/** Verifying the service's webhook deliveries (Standard Webhooks headers; generated, do not edit). */
final class Signature
{
    /**
     * The event of a delivery, after checking its signature; pass the raw body, before any parsing.
     *
     * @param array<string, string> $headers
     * @return array<string, mixed>
     */
    public static function verify(string $body, array $headers, string $secret, int $tolerance = 300, ?int $now = null): array
    {
        $lowered = array_change_key_case($headers, CASE_LOWER);
        $id = $lowered['webhook-id'] ?? '';
        $timestamp = $lowered['webhook-timestamp'] ?? '';
        $signatures = $lowered['webhook-signature'] ?? '';
        if ($id === '' || $timestamp === '' || $signatures === '') {
            throw new WebhookVerificationException('missing webhook-id, webhook-timestamp or webhook-signature');
        }
        if (!ctype_digit($timestamp) || abs(($now ?? time()) - (int) $timestamp) > $tolerance) {
            throw new WebhookVerificationException('timestamp outside the tolerance');
        }
        $key = str_starts_with($secret, 'whsec_') ? base64_decode(substr($secret, 6), true) : $secret;
        if ($key === false) {
            throw new WebhookVerificationException('the secret is not valid base64 after whsec_');
        }
        $expected = base64_encode(hash_hmac('sha256', $id . '.' . $timestamp . '.' . $body, $key, true));
        foreach (explode(' ', $signatures) as $candidate) {
            [$version, $signature] = array_pad(explode(',', $candidate, 2), 2, '');
            if ($version === 'v1' && hash_equals($expected, $signature)) {
                $event = json_decode($body, true, 512, JSON_THROW_ON_ERROR);
                return is_array($event) ? $event : ['data' => $event];
            }
        }
        throw new WebhookVerificationException('no matching signature');
    }
}
`;

export const TYPESCRIPT_WEBHOOKS = `
/** The delivery is not signed with this secret, or its timestamp is too far off. */
export class WebhookVerificationError extends Error {}

/** The event of a delivery, after checking its Standard Webhooks signature (WebCrypto); pass the raw body, before any parsing. */
export async function verifyWebhook(body, headers, secret, { toleranceSeconds = 300, now = new Date() } = {}) {
  const header = (name) => {
    if (typeof headers.get === 'function') return headers.get(name) ?? undefined;
    const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
    return Array.isArray(found) ? found[0] : found;
  };
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature');
  if (!/^[0-9]+$/.test(timestamp) || Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) throw new WebhookVerificationError('timestamp outside the tolerance');
  const raw = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const keyBytes = secret.startsWith('whsec_') ? Uint8Array.from(atob(secret.slice(6)), (char) => char.charCodeAt(0)) : new TextEncoder().encode(secret);
  const key = await crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const prefix = new TextEncoder().encode(\`\${id}.\${timestamp}.\`);
  const signed = new Uint8Array(prefix.length + raw.length);
  signed.set(prefix);
  signed.set(raw, prefix.length);
  const expected = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.sign('HMAC', key, signed))));
  for (const candidate of signatures.split(' ')) {
    const [version, signature = ''] = candidate.split(',', 2);
    if (version === 'v1' && constantTimeEqual(signature, expected)) return JSON.parse(new TextDecoder().decode(raw));
  }
  throw new WebhookVerificationError('no matching signature');
}

function constantTimeEqual(a, b) {
  let difference = a.length ^ b.length;
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) difference |= (a.charCodeAt(index) | 0) ^ (b.charCodeAt(index) | 0);
  return difference === 0;
}
`;

export const TYPESCRIPT_WEBHOOKS_TYPES = `
export declare class WebhookVerificationError extends Error {}
/** The event of a delivery, after checking its Standard Webhooks signature; pass the raw body, before any parsing. */
export declare function verifyWebhook(
  body: string | Uint8Array,
  headers: Headers | Record<string, string | string[] | undefined>,
  secret: string,
  options?: { toleranceSeconds?: number; now?: Date },
): Promise<{ id: string; event_type: string; created_at: string; data: unknown }>;
`;
