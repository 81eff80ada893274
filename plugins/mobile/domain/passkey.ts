/**
 * A registered WebAuthn credential. `id` is the credential id (base64url),
 * unique across the bank: an authentication names only it. The public key is
 * the COSE key from the attestation, kept as base64url.
 */
export interface PasskeyRecord {
  readonly id: string;
  readonly teamId: string;
  readonly userId: string;
  /** The WebAuthn user handle the credential was created for (base64url). */
  readonly userHandle: string;
  readonly publicKey: string;
  /** The authenticator's signature counter as last seen (0: the authenticator keeps none). */
  readonly counter: number;
  readonly transports: readonly string[];
  readonly attestationFormat: string;
  readonly aaguid: string;
  readonly deviceType: 'singleDevice' | 'multiDevice';
  readonly backedUp: boolean;
  /** Set when a sign-in showed a counter that did not increase (a possible clone): the passkey signs in no more. */
  readonly flaggedAt: Date | null;
  readonly flagReason: string | null;
  readonly lastUsedAt: Date | null;
  readonly createdAt: Date;
}

/**
 * The WebAuthn counter rule: an authenticator that keeps a counter must show
 * a larger one each time; 0 on both sides means it keeps none (usual for
 * synced passkeys).
 */
export function counterAdvances(stored: number, presented: number): boolean {
  if (stored === 0 && presented === 0) return true;
  return presented > stored;
}
