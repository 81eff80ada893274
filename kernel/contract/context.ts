export type Permission = 'read' | 'write' | 'delete';

/**
 * Who is calling. Every authenticated caller belongs to exactly one team
 * (the tenant); repositories scope every query by `teamId`.
 * `operator` callers hold the bank operator key and may use admin routes.
 */
export interface Actor {
  readonly kind: 'user' | 'operator' | 'anonymous';
  readonly teamId: string;
  readonly userId: string;
  readonly apiKeyId: string;
  readonly permissions: readonly Permission[];
  /**
   * When the caller's key expires, if it does (set by the Authenticator). A
   * long-lived connection (a GraphQL subscription socket) checks it before
   * each delivery instead of asking the Authenticator again.
   */
  readonly keyExpiresAt?: Date;
}

/** Per-request data handed explicitly to operations (never via DI scope). */
export interface RequestContext {
  readonly actor: Actor;
  readonly requestId: string;
  readonly ip?: string;
  readonly idempotencyKey?: string;
}

export const ANONYMOUS: Actor = Object.freeze({
  kind: 'anonymous',
  teamId: '',
  userId: '',
  apiKeyId: '',
  permissions: [],
});

/** A context for work the system does on its own (workflows, CLI, schedulers). */
export function systemContext(teamId: string, requestId: string): RequestContext {
  return {
    actor: { kind: 'operator', teamId, userId: 'system', apiKeyId: '', permissions: ['read', 'write', 'delete'] },
    requestId,
  };
}
