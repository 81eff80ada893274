/** A GDPR data-subject request and what it produced (docs/privacy.md). */
export type PrivacyRequestType = 'export' | 'erasure';
export type PrivacyRequestStatus = 'received' | 'completed';

export interface PrivacyRequestRecord {
  readonly id: string;
  /** The subject's team: the request is visible to that team (and to the operator). */
  readonly teamId: string;
  readonly userId: string;
  readonly type: PrivacyRequestType;
  readonly status: PrivacyRequestStatus;
  /** Who asked: the caller's team and user (an operator acting for another team shows here). */
  readonly requestedByTeamId: string;
  readonly requestedByUserId: string;
  /** The modules that held data about the user (export) or changed records (erasure). */
  readonly modules: readonly string[];
  /** The export's JSON document; null for an erasure (and for an export whose subject was later erased). */
  readonly document: string | null;
  readonly createdAt: Date;
  readonly completedAt: Date | null;
}
