export type ChallengePurpose = 'registration' | 'authentication';

/**
 * A challenge handed to a client for one WebAuthn ceremony. Single-use: the
 * first answer consumes it, whether it verifies or not. A registration
 * challenge is bound to the user who asked; an authentication challenge to
 * the user named by email, or to nobody (a discoverable credential).
 */
export interface ChallengeRecord {
  /** base64url of the random bytes, as it comes back in clientDataJSON. */
  readonly challenge: string;
  readonly purpose: ChallengePurpose;
  readonly teamId: string | null;
  readonly userId: string | null;
  readonly expiresAt: Date;
  readonly consumedAt: Date | null;
  readonly createdAt: Date;
}

export type ChallengeRefusal = 'challenge_unknown' | 'challenge_expired' | 'challenge_wrong_ceremony';

/** Why a just-consumed challenge may not be used (undefined: it may). `found` is undefined when it was never issued or already used. */
export function challengeRefusal(found: ChallengeRecord | undefined, purpose: ChallengePurpose, now: Date): ChallengeRefusal | undefined {
  if (!found) return 'challenge_unknown';
  if (found.purpose !== purpose) return 'challenge_wrong_ceremony';
  if (found.expiresAt.getTime() <= now.getTime()) return 'challenge_expired';
  return undefined;
}
