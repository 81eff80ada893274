import { inject, injectable } from 'inversify';
import { Clock, UnitOfWork } from '../../../kernel/public.js';
import { ChallengeRepository } from '../ports.js';

const BATCH = 1000;
/** Kept a while after use or expiry, so a late answer still meets "already used" rather than "unknown" in logs. */
const GRACE_MS = 3_600_000;

/** The scheduled task mobile.challenge-cleanup: deletes answered and expired challenges, a batch per pass. */
@injectable()
export class ChallengeCleanup {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  sweep(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - GRACE_MS);
    return this.uow.run((tx) => this.challenges.deleteStale(tx, before, BATCH));
  }
}
