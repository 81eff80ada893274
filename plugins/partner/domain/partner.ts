import type { Tier } from './tiers.js';

export type PartnerStatus = 'active' | 'suspended' | 'revoked';
export type Environment = 'live' | 'sandbox';

/**
 * A partner organisation. Its live team holds its admin user; its sandbox
 * team is a separate tenant with its own data, selected by the sandbox key.
 * `teamId` is the live team: the partner row belongs to it.
 */
export interface PartnerRecord {
  readonly id: string;
  readonly teamId: string;
  readonly sandboxTeamId: string;
  readonly organizationName: string;
  readonly contactEmail: string;
  readonly adminUserId: string;
  readonly tier: Tier;
  readonly modules: readonly string[];
  readonly sdkLanguages: readonly string[];
  readonly ipWhitelist: readonly string[];
  readonly requestsPerMinute: number;
  readonly burst: number;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly status: PartnerStatus;
  readonly liveKeyHash: string;
  readonly liveKeyPrefix: string;
  readonly sandboxKeyHash: string;
  readonly sandboxKeyPrefix: string;
  readonly complianceReview: string;
  readonly sandboxTestedAt: Date | null;
  readonly sdkGeneratedAt: Date | null;
  /** When the operator last replaced the keys; null while they are the onboarding's. */
  readonly keysRotatedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Which of a partner's teams a team is. */
export function environmentOf(partner: PartnerRecord, teamId: string): Environment | undefined {
  if (partner.teamId === teamId) return 'live';
  if (partner.sandboxTeamId === teamId) return 'sandbox';
  return undefined;
}

/** The team a partner key selects. */
export function teamOf(partner: PartnerRecord, environment: Environment): string {
  return environment === 'live' ? partner.teamId : partner.sandboxTeamId;
}

/** Suspension can be lifted; revocation is final. */
export function canMoveTo(from: PartnerStatus, to: PartnerStatus): boolean {
  if (from === 'revoked') return false;
  return from !== to;
}
