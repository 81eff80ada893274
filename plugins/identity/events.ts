import { z } from 'zod';
import { API_KEY_REVOKED_EVENT, eventType, type EventType } from '../../kernel/public.js';

/**
 * Identity's events. system.api_key_expiring belongs to the webhooks module,
 * which reads expiring keys through its own port.
 */
export const apiKeyRevokedPayload = z.object({
  api_key_id: z.string(),
  revoked_at: z.string(),
});

export const identityEvents: readonly EventType[] = [
  eventType({
    name: API_KEY_REVOKED_EVENT,
    version: 1,
    group: 'API key',
    payload: apiKeyRevokedPayload,
    // A signal to the service's own open connections, not a customer notification.
    webhook: false,
    description: "An API key was revoked: open GraphQL subscription sockets of that key close at once (4403), in every process.",
    emittedBy: 'DELETE /api/v2/api-keys/{id}, GraphQL revokeApiKey, `bank keys revoke` (the first revocation only)',
  }),
];
