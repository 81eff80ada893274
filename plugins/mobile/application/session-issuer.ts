import { createHash } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { Clock, Ids, Random, type Tx } from '../../../kernel/public.js';
import { MobileConfig } from '../config.js';
import { SESSION_RANDOM_BYTES, SESSION_SCHEME, sessionDisplayPrefix, type SessionRecord } from '../domain/session.js';
import { SessionRepository } from '../ports.js';

/** SHA-256 of the whole token, lowercase hex: 256 random bits need no slow hash (as for API keys). */
export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Makes a session token and stores only its hash. */
@injectable()
export class SessionIssuer {
  constructor(
    @inject(MobileConfig) private readonly config: MobileConfig,
    @inject(SessionRepository) private readonly sessions: SessionRepository,
    @inject(Random) private readonly random: Random,
    @inject(Ids) private readonly ids: Ids,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async issue(tx: Tx, owner: { teamId: string; userId: string; credentialId: string }): Promise<{ token: string; session: SessionRecord }> {
    const token = SESSION_SCHEME + Buffer.from(this.random.bytes(SESSION_RANDOM_BYTES)).toString('base64url');
    const now = this.clock.now();
    const session: SessionRecord = {
      id: this.ids.uuid(),
      ...owner,
      prefix: sessionDisplayPrefix(token),
      hash: sessionTokenHash(token),
      permissions: [...this.config.session_permissions],
      expiresAt: new Date(now.getTime() + this.config.session_ttl_ms),
      revokedAt: null,
      createdAt: now,
    };
    await this.sessions.insert(tx, session);
    return { token, session };
  }
}
