import { z } from 'zod';
import { eventType } from '../../kernel/public.js';
import { partnerStatus } from './operations.js';
import { tenantView } from './operations-tenants.js';
import { whitelabelView } from './operations-whitelabel.js';
import { sdkPackageV1View } from './operations-sdk.js';
import { TIERS } from './domain/tiers.js';

/** The partner as events carry it: never a credential. */
export const partnerEventView = z
  .object({
    partner_id: z.uuid(),
    organization_name: z.string(),
    tier: z.enum(TIERS),
    status: partnerStatus,
    modules_enabled: z.array(z.string()),
  })
  .strict()
  .meta({ id: 'PartnerEvent' });

/** Each is appended to the partner's live team, so its webhook (onboarding's webhook_url) receives it. */
export const PartnerOnboarded = eventType({
  name: 'partner.onboarded',
  version: 1,
  group: 'Partner',
  description: 'A partner organisation was onboarded: its teams, admin user and keys exist.',
  emittedBy: 'POST /v1/partner/onboard',
  payload: partnerEventView,
  webhook: true,
});

export const PartnerSuspended = eventType({
  name: 'partner.suspended',
  version: 1,
  group: 'Partner',
  description: 'The operator suspended a partner: every call with its keys and its teams’ keys is refused until it is reactivated.',
  emittedBy: 'POST /v2/admin/partners/{id}/suspend, partner suspend',
  payload: partnerEventView,
  webhook: true,
});

export const PartnerReactivated = eventType({
  name: 'partner.reactivated',
  version: 1,
  group: 'Partner',
  description: 'The operator lifted a partner’s suspension.',
  emittedBy: 'POST /v2/admin/partners/{id}/reactivate, partner reactivate',
  payload: partnerEventView,
  webhook: true,
});

export const PartnerRevoked = eventType({
  name: 'partner.revoked',
  version: 1,
  group: 'Partner',
  description: 'The operator revoked a partner for good: its keys and its teams’ keys are refused from now on.',
  emittedBy: 'POST /v2/admin/partners/{id}/revoke, partner revoke',
  payload: partnerEventView,
  webhook: true,
});

export const PartnerKeysRotated = eventType({
  name: 'partner.keys_rotated',
  version: 1,
  group: 'Partner',
  description: 'A partner’s live and sandbox keys were replaced; the old ones stopped at once.',
  emittedBy: 'POST /v2/admin/partners/{id}/rotate-keys, partner rotate-keys',
  payload: partnerEventView,
  webhook: true,
});


export const TenantProvisioned = eventType({
  name: 'partner.tenant.provisioned',
  version: 1,
  group: 'Partner',
  description: 'A partner provisioned a tenant (an isolated team) in its live or sandbox environment.',
  emittedBy: 'POST /v2/partner/tenants',
  payload: tenantView,
  webhook: true,
});

export const WidgetDeployed = eventType({
  name: 'widget.deployed',
  version: 1,
  group: 'Partner',
  description: 'A partner published a white-label configuration: its widget document has a new version.',
  emittedBy: 'PUT /v2/partner/config/whitelabel',
  payload: whitelabelView,
  webhook: true,
});

export const SdkGenerated = eventType({
  name: 'sdk.generated',
  version: 1,
  group: 'Partner',
  description: 'SDK packages were generated for a partner (one event per request, every package listed).',
  emittedBy: 'POST /v1/partner/onboard (sdk_languages), POST /v2/partner/sdk/generate, POST /v1/partner/sdk/generate',
  payload: z.object({ partner_id: z.uuid(), generation_id: z.uuid(), packages: z.array(sdkPackageV1View) }).strict().meta({ id: 'SdkGeneratedEvent' }),
  webhook: true,
});

export const partnerEvents = [SdkGenerated, PartnerOnboarded, PartnerSuspended, PartnerReactivated, PartnerRevoked, PartnerKeysRotated, TenantProvisioned, WidgetDeployed];
