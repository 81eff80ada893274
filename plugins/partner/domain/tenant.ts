import type { Environment } from './partner.js';
import type { Tier } from './tiers.js';

/** A partner's customer: an isolated team provisioned in one of the partner's environments. */
export interface TenantRecord {
  readonly id: string;
  readonly partnerId: string;
  readonly environment: Environment;
  /** The partner's team that owns it (its live or sandbox team). */
  readonly ownerTeamId: string;
  /** The tenant's own team: its keys see only this team's data. */
  readonly teamId: string;
  readonly name: string;
  readonly plan: Tier;
  /** Lower case; unique across the service. */
  readonly domain: string;
  readonly status: 'active';
  readonly createdAt: Date;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A DNS host name: two or more labels of letters, digits and inner hyphens,
 * 253 characters at most, a last label that is not all digits. Compared in
 * lower case, a trailing dot dropped.
 */
export function normaliseDomain(text: string): string | undefined {
  const domain = text.trim().toLowerCase().replace(/\.$/, '');
  if (domain.length === 0 || domain.length > 253) return undefined;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return undefined;
  if (/^\d+$/.test(labels.at(-1)!)) return undefined;
  return domain;
}
