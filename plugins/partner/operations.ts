import { z } from 'zod';
import { metadata, pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';
import { TIERS } from './domain/tiers.js';

/**
 * The partner module's operations and the zod schema of every input and
 * view: the one source of the TS types, the OpenAPI components and the
 * GraphQL types.
 */
export const SDK_LANGUAGES = ['typescript', 'python', 'php'] as const;
/** Named by the spec as planned: asking for them is a 422 'language_planned', not an unknown value. */
export const PLANNED_SDK_LANGUAGES = ['java', 'go'] as const;

const moduleName = z.string().min(1).max(64);

export const onboardPartnerInput = z
  .object({
    organization_name: z.string().trim().min(1).max(200),
    contact_email: z.email().max(254),
    tier: z.enum(TIERS),
    modules: z.array(moduleName).min(1).max(50).describe("Module names as BANK_MODULES spells them ('core-banking', 'webhooks', 'defi', …); each must be enabled."),
    sdk_languages: z.array(z.string().min(1).max(32)).max(5).default([]).describe("typescript, python or php; java and go are planned (422)."),
    webhook_url: z.string().max(2048).optional().describe("Becomes a webhook subscription of the partner's team for every event, signed with api_credentials.webhook_secret."),
    ip_whitelist: z.array(z.string().max(64)).max(100).default([]).describe('CIDR blocks or addresses every call with the partner’s keys must come from; empty allows any.'),
    rate_limit_override: z.number().int().min(1).max(100_000).optional().describe('Requests per minute replacing the tier’s; the burst is ten seconds’ worth.'),
    metadata: metadata.default({}),
  })
  .strict()
  .meta({
    id: 'PartnerOnboardInput',
    example: {
      organization_name: 'Acme Fintech',
      contact_email: 'platform@acme.example',
      tier: 'growth',
      modules: ['core-banking', 'webhooks'],
      sdk_languages: [],
      webhook_url: 'https://hooks.acme.example/bank',
      ip_whitelist: ['203.0.113.0/24'],
      rate_limit_override: 1200,
      metadata: { crm_id: 'A-42' },
    },
  });
export type OnboardPartnerInput = z.infer<typeof onboardPartnerInput>;

export const sdkPackageView = z
  .object({ language: z.enum(SDK_LANGUAGES), version: z.string(), package_name: z.string(), download_url: z.string(), docs_url: z.string(), install_command: z.string() })
  .strict()
  .meta({ id: 'PartnerSdkPackage' });

export const onboardingChecklistView = z
  .object({
    api_key_generated: z.boolean().describe('The live partner key is valid (not revoked).'),
    webhook_configured: z.boolean().describe('The partner’s team has a webhook subscription.'),
    sdk_generated: z.boolean().describe('An SDK was generated for the partner.'),
    sandbox_tested: z.boolean().describe('A call was made with the sandbox key.'),
    compliance_review: z.string().describe('pending until the operator records a review.'),
  })
  .strict()
  .meta({ id: 'PartnerOnboardingChecklist' });

const rateLimitsView = z.object({ requests_per_minute: z.number().int(), burst_limit: z.number().int() }).strict().meta({ id: 'PartnerRateLimits' });

export const partnerStatus = z.enum(['active', 'suspended', 'revoked']);

export const onboardingResultView = z
  .object({
    partner_id: z.uuid(),
    organization_name: z.string(),
    status: partnerStatus,
    tier: z.enum(TIERS),
    modules_enabled: z.array(z.string()),
    api_credentials: z
      .object({
        api_key: z.string().describe('The live partner key (fpk_), sent as X-Partner-Key. Shown once.'),
        sandbox_key: z.string().describe('The sandbox partner key (fpk_): selects the partner’s sandbox team. Shown once.'),
        webhook_secret: z.string().nullable().describe('Signs the webhook made from webhook_url (x-service-signature). Shown once; null without a webhook_url.'),
        user_api_key: z.string().describe('A fak_ key of the partner’s admin user: the bearer key of partner calls. Shown once.'),
      })
      .strict(),
    sdk_packages: z.array(sdkPackageView),
    rate_limits: rateLimitsView,
    sandbox_url: z.string(),
    dashboard_url: z.string(),
    created_at: timestamp,
    onboarding_checklist: onboardingChecklistView,
  })
  .strict()
  .meta({
    id: 'PartnerOnboardingResult',
    example: {
      partner_id: '00000000-0000-4000-8000-0000000000a1',
      organization_name: 'Acme Fintech',
      status: 'active',
      tier: 'growth',
      modules_enabled: ['core-banking', 'webhooks'],
      api_credentials: {
        api_key: 'fpk_Q2hhbmdlTWVDaGFuZ2VNZUNoYW5nZU1lQ2hhbmdlTWU',
        sandbox_key: 'fpk_U2FuZGJveFNhbmRib3hTYW5kYm94U2FuZGJveFNhbmQ',
        webhook_secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2U',
        user_api_key: 'fak_3Jx0c7Vd9QmZr2LkT5wYb8NhF1sUe4AgP6oKi0Xy2Cn',
      },
      sdk_packages: [],
      rate_limits: { requests_per_minute: 1200, burst_limit: 200 },
      sandbox_url: 'https://bank.example/api/v2',
      dashboard_url: 'https://bank.example/dashboard',
      created_at: '2026-11-25T09:30:00.000Z',
      onboarding_checklist: { api_key_generated: true, webhook_configured: true, sdk_generated: false, sandbox_tested: false, compliance_review: 'pending' },
    },
  });
export type OnboardingResultView = z.infer<typeof onboardingResultView>;

export const partnerView = z
  .object({
    id: z.uuid(),
    organization_name: z.string(),
    contact_email: z.string(),
    status: partnerStatus,
    tier: z.enum(TIERS),
    team_id: z.string(),
    sandbox_team_id: z.string(),
    modules_enabled: z.array(z.string()),
    ip_whitelist: z.array(z.string()),
    rate_limits: rateLimitsView,
    key_prefixes: z.object({ live: z.string(), sandbox: z.string() }).strict().describe('The 8 characters after fpk_ of each key; not secret.'),
    metadata,
    onboarding_checklist: onboardingChecklistView,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .strict()
  .meta({
    id: 'Partner',
    example: {
      id: '00000000-0000-4000-8000-0000000000a1',
      organization_name: 'Acme Fintech',
      contact_email: 'platform@acme.example',
      status: 'active',
      tier: 'growth',
      team_id: '6f1c2b9e-4a8d-4f3e-9b7a-2d5c8e1f0a34',
      sandbox_team_id: '7a2d3c0f-5b9e-4a4f-8c8b-3e6d9f2a1b45',
      modules_enabled: ['core-banking', 'webhooks'],
      ip_whitelist: ['203.0.113.0/24'],
      rate_limits: { requests_per_minute: 1200, burst_limit: 200 },
      key_prefixes: { live: 'Q2hhbmdl', sandbox: 'U2FuZGJv' },
      metadata: { crm_id: 'A-42' },
      onboarding_checklist: { api_key_generated: true, webhook_configured: true, sdk_generated: false, sandbox_tested: false, compliance_review: 'pending' },
      created_at: '2026-11-25T09:30:00.000Z',
      updated_at: '2026-11-25T09:30:00.000Z',
    },
  });
export type PartnerView = z.infer<typeof partnerView>;

export const rotatedKeysView = z
  .object({
    partner_id: z.uuid(),
    api_key: z.string().describe('The new live partner key. Shown once; the old one stops at once.'),
    sandbox_key: z.string().describe('The new sandbox partner key. Shown once.'),
  })
  .strict()
  .meta({
    id: 'PartnerRotatedKeys',
    example: { partner_id: '00000000-0000-4000-8000-0000000000a1', api_key: 'fpk_TmV3TGl2ZUtleU5ld0xpdmVLZXlOZXdMaXZlS2V5TmV3', sandbox_key: 'fpk_TmV3U2FuZGJveE5ld1NhbmRib3hOZXdTYW5kYm94TmV3' },
  });
export type RotatedKeysView = z.infer<typeof rotatedKeysView>;

export const listPartnersInput = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export type ListPartnersInput = z.infer<typeof listPartnersInput>;

export const partnerIdInput = z.object({ id: z.string().min(1).max(64) });
export type PartnerIdInput = z.infer<typeof partnerIdInput>;

export const emptyInput = z.object({});
export type EmptyInput = z.infer<typeof emptyInput>;

export const OnboardPartner = token<Operation<OnboardPartnerInput, OnboardingResultView>>('partner.onboard');
export const ListPartners = token<Operation<ListPartnersInput, Page<PartnerView>>>('partner.list-partners');
export const GetPartner = token<Operation<PartnerIdInput, PartnerView>>('partner.get-partner');
export const SuspendPartner = token<Operation<PartnerIdInput, PartnerView>>('partner.suspend');
export const ReactivatePartner = token<Operation<PartnerIdInput, PartnerView>>('partner.reactivate');
export const RevokePartner = token<Operation<PartnerIdInput, PartnerView>>('partner.revoke');
export const RotatePartnerKeys = token<Operation<PartnerIdInput, RotatedKeysView>>('partner.rotate-keys');
export const GetOwnPartner = token<Operation<EmptyInput, PartnerView>>('partner.get-own');

export const moduleAccessView = z
  .object({
    name: z.string().describe('The module as BANK_MODULES spells it.'),
    enabled: z.boolean().describe('Whether the caller’s key may use its routes.'),
    reason: z.enum(['enabled', 'always_on', 'module_not_enabled', 'feature_disabled']).describe('Why: the partner did not enable the module, or its white-label switched the feature off for tenants.'),
  })
  .strict()
  .meta({ id: 'ModuleAccess', example: { name: 'crosschain', enabled: false, reason: 'feature_disabled' } });
export type ModuleAccessView = z.infer<typeof moduleAccessView>;

export const ListCallerModules = token<Operation<EmptyInput, ModuleAccessView[]>>('partner.list-caller-modules');
