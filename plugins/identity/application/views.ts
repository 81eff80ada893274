import { isExpired } from '../domain/expiry.js';
import type { ApiKeyView, ApiKeyStatus, IssuedKeyView, UserView } from '../operations.js';
import type { ApiKeyRecord, UserRecord } from '../ports.js';

const iso = (at: Date | null): string | null => (at ? at.toISOString() : null);

export function userView(user: UserRecord): UserView {
  return { id: user.id, name: user.name, email: user.email, team_id: user.teamId };
}

export function issuedKeyView(record: ApiKeyRecord, key: string): IssuedKeyView {
  return {
    id: record.id,
    key,
    prefix: record.prefix,
    permissions: [...record.permissions],
    expires_at: iso(record.expiresAt),
  };
}

export function keyStatus(record: ApiKeyRecord, now: Date): ApiKeyStatus {
  if (record.revokedAt) return 'revoked';
  return isExpired(record.expiresAt, now) ? 'expired' : 'active';
}

export function apiKeyView(record: ApiKeyRecord, now: Date): ApiKeyView {
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    user_id: record.userId,
    permissions: [...record.permissions],
    ip_allowlist: [...record.ipAllowlist],
    status: keyStatus(record, now),
    expires_at: iso(record.expiresAt),
    last_used_at: iso(record.lastUsedAt),
    revoked_at: iso(record.revokedAt),
    created_at: record.createdAt.toISOString(),
  };
}
