import { ValidationError } from '../../../kernel/public.js';

/**
 * A recovery key: 32 random bytes split into shares (Shamir's scheme),
 * any `threshold` of which rebuild it. The service keeps neither the key
 * nor a share: only the key's SHA-256 fingerprint, to tell whether shares
 * presented later rebuild the same key. Pure rules only.
 */
export const KEY_BYTES = 32;
export const MAX_SHARES = 255;

export interface RecoveryKeyRecord {
  readonly id: string;
  readonly teamId: string;
  readonly label: string;
  readonly threshold: number;
  readonly shareCount: number;
  /** Hex SHA-256 of the key. */
  readonly fingerprint: string;
  readonly createdAt: Date;
}

/** One presentation of shares: rebuilt to the fingerprinted key or not. */
export interface ReconstructionRecord {
  readonly id: string;
  readonly teamId: string;
  readonly recoveryKeyId: string;
  readonly purpose: 'verify' | 'reconstruct';
  readonly sharesGiven: number;
  readonly matches: boolean;
  readonly createdAt: Date;
}

/** A threshold of 2 up to the number of shares, at most 255 shares (GF(256) has 255 non-zero points). */
export function checkSplit(threshold: number, shares: number): void {
  if (!Number.isInteger(shares) || shares < 2 || shares > MAX_SHARES) throw ValidationError.field('/shares', `shares must be a whole number from 2 to ${MAX_SHARES}`);
  if (!Number.isInteger(threshold) || threshold < 2 || threshold > shares) throw ValidationError.field('/threshold', 'threshold must be a whole number from 2 to shares');
}

/**
 * Presented shares decoded: each base64url, all of one length (the key's
 * plus the x-coordinate byte), no two alike. 422 with a pointer otherwise.
 */
export function decodeShares(encoded: readonly string[]): Uint8Array[] {
  const shares = encoded.map((text, index) => {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw ValidationError.field(`/shares/${index}`, 'a share is base64url text', 'invalid_share');
    const bytes = new Uint8Array(Buffer.from(text, 'base64url'));
    if (bytes.length !== KEY_BYTES + 1) throw ValidationError.field(`/shares/${index}`, `a share of this service is ${KEY_BYTES + 1} bytes`, 'invalid_share');
    return bytes;
  });
  const seen = new Set<number>();
  shares.forEach((share, index) => {
    const x = share[KEY_BYTES]!;
    if (seen.has(x)) throw ValidationError.field(`/shares/${index}`, 'the same share (or two with the same index) is given twice', 'duplicate_share');
    seen.add(x);
  });
  return shares;
}
