import type { Actor } from '../kernel/contract/context.js';
import { token } from '../kernel/contract/token.js';

/**
 * A second kind of bearer credential next to API keys: short-lived session
 * tokens a plugin issues after its own sign-in (the mobile module's passkey
 * sessions). The Authenticator (identity) hands every presented bearer value
 * that starts with `scheme` to this port instead of looking it up as an API
 * key; the answer is the same Actor an API key gives, so routes, GraphQL and
 * team scoping work unchanged. Optional: without a provider, only API keys
 * authenticate.
 */
export interface SessionAuthenticator {
  /** The token prefix this authenticator owns, e.g. `fms_`; never `fak_`. */
  readonly scheme: string;
  /** The session's actor, or throws Unauthorized (unknown, revoked or expired token). */
  authenticate(token: string, ip: string): Promise<Actor>;
}
export const SessionAuthenticator = token<SessionAuthenticator>('mobile.session-authenticator');
