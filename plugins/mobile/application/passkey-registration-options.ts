import { generateRegistrationOptions } from '@simplewebauthn/server';
import { inject, injectable } from 'inversify';
import { UnitOfWork, UserDirectory, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { NoInput, RegistrationOptionsView } from '../operations.js';
import { PasskeyRepository } from '../ports.js';
import { currentUser, userHandleOf } from './current-user.js';
import { RelyingParty } from './relying-party.js';

/** ES256 (P-256) and RS256: what platform authenticators and security keys make. */
export const SUPPORTED_ALGORITHMS = [-7, -257];

/**
 * POST /mobile/auth/passkey/register/options: creation options for the
 * caller's user, with a single-use challenge bound to them; their existing
 * passkeys are excluded so an authenticator does not register twice.
 */
@injectable()
export class PasskeyRegistrationOptionsOperation implements Operation<NoInput, RegistrationOptionsView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(PasskeyRepository) private readonly passkeys: PasskeyRepository,
    @inject(RelyingParty) private readonly rp: RelyingParty,
  ) {}

  execute(_input: NoInput, ctx: RequestContext): Promise<RegistrationOptionsView> {
    return this.uow.run(async (tx) => {
      const user = await currentUser(this.directory, tx, ctx);
      const existing = await this.passkeys.listByUser(tx, user.teamId, user.id);
      const challenge = this.rp.newChallenge();
      const options = await generateRegistrationOptions({
        rpName: this.rp.config.rp_name,
        rpID: this.rp.config.rp_id,
        userName: user.email,
        userDisplayName: user.name,
        userID: userHandleOf(user.id),
        challenge,
        timeout: this.rp.config.challenge_ttl_ms,
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: [...passkey.transports] })),
        authenticatorSelection: {
          residentKey: 'preferred',
          userVerification: this.rp.config.require_user_verification ? 'required' : 'preferred',
        },
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
      });
      await this.rp.remember(tx, challenge, 'registration', user.teamId, user.id);
      return options as RegistrationOptionsView;
    });
  }
}
