import { injectable } from 'inversify';
import { ConflictError, type Tx } from '../../../../kernel/public.js';
import { deleteUndoable, putUndoable } from '../../../../kit/memory.js';
import type { ChallengeRecord } from '../../domain/challenge.js';
import type { PasskeyRecord } from '../../domain/passkey.js';
import type { SessionRecord } from '../../domain/session.js';
import type { ChallengeRepository, PasskeyRepository, SessionRepository } from '../../ports.js';

/** Challenges in a Map by value; every write is undone if its unit of work rolls back. */
@injectable()
export class MemoryChallengeRepository implements ChallengeRepository {
  readonly #rows = new Map<string, ChallengeRecord>();

  async insert(tx: Tx, challenge: ChallengeRecord): Promise<void> {
    if (this.#rows.has(challenge.challenge)) throw new ConflictError('The challenge exists already.', 'challenge_exists');
    putUndoable(tx, this.#rows, challenge.challenge, challenge);
  }

  async consume(tx: Tx, challenge: string, at: Date): Promise<ChallengeRecord | undefined> {
    const found = this.#rows.get(challenge);
    if (!found || found.consumedAt) return undefined;
    putUndoable(tx, this.#rows, challenge, { ...found, consumedAt: at });
    return found;
  }

  async deleteStale(tx: Tx, before: Date, limit: number): Promise<number> {
    const stale = [...this.#rows.values()]
      .filter((row) => (row.consumedAt !== null && row.consumedAt.getTime() < before.getTime()) || row.expiresAt.getTime() < before.getTime())
      .slice(0, limit);
    for (const row of stale) deleteUndoable(tx, this.#rows, row.challenge);
    return stale.length;
  }
}

@injectable()
export class MemoryPasskeyRepository implements PasskeyRepository {
  readonly #rows = new Map<string, PasskeyRecord>();

  async insert(tx: Tx, passkey: PasskeyRecord): Promise<void> {
    if (this.#rows.has(passkey.id)) throw new ConflictError('This passkey is registered already.', 'passkey_exists');
    putUndoable(tx, this.#rows, passkey.id, passkey);
  }

  async findById(_tx: Tx, id: string): Promise<PasskeyRecord | undefined> {
    return this.#rows.get(id);
  }

  async listByUser(_tx: Tx, teamId: string, userId: string): Promise<PasskeyRecord[]> {
    return [...this.#rows.values()]
      .filter((row) => row.teamId === teamId && row.userId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  async delete(tx: Tx, teamId: string, userId: string, id: string): Promise<PasskeyRecord | undefined> {
    const found = this.#rows.get(id);
    if (!found || found.teamId !== teamId || found.userId !== userId) return undefined;
    deleteUndoable(tx, this.#rows, id);
    return found;
  }

  async recordUse(tx: Tx, id: string, counter: number, at: Date): Promise<void> {
    const found = this.#rows.get(id);
    if (found) putUndoable(tx, this.#rows, id, { ...found, counter, lastUsedAt: at });
  }

  async flag(tx: Tx, id: string, reason: string, at: Date): Promise<PasskeyRecord | undefined> {
    const found = this.#rows.get(id);
    if (!found || found.flaggedAt) return found;
    const flagged: PasskeyRecord = { ...found, flaggedAt: at, flagReason: reason };
    putUndoable(tx, this.#rows, id, flagged);
    return flagged;
  }
}

@injectable()
export class MemorySessionRepository implements SessionRepository {
  readonly #rows = new Map<string, SessionRecord>();

  async insert(tx: Tx, session: SessionRecord): Promise<void> {
    putUndoable(tx, this.#rows, session.id, session);
  }

  async findByHash(_tx: Tx, hash: string): Promise<SessionRecord | undefined> {
    for (const row of this.#rows.values()) if (row.hash === hash) return row;
    return undefined;
  }

  async listActive(_tx: Tx, teamId: string, userId: string, now: Date): Promise<SessionRecord[]> {
    return [...this.#rows.values()]
      .filter((row) => row.teamId === teamId && row.userId === userId && row.revokedAt === null && row.expiresAt.getTime() > now.getTime())
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
  }

  async revoke(tx: Tx, teamId: string, userId: string, id: string, at: Date): Promise<SessionRecord | undefined> {
    const found = this.#rows.get(id);
    if (!found || found.teamId !== teamId || found.userId !== userId) return undefined;
    if (found.revokedAt) return found;
    const revoked: SessionRecord = { ...found, revokedAt: at };
    putUndoable(tx, this.#rows, id, revoked);
    return revoked;
  }

  async revokeByCredential(tx: Tx, credentialId: string, at: Date): Promise<SessionRecord[]> {
    const live = [...this.#rows.values()].filter((row) => row.credentialId === credentialId && row.revokedAt === null);
    return live.map((row) => {
      const revoked: SessionRecord = { ...row, revokedAt: at };
      putUndoable(tx, this.#rows, row.id, revoked);
      return revoked;
    });
  }
}
