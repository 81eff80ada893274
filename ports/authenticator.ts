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
