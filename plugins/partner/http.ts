import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import {
  GetOwnPartner,
  GetPartner,
  ListPartners,
  listPartnersInput,
  OnboardPartner,
  onboardingResultView,
  onboardPartnerInput,
  partnerIdInput,
  partnerView,
  ReactivatePartner,
  RevokePartner,
  RotatePartnerKeys,
  rotatedKeysView,
  SuspendPartner,
} from './operations.js';
import { tenantRoutes } from './http-tenants.js';
import { whitelabelRoutes } from './http-whitelabel.js';
import { sdkRoutes } from './http-sdk.js';

export const partnerRouteTags: readonly RouteTag[] = [
  {
    name: 'Partner',
    description:
      'Banking-as-a-service for partners: onboarding (operator key), then partner calls with a partner user’s bearer key and X-Partner-Key (fpk_; the sandbox key selects the partner’s sandbox). See docs/partner.md.',
  },
  { name: 'Partner administration', description: 'The operator lists, suspends, reactivates and revokes partners and rotates their keys.' },
];
const [partnerTag, adminTag] = partnerRouteTags.map(({ name }) => [name]) as [string[], string[]];

const statusChange = (action: string, operation: typeof SuspendPartner, summary: string, description: string): RouteDeclaration =>
  route({
    method: 'POST',
    path: `/admin/partners/:id/${action}`,
    prefixes: ['v2'],
    access: 'operator',
    params: partnerIdInput,
    response: partnerView,
    operation,
    summary,
    description,
    tags: adminTag,
  });

export const partnerRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/partner/onboard',
    prefixes: ['v1'],
    access: 'operator',
    body: onboardPartnerInput,
    response: onboardingResultView,
    status: 201,
    responseHasSecret: true,
    operation: OnboardPartner,
    summary: 'Onboard a partner',
    description:
      'Creates the partner’s team with an admin user for contact_email, a sandbox team, the fpk_ live and sandbox keys, a fak_ key of the admin user and, for webhook_url, a webhook subscription of the partner’s team; every credential is shown once. 422 for an unknown module or language (java and go: language_planned), a bad CIDR or webhook URL; 409 when contact_email is already a user’s.',
    tags: partnerTag,
  }),
  route({
    method: 'GET',
    path: '/partner/profile',
    prefixes: ['v2'],
    access: 'read',
    response: partnerView,
    operation: GetOwnPartner,
    summary: 'The calling partner',
    description: 'Its tier, limits, modules, key prefixes and the onboarding checklist as it stands. Needs X-Partner-Key.',
    tags: partnerTag,
  }),
  ...tenantRoutes(partnerTag),
  ...whitelabelRoutes(partnerTag),
  ...sdkRoutes(partnerTag),
  route({
    method: 'GET',
    path: '/admin/partners',
    prefixes: ['v2'],
    access: 'operator',
    query: listPartnersInput,
    response: z.array(partnerView),
    operation: ListPartners,
    summary: 'List partners, oldest first',
    description: 'Paginated by page and per_page.',
    tags: adminTag,
  }),
  route({
    method: 'GET',
    path: '/admin/partners/:id',
    prefixes: ['v2'],
    access: 'operator',
    params: partnerIdInput,
    response: partnerView,
    operation: GetPartner,
    summary: 'One partner',
    description: '404 for an unknown id.',
    tags: adminTag,
  }),
  statusChange('suspend', SuspendPartner, 'Suspend a partner', 'Every call with the partner’s keys, its users’ and its tenants’ keys is refused (403 partner_suspended) from the next request on, until it is reactivated. 409 for a revoked partner.'),
  statusChange('reactivate', ReactivatePartner, 'Reactivate a suspended partner', '409 unless the partner is suspended (or already active).'),
  statusChange('revoke', RevokePartner, 'Revoke a partner for good', 'Its keys, its users’ and its tenants’ keys are refused (403 partner_revoked) from the next request on; a revoked partner cannot be reactivated.'),
  route({
    method: 'POST',
    path: '/admin/partners/:id/rotate-keys',
    prefixes: ['v2'],
    access: 'operator',
    params: partnerIdInput,
    response: rotatedKeysView,
    responseHasSecret: true,
    operation: RotatePartnerKeys,
    summary: 'Rotate a partner’s keys',
    description: 'New live and sandbox fpk_ keys, shown once; the old ones are refused (403) from the next request on. 409 for a revoked partner.',
    tags: adminTag,
  }),
];
