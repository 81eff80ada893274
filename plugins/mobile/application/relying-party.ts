import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { Clock, Random, UnauthorizedError, UnitOfWork, type Tx } from '../../../kernel/public.js';
import { MobileConfig } from '../config.js';
import {
  CEREMONY_REFUSALS,
  ceremonyRefusal,
  parseAuthenticatorDataHead,
  parseClientData,
  type AuthenticatorDataHead,
  type ClientData,
} from '../domain/ceremony.js';
import { challengeRefusal, type ChallengePurpose, type ChallengeRecord } from '../domain/challenge.js';
import { ChallengeRepository } from '../ports.js';

/** base64 or base64url → base64url without padding, the form WebAuthn JSON and the stores use. */
export function toBase64url(value: string): string {
  return value.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const CHALLENGE_BYTES = 32;

const CHALLENGE_REFUSALS = {
  challenge_unknown: 'The challenge was never issued or was already answered; ask for new options.',
  challenge_expired: 'The challenge has expired; ask for new options.',
  challenge_wrong_ceremony: 'The challenge was issued for another ceremony.',
} as const;

/**
 * The relying party's side of both ceremonies that the library does not do:
 * issuing single-use challenges kept in the store, consuming one (in a unit
 * of work of its own, so a failed answer still uses it up), and the checks
 * of ceremony.ts against the configured RP id and origins.
 */
@injectable()
export class RelyingParty {
  readonly #rpIdHash: Uint8Array;

  constructor(
    @inject(MobileConfig) readonly config: MobileConfig,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(Random) private readonly random: Random,
  ) {
    this.#rpIdHash = createHash('sha256').update(config.rp_id, 'utf8').digest();
  }

  /** A new challenge's random bytes (the library wants them raw). */
  newChallenge(): Uint8Array<ArrayBuffer> {
    return Uint8Array.from(this.random.bytes(CHALLENGE_BYTES));
  }

  /** Stores a challenge handed out in options. */
  async remember(tx: Tx, challenge: Uint8Array, purpose: ChallengePurpose, teamId: string | null, userId: string | null): Promise<void> {
    const now = this.clock.now();
    await this.challenges.insert(tx, {
      challenge: Buffer.from(challenge).toString('base64url'),
      purpose,
      teamId,
      userId,
      expiresAt: new Date(now.getTime() + this.config.challenge_ttl_ms),
      consumedAt: null,
      createdAt: now,
    });
  }

  /**
   * Decodes clientDataJSON, consumes the challenge it answers and checks it
   * is live and of this ceremony; then checks type, origin, RP id and flags.
   * Every refusal is 401 with its reason code; the challenge is spent anyway.
   */
  async consume(purpose: ChallengePurpose, clientDataJson: string, authenticatorData: string): Promise<{ challenge: ChallengeRecord; client: ClientData; head: AuthenticatorDataHead }> {
    const client = parseClientData(Buffer.from(clientDataJson, 'base64url').toString('utf8'));
    if (!client) throw new UnauthorizedError('clientDataJSON is not the JSON object WebAuthn defines.', 'malformed_client_data');
    const now = this.clock.now();
    const found = await this.uow.run((tx) => this.challenges.consume(tx, toBase64url(client.challenge), now));
    const stale = challengeRefusal(found, purpose, now);
    if (stale) throw new UnauthorizedError(CHALLENGE_REFUSALS[stale], stale);
    const head = parseAuthenticatorDataHead(Buffer.from(authenticatorData, 'base64url'));
    if (!head) throw new UnauthorizedError('authenticatorData is shorter than its fixed 37-byte head.', 'malformed_authenticator_data');
    const refusal = ceremonyRefusal(client, head, {
      type: purpose === 'registration' ? 'webauthn.create' : 'webauthn.get',
      origins: this.config.origins,
      rpIdHash: this.#rpIdHash,
      requireUserVerification: this.config.require_user_verification,
    });
    if (refusal) throw new UnauthorizedError(CEREMONY_REFUSALS[refusal], refusal);
    return { challenge: found!, client, head };
  }
}
