import type { DirectoryUser } from '../../../kernel/public.js';
import type { PasskeyRecord } from '../domain/passkey.js';
import type { SessionRecord } from '../domain/session.js';
import type { PasskeyView, SessionView } from '../operations.js';

export function passkeyView(p: PasskeyRecord): PasskeyView {
  return {
    id: p.id,
    user_id: p.userId,
    attestation_format: p.attestationFormat,
    aaguid: p.aaguid,
    transports: [...p.transports],
    device_type: p.deviceType,
    backed_up: p.backedUp,
    counter: p.counter,
    flagged: p.flaggedAt !== null,
    flag_reason: p.flagReason,
    last_used_at: p.lastUsedAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
  };
}

export function sessionView(s: SessionRecord): SessionView {
  return {
    id: s.id,
    user_id: s.userId,
    credential_id: s.credentialId,
    prefix: s.prefix,
    permissions: [...s.permissions],
    expires_at: s.expiresAt.toISOString(),
    revoked_at: s.revokedAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
  };
}

export function sessionUserView(user: DirectoryUser) {
  return { id: user.id, team_id: user.teamId, name: user.name, email: user.email };
}
