import type { PartnerRecord } from '../domain/partner.js';
import type { PartnerView } from '../operations.js';

export function partnerView(partner: PartnerRecord, checklist: PartnerView['onboarding_checklist']): PartnerView {
  return {
    id: partner.id,
    organization_name: partner.organizationName,
    contact_email: partner.contactEmail,
    status: partner.status,
    tier: partner.tier,
    team_id: partner.teamId,
    sandbox_team_id: partner.sandboxTeamId,
    modules_enabled: [...partner.modules],
    ip_whitelist: [...partner.ipWhitelist],
    rate_limits: { requests_per_minute: partner.requestsPerMinute, burst_limit: partner.burst },
    key_prefixes: { live: partner.liveKeyPrefix, sandbox: partner.sandboxKeyPrefix },
    metadata: { ...partner.metadata },
    onboarding_checklist: checklist,
    created_at: partner.createdAt.toISOString(),
    updated_at: partner.updatedAt.toISOString(),
  };
}

/** The event payload: the partner without credentials or contact details beyond the organisation. */
export function partnerEventPayload(partner: PartnerRecord) {
  return {
    partner_id: partner.id,
    organization_name: partner.organizationName,
    tier: partner.tier,
    status: partner.status,
    modules_enabled: [...partner.modules],
  };
}
