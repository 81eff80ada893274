import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software FIDO2 authenticator for tests: a real P-256 key from
 * node:crypto, real authenticatorData, clientDataJSON and CBOR attestation
 * objects (fmt none, or packed self-attestation signed by the credential
 * key), real DER ECDSA signatures over authenticatorData ‖ SHA-256(clientDataJSON).
 * Every field a relying party checks can be bent by an override, so tests
 * can present each refusal case.
 */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const b64url = (bytes: Uint8Array | Buffer): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

export interface CeremonyOverrides {
  readonly origin?: string;
  readonly rpId?: string;
  readonly challenge?: string;
  readonly flags?: number;
  /** The counter to report (otherwise one more than last time, or 0 for a counterless authenticator). */
  readonly counter?: number;
  readonly type?: string;
}

export interface AssertionBody {
  credential_id: string;
  authenticator_data: string;
  client_data_json: string;
  signature: string;
  user_handle?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId: Buffer = randomBytes(32);
  readonly #privateKey: KeyObject;
  readonly #publicJwk: { x: string; y: string };
  #counter = 0;
  #userHandle = '';

  constructor(
    private readonly rp: { readonly rpId: string; readonly origin: string },
    private readonly options: { readonly format?: 'none' | 'packed'; readonly counts?: boolean } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.#publicJwk = { x: jwk.x!, y: jwk.y! };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** Answers PublicKeyCredentialCreationOptionsJSON with a RegistrationResponseJSON. */
  register(options: { challenge: string; user: { id: string } }, overrides: CeremonyOverrides = {}) {
    this.#userHandle = options.user.id;
    const clientDataJSON = this.#clientData('webauthn.create', options.challenge, overrides);
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.#publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.#publicJwk.y, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(cose)]);
    const authData = Buffer.concat([this.#authDataHead(overrides, UP | UV | AT, 0), attested]);
    const format = this.options.format ?? 'none';
    const attStmt =
      format === 'packed'
        ? new Map<string, number | Uint8Array>([
            ['alg', -7],
            ['sig', sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.#privateKey)],
          ])
        : new Map();
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, number | Uint8Array>>([
        ['fmt', format],
        ['attStmt', attStmt],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal', 'hybrid'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Answers a sign-in challenge with the body of POST /mobile/auth/passkey/verify. */
  assert(challenge: string, overrides: CeremonyOverrides = {}): AssertionBody {
    if (overrides.counter === undefined && this.options.counts !== false) this.#counter += 1;
    const counter = overrides.counter ?? (this.options.counts === false ? 0 : this.#counter);
    const clientDataJSON = this.#clientData('webauthn.get', challenge, overrides);
    const authData = this.#authDataHead(overrides, UP | UV, counter);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.#privateKey);
    return {
      credential_id: this.id,
      authenticator_data: b64url(authData),
      client_data_json: b64url(clientDataJSON),
      signature: b64url(signature),
      ...(this.#userHandle ? { user_handle: this.#userHandle } : {}),
    };
  }

  #clientData(type: string, challenge: string, overrides: CeremonyOverrides): Buffer {
    return Buffer.from(
      JSON.stringify({ type: overrides.type ?? type, challenge: overrides.challenge ?? challenge, origin: overrides.origin ?? this.rp.origin, crossOrigin: false }),
      'utf8',
    );
  }

  #authDataHead(overrides: CeremonyOverrides, flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(overrides.rpId ?? this.rp.rpId), Buffer.from([overrides.flags ?? flags]), count]);
  }
}

/** Flips one bit of a base64url signature's last byte. */
export function tamper(base64url: string): string {
  const bytes = Buffer.from(base64url, 'base64url');
  bytes[bytes.length - 1]! ^= 0x01;
  return bytes.toString('base64url');
}
