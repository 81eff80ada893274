import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { calculateJwkThumbprint, errors, exportJWK, jwtVerify, SignJWT } from 'jose';
import { Random, SecretStore } from '../../../../kernel/public.js';
import { TrustCertConfig } from '../../config.js';
import { LEVELS, type AttestationClaims, type VerificationLevel } from '../../domain/certificate.js';
import type { AttestationSigner, PublicJwk, VerifiedToken } from '../../ports.js';

/** Named in the SecretStore: the 32-byte Ed25519 seed certificates are signed with, kept outside the database. */
export const SIGNING_KEY = 'trust-cert-signing-key';

/** PKCS #8 DER of an Ed25519 private key is this prefix and the 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

interface Keys {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  readonly jwk: PublicJwk;
  readonly kid: string;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Compact JWS (RFC 7515) with EdDSA over Ed25519 (RFC 8037), by jose. The
 * key pair comes from a seed in the SecretStore, made on first use; its
 * RFC 7638 thumbprint is the `kid`. Times are checked against the `now`
 * given (the service's clock), never the machine's.
 */
@injectable()
export class Ed25519AttestationSigner implements AttestationSigner {
  #keys: Promise<Keys> | undefined;

  constructor(
    @inject(SecretStore) private readonly secrets: SecretStore,
    @inject(Random) private readonly random: Random,
    @inject(TrustCertConfig) private readonly config: TrustCertConfig,
  ) {}

  async sign(claims: AttestationClaims): Promise<string> {
    const { privateKey, kid } = await this.#obtain();
    return new SignJWT({ verification_level: claims.level, team_id: claims.teamId, name: claims.subjectName })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid })
      .setIssuer(claims.issuer)
      .setSubject(claims.subject)
      .setJti(claims.certificateId)
      .setIssuedAt(seconds(claims.issuedAt))
      .setNotBefore(seconds(claims.issuedAt))
      .setExpirationTime(seconds(claims.expiresAt))
      .sign(privateKey);
  }

  async verify(token: string, now: Date): Promise<VerifiedToken> {
    const { publicKey } = await this.#obtain();
    try {
      const { payload } = await jwtVerify(token, publicKey, { algorithms: ['EdDSA'], issuer: this.config.issuer, currentDate: now, requiredClaims: ['sub', 'jti', 'iat', 'exp'] });
      const level = payload.verification_level;
      if (typeof level !== 'string' || !(LEVELS as readonly string[]).includes(level) || typeof payload.team_id !== 'string' || typeof payload.name !== 'string') return { ok: false, reason: 'malformed' };
      return {
        ok: true,
        claims: {
          issuer: payload.iss!,
          certificateId: payload.jti!,
          subject: payload.sub!,
          subjectName: payload.name,
          teamId: payload.team_id,
          level: level as VerificationLevel,
          issuedAt: new Date(payload.iat! * 1000),
          expiresAt: new Date(payload.exp! * 1000),
        },
      };
    } catch (error) {
      return { ok: false, reason: reasonOf(error) };
    }
  }

  async publicKeys(): Promise<readonly PublicJwk[]> {
    const { jwk, kid } = await this.#obtain();
    return [{ ...jwk, kid, alg: 'EdDSA', use: 'sig' }];
  }

  #obtain(): Promise<Keys> {
    this.#keys ??= (async () => {
      const seed = await this.secrets.obtain(SIGNING_KEY, () => this.random.bytes(32));
      const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
      const publicKey = createPublicKey(privateKey);
      const { kty, crv, x } = await exportJWK(publicKey);
      const jwk = { kty: kty!, crv: crv!, x: x! };
      return { privateKey, publicKey, jwk, kid: await calculateJwkThumbprint(jwk) };
    })();
    return this.#keys;
  }
}

/** jose's refusals as the reasons verification answers. */
function reasonOf(error: unknown): 'malformed' | 'bad_signature' | 'wrong_issuer' | 'not_yet_valid' | 'expired' {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'wrong_issuer';
    if (error.claim === 'nbf' || error.claim === 'iat') return 'not_yet_valid';
    return 'malformed';
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JOSEAlgNotAllowed) return 'bad_signature';
  return 'malformed';
}
