import type { PrivacyRequestRecord } from '../domain.js';
import type { PrivacyRequestView } from '../operations.js';

export function privacyRequestView(request: PrivacyRequestRecord): PrivacyRequestView {
  return {
    id: request.id,
    team_id: request.teamId,
    user_id: request.userId,
    type: request.type,
    status: request.status,
    modules: [...request.modules],
    requested_by_team_id: request.requestedByTeamId,
    created_at: request.createdAt.toISOString(),
    completed_at: request.completedAt?.toISOString() ?? null,
    export_available: request.document !== null,
  };
}

/** Reads are the subject team's; the operator (null) reads every team's. */
export const readerTeam = (actor: { kind: string; teamId: string }): string | null => (actor.kind === 'operator' ? null : actor.teamId);
