import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { inject, injectable } from 'inversify';
import { UnitOfWork, UserDirectory, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { AuthenticationOptionsInput, AuthenticationOptionsView } from '../operations.js';
import { PasskeyRepository } from '../ports.js';
import { RelyingParty } from './relying-party.js';

/**
 * POST /mobile/auth/passkey/options (no Authorization): request options with
 * a single-use challenge. With an email, the challenge is bound to that user
 * and lists their passkeys; without, any registered passkey may answer (a
 * discoverable credential). An unknown email gets options of the same shape
 * whose challenge is never stored, so the answer does not tell who has an
 * account and the sign-in fails as an unknown challenge.
 */
@injectable()
export class PasskeyAuthenticationOptionsOperation implements Operation<AuthenticationOptionsInput, AuthenticationOptionsView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(PasskeyRepository) private readonly passkeys: PasskeyRepository,
    @inject(RelyingParty) private readonly rp: RelyingParty,
  ) {}

  execute(input: AuthenticationOptionsInput, _ctx: RequestContext): Promise<AuthenticationOptionsView> {
    return this.uow.run(async (tx) => {
      const user = input.email === undefined ? undefined : await this.directory.findByEmail(tx, input.email);
      const allowed = user ? await this.passkeys.listByUser(tx, user.teamId, user.id) : [];
      const challenge = this.rp.newChallenge();
      const options = await generateAuthenticationOptions({
        rpID: this.rp.config.rp_id,
        challenge,
        timeout: this.rp.config.challenge_ttl_ms,
        allowCredentials: allowed.filter((passkey) => !passkey.flaggedAt).map((passkey) => ({ id: passkey.id, transports: [...passkey.transports] })),
        userVerification: this.rp.config.require_user_verification ? 'required' : 'preferred',
      });
      if (input.email === undefined) await this.rp.remember(tx, challenge, 'authentication', null, null);
      else if (user) await this.rp.remember(tx, challenge, 'authentication', user.teamId, user.id);
      return options as AuthenticationOptionsView;
    });
  }
}
