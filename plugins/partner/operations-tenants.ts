import { z } from 'zod';
import { pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';
import { TIERS } from './domain/tiers.js';

/** Tenants: a partner's customers, each an isolated team (docs/partner.md#tenants). */
export const createTenantInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    plan: z.enum(TIERS).describe('starter, growth or enterprise: sets the tenant’s request rate.'),
    domain: z.string().max(253).describe('The tenant’s DNS name, unique across the service (compared in lower case).'),
  })
  .strict()
  .meta({ id: 'CreatePartnerTenantInput', example: { name: 'Corner Shop Ltd', plan: 'starter', domain: 'cornershop.example' } });
export type CreateTenantInput = z.infer<typeof createTenantInput>;

const tenantFields = {
  id: z.uuid(),
  name: z.string(),
  plan: z.enum(TIERS),
  domain: z.string(),
  status: z.enum(['active']),
  environment: z.enum(['live', 'sandbox']).describe('sandbox when provisioned with the sandbox partner key.'),
  team_id: z.string().describe('The tenant’s own team: its keys see only its data.'),
  created_at: timestamp,
};

export const tenantView = z.object(tenantFields).strict().meta({ id: 'PartnerTenant', example: { id: '8b3e4d1a-6c0f-4b5a-9d9c-4f7e0a3b2c56', name: 'Corner Shop Ltd', plan: 'starter', domain: 'cornershop.example', status: 'active', environment: 'live', team_id: '9c4f5e2b-7d1a-4c6b-8e0d-5a8f1b4c3d67', created_at: '2026-11-25T09:45:00.000Z' } });
export type TenantView = z.infer<typeof tenantView>;

export const createdTenantView = z
  .object({ ...tenantFields, api_key: z.string().describe('A fak_ key of the tenant’s admin user (every permission). Shown once.') })
  .strict()
  .meta({ id: 'PartnerTenantCreated', example: { id: '8b3e4d1a-6c0f-4b5a-9d9c-4f7e0a3b2c56', name: 'Corner Shop Ltd', plan: 'starter', domain: 'cornershop.example', status: 'active', environment: 'live', team_id: '9c4f5e2b-7d1a-4c6b-8e0d-5a8f1b4c3d67', created_at: '2026-11-25T09:45:00.000Z', api_key: 'fak_5Lm2Qw8Rt1Yu4Io7Pa0Sd3Fg6Hj9Kl2Zx5Cv8Bn1Mq4' } });
export type CreatedTenantView = z.infer<typeof createdTenantView>;

export const listTenantsInput = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
export type ListTenantsInput = z.infer<typeof listTenantsInput>;

export const CreateTenant = token<Operation<CreateTenantInput, CreatedTenantView>>('partner.create-tenant');
export const ListTenants = token<Operation<ListTenantsInput, Page<TenantView>>>('partner.list-tenants');
