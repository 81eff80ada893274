import { inject, injectable } from 'inversify';
import { Clock, ConflictError, NotFoundError, UnitOfWork, type Operation, type RequestContext, type Tx } from '../../../kernel/public.js';
import type { SessionRecord } from '../domain/session.js';
import { SessionRevoked } from '../events.js';
import type { NoInput, SessionIdInput, SessionView } from '../operations.js';
import { SessionRepository } from '../ports.js';
import { sessionView } from './views.js';

/** GET /mobile/sessions: the caller's live sessions, newest first (never a token or hash). */
@injectable()
export class ListSessionsOperation implements Operation<NoInput, SessionView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SessionRepository) private readonly sessions: SessionRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(_input: NoInput, ctx: RequestContext): Promise<SessionView[]> {
    return this.uow.readOnly(async (tx) => (await this.sessions.listActive(tx, ctx.actor.teamId, ctx.actor.userId, this.clock.now())).map(sessionView));
  }
}

async function revokeOne(tx: Tx, sessions: SessionRepository, ctx: RequestContext, id: string, at: Date): Promise<SessionView> {
  const before: SessionRecord | undefined = await sessions.revoke(tx, ctx.actor.teamId, ctx.actor.userId, id, at);
  if (!before) throw new NotFoundError('session', id, { parameter: 'id' });
  const view = sessionView(before);
  if (before.revokedAt?.getTime() === at.getTime()) {
    await tx.append([{ type: SessionRevoked.name, teamId: before.teamId, aggregateType: 'mobile_session', aggregateId: before.id, payload: view }]);
  }
  return view;
}

/** DELETE /mobile/sessions/{id}: ends one of the caller's sessions (another user's is 404); twice returns the first revocation. */
@injectable()
export class RevokeSessionOperation implements Operation<SessionIdInput, SessionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SessionRepository) private readonly sessions: SessionRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: SessionIdInput, ctx: RequestContext): Promise<SessionView> {
    return this.uow.run((tx) => revokeOne(tx, this.sessions, ctx, input.id, this.clock.now()));
  }
}

/** POST /mobile/auth/sign-out: ends the session whose token made the call (409 not_a_session for an API key). */
@injectable()
export class SignOutOperation implements Operation<NoInput, SessionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SessionRepository) private readonly sessions: SessionRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(_input: NoInput, ctx: RequestContext): Promise<SessionView> {
    return this.uow.run(async (tx) => {
      const mine = await this.sessions.listActive(tx, ctx.actor.teamId, ctx.actor.userId, this.clock.now());
      if (!mine.some((session) => session.id === ctx.actor.apiKeyId)) {
        throw new ConflictError('Sign-out ends a session; this call was not made with a session token.', 'not_a_session');
      }
      return revokeOne(tx, this.sessions, ctx, ctx.actor.apiKeyId, this.clock.now());
    });
  }
}
