/**
 * Partner keys: `fpk_` and the base64url text of 32 random bytes (256 bits,
 * 43 characters). Only their digest is stored (identity's key hashing, via
 * TeamProvisioning.hashSecret); the 8 characters after `fpk_` are kept in
 * clear so operators can tell keys apart.
 */
export const PARTNER_KEY_SCHEME = 'fpk_';
export const PARTNER_KEY_RANDOM_BYTES = 32;
const WELL_FORMED = /^fpk_[A-Za-z0-9_-]{43}$/;

export function formatPartnerKey(randomBytes: Uint8Array): string {
  if (randomBytes.length !== PARTNER_KEY_RANDOM_BYTES) throw new RangeError(`a partner key needs ${PARTNER_KEY_RANDOM_BYTES} random bytes`);
  return PARTNER_KEY_SCHEME + Buffer.from(randomBytes).toString('base64url');
}

export function isWellFormedPartnerKey(candidate: string): boolean {
  return WELL_FORMED.test(candidate);
}

export function partnerKeyPrefix(key: string): string {
  return key.slice(PARTNER_KEY_SCHEME.length, PARTNER_KEY_SCHEME.length + 8);
}

/** The webhook signing secret shown once at onboarding: `whsec_` and 32 random bytes. */
export function formatWebhookSecret(randomBytes: Uint8Array): string {
  return 'whsec_' + Buffer.from(randomBytes).toString('base64url');
}
