import { z } from 'zod';
import { route, type RouteDeclaration } from '../../kernel/public.js';
import { CreateTenant, createTenantInput, createdTenantView, ListTenants, listTenantsInput, tenantView } from './operations-tenants.js';

export function tenantRoutes(tags: string[]): RouteDeclaration[] {
  return [
    route({
      method: 'POST',
      path: '/partner/tenants',
      prefixes: ['v2'],
      access: 'write',
      body: createTenantInput,
      response: createdTenantView,
      status: 201,
      responseHasSecret: true,
      operation: CreateTenant,
      summary: 'Provision a tenant',
      description:
        'A new isolated team in the partner’s environment (live, or sandbox with the sandbox key) with an admin user and its fak_ key, shown once. 422 for a bad or taken domain, an unknown plan, or when the partner’s tier allows no more tenants.',
      tags,
    }),
    route({
      method: 'GET',
      path: '/partner/tenants',
      prefixes: ['v2'],
      access: 'read',
      query: listTenantsInput,
      response: z.array(tenantView),
      operation: ListTenants,
      summary: 'List the partner’s tenants, oldest first',
      description: 'Only this environment’s: the sandbox key lists the sandbox tenants.',
      tags,
    }),
  ];
}
