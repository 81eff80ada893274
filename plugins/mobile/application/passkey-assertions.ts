import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { inject, injectable } from 'inversify';
import { Clock, UnauthorizedError, UnitOfWork, type Tx } from '../../../kernel/public.js';
import type { AuthenticatorDataHead } from '../domain/ceremony.js';
import { counterAdvances, type PasskeyRecord } from '../domain/passkey.js';
import { PasskeyFlagged } from '../events.js';
import { PasskeyRepository, SessionRepository } from '../ports.js';
import { Notifier } from './notifications.js';
import { RelyingParty, toBase64url } from './relying-party.js';
import { passkeyView } from './views.js';

/** An assertion as the spec's verify body carries it (base64 or base64url). */
export interface AssertionInput {
  readonly credential_id: string;
  readonly authenticator_data: string;
  readonly client_data_json: string;
  readonly signature: string;
  readonly user_handle?: string | undefined;
}

/**
 * Checks a passkey assertion, for a sign-in and for a payment confirmation
 * that needs one. In order: the challenge in clientDataJSON was issued, is
 * unused and live (consumed now, whatever follows); type, origin, RP id,
 * user presence and verification; the credential is registered, not
 * flagged, and belongs to the user the challenge named (and to user_handle,
 * when sent); then @simplewebauthn/server verifies the signature over
 * authenticatorData ‖ SHA-256(clientDataJSON) with the stored key; last the
 * counter must have increased, else the passkey is flagged. Every refusal
 * is 401 with its reason code. The caller stores the counter (recordUse)
 * in the unit of work that acts on the assertion.
 */
@injectable()
export class PasskeyAssertions {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(PasskeyRepository) private readonly passkeys: PasskeyRepository,
    @inject(SessionRepository) private readonly sessions: SessionRepository,
    @inject(RelyingParty) private readonly rp: RelyingParty,
    @inject(Notifier) private readonly notifier: Notifier,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async check(input: AssertionInput): Promise<{ passkey: PasskeyRecord; head: AuthenticatorDataHead }> {
    const body = {
      credentialId: toBase64url(input.credential_id),
      authenticatorData: toBase64url(input.authenticator_data),
      clientDataJson: toBase64url(input.client_data_json),
      signature: toBase64url(input.signature),
      userHandle: input.user_handle === undefined ? undefined : toBase64url(input.user_handle),
    };
    const { challenge, head } = await this.rp.consume('authentication', body.clientDataJson, body.authenticatorData);
    const passkey = await this.uow.readOnly((tx) => this.passkeys.findById(tx, body.credentialId));
    if (!passkey) throw new UnauthorizedError('No passkey with this credential id is registered.', 'unknown_credential');
    if (passkey.flaggedAt) throw new UnauthorizedError('This passkey has been flagged and signs in no more; delete it and register again.', 'credential_flagged');
    if (challenge.userId !== null && (challenge.userId !== passkey.userId || challenge.teamId !== passkey.teamId)) {
      throw new UnauthorizedError('This passkey belongs to another user than the one signing in.', 'credential_not_for_user');
    }
    if (body.userHandle !== undefined && body.userHandle !== passkey.userHandle) {
      throw new UnauthorizedError('user_handle does not match the passkey.', 'user_handle_mismatch');
    }
    await this.#verifySignature(body, passkey, challenge.challenge);
    if (!counterAdvances(passkey.counter, head.counter)) {
      await this.#flag(passkey, `counter ${head.counter} did not increase past ${passkey.counter}`);
      throw new UnauthorizedError('The signature counter did not increase: the passkey may have been cloned. It is flagged and signs in no more.', 'counter_not_increasing');
    }
    return { passkey, head };
  }

  /** Stores the counter of an accepted assertion, inside the caller's unit of work. */
  recordUse(tx: Tx, passkey: PasskeyRecord, head: AuthenticatorDataHead): Promise<void> {
    return this.passkeys.recordUse(tx, passkey.id, head.counter, this.clock.now());
  }

  async #verifySignature(body: { credentialId: string; authenticatorData: string; clientDataJson: string; signature: string; userHandle?: string | undefined }, passkey: PasskeyRecord, challenge: string) {
    const verification = await verifyAuthenticationResponse({
      response: {
        id: body.credentialId,
        rawId: body.credentialId,
        type: 'public-key',
        response: { authenticatorData: body.authenticatorData, clientDataJSON: body.clientDataJson, signature: body.signature, ...(body.userHandle ? { userHandle: body.userHandle } : {}) },
        clientExtensionResults: {},
      },
      expectedChallenge: challenge,
      expectedOrigin: [...this.rp.config.origins],
      expectedRPID: this.rp.config.rp_id,
      // The counter is checked after the signature (counterAdvances), so a refusal can flag the passkey; 0 turns the library's own check off.
      credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: 0 },
      requireUserVerification: this.rp.config.require_user_verification,
    }).catch((error: unknown) => {
      throw new UnauthorizedError(`The assertion did not verify: ${error instanceof Error ? error.message : String(error)}`, 'assertion_invalid');
    });
    if (!verification.verified) throw new UnauthorizedError('The signature does not verify with the registered public key.', 'signature_invalid');
  }

  async #flag(passkey: PasskeyRecord, reason: string): Promise<void> {
    await this.uow.run(async (tx) => {
      const now = this.clock.now();
      const flagged = await this.passkeys.flag(tx, passkey.id, reason, now);
      if (!flagged || flagged.flagReason !== reason) return;
      // Sessions this passkey opened may come from the clone: they end too.
      await this.sessions.revokeByCredential(tx, passkey.id, now);
      await this.notifier.notify(tx, {
        teamId: passkey.teamId,
        userId: passkey.userId,
        kind: 'security_passkey_flagged',
        title: 'A passkey was blocked',
        body: 'A sign-in looked like a copy of your passkey. It no longer works; delete it and register a new one.',
        resourceType: 'passkey',
        resourceId: passkey.id,
      });
      await tx.append([{ type: PasskeyFlagged.name, teamId: passkey.teamId, aggregateType: 'mobile_passkey', aggregateId: passkey.id, payload: passkeyView(flagged) }]);
    });
  }
}
