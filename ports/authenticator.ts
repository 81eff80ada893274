import type { Actor } from '../kernel/contract/context.js';
import { token } from '../kernel/contract/token.js';

/**
 * Turns a presented API key into an actor, or throws Unauthorized (unknown
 * key) / Forbidden (expired, IP not allowed).
 */
export interface Authenticator {
  authenticate(apiKey: string, ip: string): Promise<Actor>;
}
export const Authenticator = token<Authenticator>('identity.authenticator');

/**
 * The event the Authenticator's provider emits, in the revoking unit of work,
 * when a key is revoked: `payload.api_key_id` names it. Connections that
 * outlive a request (GraphQL subscription sockets) listen for it on the live
 * event stream and close that key's sockets at once.
 */
export const API_KEY_REVOKED_EVENT = 'api_key.revoked';
