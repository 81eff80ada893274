import { inject, injectable } from 'inversify';
import { Clock, UnauthorizedError, UnitOfWork, type Actor, type SessionAuthenticator } from '../../../kernel/public.js';
import { isWellFormedSessionToken, SESSION_SCHEME, sessionActive } from '../domain/session.js';
import { SessionRepository } from '../ports.js';
import { sessionTokenHash } from './session-issuer.js';

const INVALID = 'The session token is not valid; sign in again.';

/**
 * The SessionAuthenticator port identity consults for `fms_` bearer values:
 * one indexed read by hash per request, no cache, so a revoked session fails
 * on the very next request. Unknown, revoked and expired tokens get the same
 * 401. The actor is the session's user in their team, with the session's
 * permissions; its apiKeyId is the session id (rate limits and idempotency
 * keys are per session).
 */
@injectable()
export class MobileSessionAuthenticator implements SessionAuthenticator {
  readonly scheme = SESSION_SCHEME;

  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SessionRepository) private readonly sessions: SessionRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async authenticate(token: string, _ip: string): Promise<Actor> {
    if (!isWellFormedSessionToken(token)) throw new UnauthorizedError(INVALID, 'invalid_session');
    const session = await this.uow.readOnly((tx) => this.sessions.findByHash(tx, sessionTokenHash(token)));
    if (!session || !sessionActive(session, this.clock.now())) throw new UnauthorizedError(INVALID, 'invalid_session');
    return { kind: 'user', teamId: session.teamId, userId: session.userId, apiKeyId: session.id, permissions: session.permissions };
  }
}
