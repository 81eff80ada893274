import { inject, injectable } from 'inversify';
import { UnauthorizedError, UnitOfWork, UserDirectory, type Operation, type RequestContext } from '../../../kernel/public.js';
import { SessionStarted } from '../events.js';
import type { IssuedSessionView, VerifyPasskeyInput } from '../operations.js';
import { PasskeyAssertions } from './passkey-assertions.js';
import { SessionIssuer } from './session-issuer.js';
import { sessionUserView, sessionView } from './views.js';

/** POST /mobile/auth/passkey/verify (no Authorization): a passkey sign-in (PasskeyAssertions), answered with a new session. */
@injectable()
export class VerifyPasskeyOperation implements Operation<VerifyPasskeyInput, IssuedSessionView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(PasskeyAssertions) private readonly assertions: PasskeyAssertions,
    @inject(SessionIssuer) private readonly issuer: SessionIssuer,
  ) {}

  async execute(input: VerifyPasskeyInput, _ctx: RequestContext): Promise<IssuedSessionView> {
    const { passkey, head } = await this.assertions.check(input);
    return this.uow.run(async (tx) => {
      const user = await this.directory.findById(tx, passkey.teamId, passkey.userId);
      if (!user) throw new UnauthorizedError('The passkey’s user no longer exists.', 'unknown_credential');
      await this.assertions.recordUse(tx, passkey, head);
      const { token, session } = await this.issuer.issue(tx, { teamId: passkey.teamId, userId: passkey.userId, credentialId: passkey.id });
      const view = sessionView(session);
      await tx.append([{ type: SessionStarted.name, teamId: session.teamId, aggregateType: 'mobile_session', aggregateId: session.id, payload: view }]);
      return { token, token_type: 'Bearer' as const, expires_at: view.expires_at, session: view, user: sessionUserView(user) };
    });
  }
}
