import { API_KEY_REVOKED_EVENT, type Tx } from '../../../kernel/public.js';
import type { ApiKeyRecord, ApiKeyRepository } from '../ports.js';
import type { ApiKeyCache } from './api-key-cache.js';

/**
 * Revokes a key of the team inside the caller's unit of work: it stops
 * working on the next request (this process's cached copy is forgotten once
 * the revocation commits, the other processes' on the event), and its open
 * sockets close on the api_key.revoked event committed with it (in every
 * process). Revoking twice
 * keeps the first time and emits nothing. Undefined for another team's or an
 * unknown key. Shared by DELETE /api-keys/{id} and a rotation without grace.
 */
export async function revokeKey(tx: Tx, keys: ApiKeyRepository, cache: ApiKeyCache, teamId: string, id: string, now: Date): Promise<ApiKeyRecord | undefined> {
  const revoked = await keys.revoke(tx, teamId, id, now);
  if (!revoked?.revokedAt) return undefined;
  tx.afterCommit(() => cache.forget(revoked.id));
  if (revoked.revokedAt.getTime() === now.getTime()) {
    await tx.append([
      { type: API_KEY_REVOKED_EVENT, teamId, aggregateType: 'api_key', aggregateId: revoked.id, payload: { api_key_id: revoked.id, revoked_at: revoked.revokedAt.toISOString() } },
    ]);
  }
  return revoked;
}
