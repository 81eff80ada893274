import { verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { decodeAttestationObject } from '@simplewebauthn/server/helpers';
import { inject, injectable } from 'inversify';
import { BusinessRuleError, Clock, UnauthorizedError, UnitOfWork, UserDirectory, type Operation, type RequestContext } from '../../../kernel/public.js';
import type { PasskeyRecord } from '../domain/passkey.js';
import { PasskeyRegistered } from '../events.js';
import type { PasskeyView, RegisterPasskeyInput } from '../operations.js';
import { PasskeyRepository } from '../ports.js';
import { currentUser, userHandleOf } from './current-user.js';
import { Notifier } from './notifications.js';
import { SUPPORTED_ALGORITHMS } from './passkey-registration-options.js';
import { RelyingParty, toBase64url } from './relying-party.js';
import { passkeyView } from './views.js';

const refused = (code: string, detail: string, pointer = '/response/attestationObject') => new BusinessRuleError(code, detail, { pointer });

/**
 * POST /mobile/auth/passkey/register: verifies a RegistrationResponseJSON
 * (challenge issued to this user and unused, origin, RP id, flags, then the
 * attestation statement with @simplewebauthn/server) and stores the
 * credential. A refusal is 422 with its reason; the challenge is spent.
 */
@injectable()
export class RegisterPasskeyOperation implements Operation<RegisterPasskeyInput, PasskeyView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(PasskeyRepository) private readonly passkeys: PasskeyRepository,
    @inject(RelyingParty) private readonly rp: RelyingParty,
    @inject(Notifier) private readonly notifier: Notifier,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(input: RegisterPasskeyInput, ctx: RequestContext): Promise<PasskeyView> {
    const user = await this.uow.readOnly((tx) => currentUser(this.directory, tx, ctx));
    const response = normalise(input);
    if (response.id !== response.rawId) throw refused('credential_id_mismatch', 'id and rawId must name the same credential.', '/rawId');
    const authData = attestedAuthData(response.response.attestationObject);
    const { challenge } = await this.rp.consume('registration', response.response.clientDataJSON, authData).catch((error: unknown) => {
      if (error instanceof UnauthorizedError) throw refused(error.code, error.message, '/response/clientDataJSON');
      throw error;
    });
    if (challenge.teamId !== user.teamId || challenge.userId !== user.id) {
      throw refused('challenge_unknown', 'The challenge was issued to another user.', '/response/clientDataJSON');
    }
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: [...this.rp.config.origins],
      expectedRPID: this.rp.config.rp_id,
      requireUserVerification: this.rp.config.require_user_verification,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    }).catch((error: unknown) => {
      throw refused('attestation_invalid', `The attestation did not verify: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (!verification.verified) throw refused('attestation_invalid', 'The attestation signature did not verify.');
    const info = verification.registrationInfo;
    if (!this.rp.config.attestation_formats.includes(info.fmt)) {
      throw refused('attestation_format_not_accepted', `Attestation format '${info.fmt}' is not accepted; accepted: ${this.rp.config.attestation_formats.join(', ')}.`);
    }
    const now = this.clock.now();
    const passkey: PasskeyRecord = {
      id: info.credential.id,
      teamId: user.teamId,
      userId: user.id,
      userHandle: Buffer.from(userHandleOf(user.id)).toString('base64url'),
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: response.response.transports ?? [],
      attestationFormat: info.fmt,
      aaguid: info.aaguid,
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      flaggedAt: null,
      flagReason: null,
      lastUsedAt: null,
      createdAt: now,
    };
    return this.uow.run(async (tx) => {
      await this.passkeys.insert(tx, passkey);
      // A new way to sign in is a security event the user hears about on their other devices.
      await this.notifier.notify(tx, {
        teamId: user.teamId,
        userId: user.id,
        kind: 'security_passkey_registered',
        title: 'A new passkey was added to your account',
        body: 'If this was not you, delete it and sign out of every session.',
        resourceType: 'passkey',
        resourceId: passkey.id,
      });
      const view = passkeyView(passkey);
      await tx.append([{ type: PasskeyRegistered.name, teamId: user.teamId, aggregateType: 'mobile_passkey', aggregateId: passkey.id, payload: view }]);
      return view;
    });
  }
}

function normalise(input: RegisterPasskeyInput): RegistrationResponseJSON {
  return {
    ...input,
    id: toBase64url(input.id),
    rawId: toBase64url(input.rawId),
    response: {
      ...input.response,
      clientDataJSON: toBase64url(input.response.clientDataJSON),
      attestationObject: toBase64url(input.response.attestationObject),
    },
    clientExtensionResults: (input.clientExtensionResults ?? {}) as RegistrationResponseJSON['clientExtensionResults'],
  } as RegistrationResponseJSON;
}

/** authData out of the CBOR attestation object, base64url; 422 when it is not one. */
function attestedAuthData(attestationObject: string): string {
  try {
    const authData = decodeAttestationObject(Buffer.from(attestationObject, 'base64url')).get('authData');
    if (authData instanceof Uint8Array) return Buffer.from(authData).toString('base64url');
  } catch {
    // fall through to the refusal
  }
  throw refused('malformed_attestation_object', 'attestationObject is not a CBOR attestation object with authData.');
}
