import { inject, injectable } from 'inversify';
import { Clock, NotFoundError, UnitOfWork, UserDirectory, type Operation, type RequestContext } from '../../../kernel/public.js';
import { PasskeyDeleted } from '../events.js';
import type { NoInput, PasskeyIdInput, PasskeyView } from '../operations.js';
import { PasskeyRepository, SessionRepository } from '../ports.js';
import { currentUser } from './current-user.js';
import { toBase64url } from './relying-party.js';
import { passkeyView } from './views.js';

/** GET /mobile/passkeys: the caller's passkeys, oldest first. */
@injectable()
export class ListPasskeysOperation implements Operation<NoInput, PasskeyView[]> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(PasskeyRepository) private readonly passkeys: PasskeyRepository,
  ) {}

  execute(_input: NoInput, ctx: RequestContext): Promise<PasskeyView[]> {
    return this.uow.readOnly(async (tx) => {
      const user = await currentUser(this.directory, tx, ctx);
      return (await this.passkeys.listByUser(tx, user.teamId, user.id)).map(passkeyView);
    });
  }
}

/** DELETE /mobile/passkeys/{id}: removes one of the caller's passkeys and ends the sessions it opened; 404 for anyone else's. */
@injectable()
export class DeletePasskeyOperation implements Operation<PasskeyIdInput, PasskeyView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(PasskeyRepository) private readonly passkeys: PasskeyRepository,
    @inject(SessionRepository) private readonly sessions: SessionRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: PasskeyIdInput, ctx: RequestContext): Promise<PasskeyView> {
    return this.uow.run(async (tx) => {
      const user = await currentUser(this.directory, tx, ctx);
      const deleted = await this.passkeys.delete(tx, user.teamId, user.id, toBase64url(input.id));
      if (!deleted) throw new NotFoundError('passkey', input.id, { parameter: 'id' });
      await this.sessions.revokeByCredential(tx, deleted.id, this.clock.now());
      const view = passkeyView(deleted);
      await tx.append([{ type: PasskeyDeleted.name, teamId: user.teamId, aggregateType: 'mobile_passkey', aggregateId: deleted.id, payload: view }]);
      return view;
    });
  }
}
