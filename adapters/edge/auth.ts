import type { Actor } from '../../kernel/contract/context.js';
import type { RouteAccess } from '../../kernel/contract/route.js';
import { ForbiddenError, UnauthorizedError } from '../../kernel/errors/index.js';
import type { Authenticator } from '../../ports/authenticator.js';

/** Longer values are refused without asking the authenticator. */
const MAX_KEY_LENGTH = 512;
const BEARER = /^Bearer +([\x21-\x7E]+) *$/i;

/** The key from `Authorization: Bearer <key>`; 401 when missing or malformed. */
export function bearerKey(header: string | undefined): string {
  if (header === undefined || header.trim() === '') {
    throw new UnauthorizedError('Send an API key as "Authorization: Bearer <key>".', 'unauthenticated');
  }
  const match = BEARER.exec(header);
  if (!match || match[1]!.length > MAX_KEY_LENGTH) {
    throw new UnauthorizedError('The Authorization header must be "Bearer <key>".', 'invalid_authorization_header');
  }
  return match[1]!;
}

/**
 * The one Authorization header of a request (pass `req.headersDistinct`'s
 * entry). Node keeps only the first of several, so a request carrying two
 * keys would act as whichever came first: refused instead (401).
 */
export function authorizationHeader(values: readonly string[] | undefined): string | undefined {
  if (values && values.length > 1) throw new UnauthorizedError('Send one Authorization header, not several.', 'invalid_authorization_header');
  return values?.[0];
}

/** Authenticates the caller of a non-public route. */
export async function authenticate(authenticator: Authenticator, header: string | undefined, ip: string): Promise<Actor> {
  return authenticator.authenticate(bearerKey(header), ip);
}

/** read/write/delete need that key permission; operator needs the operator key. */
export function authorize(actor: Actor, access: RouteAccess): void {
  if (access === 'public') return;
  if (access === 'operator') {
    if (actor.kind !== 'operator') {
      throw new ForbiddenError('This route needs the bank operator key.', 'insufficient_permission');
    }
    return;
  }
  if (!actor.permissions.includes(access)) {
    throw new ForbiddenError(`This route needs an API key with the '${access}' permission.`, 'insufficient_permission');
  }
}
