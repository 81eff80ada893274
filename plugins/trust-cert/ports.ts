import { token, type PageRequest, type Slice, type Tx } from '../../kernel/public.js';
import type { AttestationClaims, CertificateRecord } from './domain/certificate.js';

/** The plugin's repository, one implementation per store family, held to adapters/repository.contract.ts. */
export interface CertificateRepository {
  insert(tx: Tx, certificate: CertificateRecord): Promise<void>;
  /** The team's certificate (undefined for another team's). */
  find(tx: Tx, teamId: string, id: string): Promise<CertificateRecord | undefined>;
  /**
   * Any team's certificate by id: only verification calls this, for the
   * revocation state of a token whose signature it has already checked.
   */
  findForVerification(tx: Tx, id: string): Promise<CertificateRecord | undefined>;
  /** The team's certificates, newest first; of one user when `userId` is given. */
  list(tx: Tx, teamId: string, page: PageRequest, userId?: string): Promise<Slice<CertificateRecord>>;
  /** Marks a certificate that is not yet revoked as revoked and returns it; undefined when unknown, another team's or already revoked. */
  revoke(tx: Tx, teamId: string, id: string, at: Date, reason: string | null): Promise<CertificateRecord | undefined>;
}
export const CertificateRepository = token<CertificateRepository>('trust-cert.certificate-repository');

export type VerifiedToken = { readonly ok: true; readonly claims: AttestationClaims } | { readonly ok: false; readonly reason: 'malformed' | 'bad_signature' | 'wrong_issuer' | 'not_yet_valid' | 'expired' };

/** A public key in JWK form (RFC 7517), as the key set publishes it. */
export type PublicJwk = Readonly<Record<string, string>>;

/**
 * Signs and checks attestation tokens with the service's key (an adapter:
 * adapters/jws). The private key never leaves it; the public one is
 * published as a JWK set for verifiers outside the service.
 */
export interface AttestationSigner {
  sign(claims: AttestationClaims): Promise<string>;
  /** Signature, issuer and times at `now`; never throws for a bad token. */
  verify(token: string, now: Date): Promise<VerifiedToken>;
  publicKeys(): Promise<readonly PublicJwk[]>;
}
export const AttestationSigner = token<AttestationSigner>('trust-cert.attestation-signer');
