/**
 * The checks of a WebAuthn ceremony the service makes itself before handing
 * the response to @simplewebauthn/server, so each refusal has its own
 * reason code (the library throws one kind of error for all of them). Pure:
 * the caller decodes the bytes and hashes the RP id.
 */
export interface ClientData {
  readonly type: string;
  readonly challenge: string;
  readonly origin: string;
}

/** clientDataJSON's fields, or undefined when it is not the JSON object WebAuthn defines. */
export function parseClientData(text: string): ClientData | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { type, challenge, origin } = parsed as Record<string, unknown>;
  if (typeof type !== 'string' || typeof challenge !== 'string' || typeof origin !== 'string') return undefined;
  return { type, challenge, origin };
}

/** The fixed head of authenticatorData: rpIdHash (32 bytes) ‖ flags (1) ‖ signCount (uint32 big-endian). */
export interface AuthenticatorDataHead {
  readonly rpIdHash: Uint8Array;
  readonly flags: number;
  readonly counter: number;
}

export const FLAG_USER_PRESENT = 0x01;
export const FLAG_USER_VERIFIED = 0x04;

export function parseAuthenticatorDataHead(bytes: Uint8Array): AuthenticatorDataHead | undefined {
  if (bytes.length < 37) return undefined;
  const counter = ((bytes[33]! << 24) >>> 0) + (bytes[34]! << 16) + (bytes[35]! << 8) + bytes[36]!;
  return { rpIdHash: bytes.slice(0, 32), flags: bytes[32]!, counter };
}

export type CeremonyRefusal = 'wrong_ceremony_type' | 'origin_mismatch' | 'rp_id_mismatch' | 'user_not_present' | 'user_not_verified';

export interface CeremonyExpectations {
  readonly type: 'webauthn.create' | 'webauthn.get';
  readonly origins: readonly string[];
  readonly rpIdHash: Uint8Array;
  readonly requireUserVerification: boolean;
}

export function ceremonyRefusal(client: ClientData, head: AuthenticatorDataHead, expected: CeremonyExpectations): CeremonyRefusal | undefined {
  if (client.type !== expected.type) return 'wrong_ceremony_type';
  if (!expected.origins.includes(client.origin)) return 'origin_mismatch';
  if (!sameBytes(head.rpIdHash, expected.rpIdHash)) return 'rp_id_mismatch';
  if ((head.flags & FLAG_USER_PRESENT) === 0) return 'user_not_present';
  if (expected.requireUserVerification && (head.flags & FLAG_USER_VERIFIED) === 0) return 'user_not_verified';
  return undefined;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** Human text for each refusal, for the 401's detail. */
export const CEREMONY_REFUSALS: Readonly<Record<CeremonyRefusal, string>> = {
  wrong_ceremony_type: 'clientDataJSON.type is not the one of this ceremony.',
  origin_mismatch: 'clientDataJSON.origin is not an origin of this service.',
  rp_id_mismatch: 'authenticatorData was not made for this relying party id.',
  user_not_present: 'The authenticator did not report user presence.',
  user_not_verified: 'The authenticator did not verify the user (biometric or PIN).',
};
