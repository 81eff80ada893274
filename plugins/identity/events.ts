import type { EventType } from '../../kernel/public.js';

/**
 * Identity emits no events yet. system.api_key_expiring belongs to the
 * webhooks module, which reads expiring keys through its own port.
 */
export const identityEvents: readonly EventType[] = [];
