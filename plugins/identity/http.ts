import { z } from 'zod';
import { route, type RouteDeclaration } from '../../kernel/contract/route.js';
import { pageNumber, pageSize } from '../../kernel/contract/query.js';
import { PERMISSIONS } from './domain/permissions.js';
import { CreateApiKey, CreateUser, ListApiKeys, RevokeApiKey } from './operations.js';

/**
 * Identity's REST routes, as data. The HTTP adapter validates with these
 * schemas, merges params, query and body into one input and calls the
 * operation; business rules (future expiry, CIDR syntax, permission
 * escalation) are checked by the operations so the CLI gets them too.
 */
const permission = z.enum(PERMISSIONS);
const timestamp = z.iso.datetime({ offset: true });
const name = z.string().trim().min(1).max(200);

export const createUserBody = z.object({
  name,
  email: z.email().max(254),
  team_name: name.optional(),
});

export const createApiKeyBody = z.object({
  name: name.optional(),
  permissions: z.array(permission).min(1).max(PERMISSIONS.length).optional(),
  ip_allowlist: z.array(z.string().max(64)).max(100).optional(),
  expires_at: timestamp.nullable().optional(),
});

export const listApiKeysQuery = z.object({
  page: pageNumber().default(1),
  per_page: pageSize().default(20),
});

export const apiKeyIdParams = z.object({ id: z.string().min(1).max(100) });

const issuedKey = z.object({
  id: z.string(),
  key: z.string().describe('The secret key, shown only in this response.'),
  prefix: z.string(),
  permissions: z.array(permission),
  expires_at: timestamp.nullable(),
});

export const createdApiKeyResponse = issuedKey.extend({
  name: z.string(),
  user_id: z.string(),
  ip_allowlist: z.array(z.string()),
  created_at: timestamp,
});

export const apiKeyResponse = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  user_id: z.string(),
  permissions: z.array(permission),
  ip_allowlist: z.array(z.string()),
  status: z.enum(['active', 'expired', 'revoked']),
  expires_at: timestamp.nullable(),
  last_used_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
  created_at: timestamp,
});

export const identityRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/admin/users',
    prefixes: ['v2'],
    access: 'operator',
    body: createUserBody,
    response: z.object({
      user: z.object({ id: z.string(), name: z.string(), email: z.string(), team_id: z.string() }),
      api_key: issuedKey,
    }),
    status: 201,
    responseHasSecret: true,
    operation: CreateUser,
    summary: 'Create a user in a new team, with a first API key',
    description:
      "Operator only. Creates a team (team_name, or \"<name>'s team\"), the user and a key with the default permissions. The key is shown once and never stored: a retry with the same Idempotency-Key is 409 idempotent_replay_unavailable. A used email is 409 email_taken.",
    tags: ['Identity'],
  }),
  route({
    method: 'POST',
    path: '/api-keys',
    prefixes: ['v2'],
    access: 'write',
    body: createApiKeyBody,
    response: createdApiKeyResponse,
    status: 201,
    responseHasSecret: true,
    operation: CreateApiKey,
    summary: 'Create an API key for the caller',
    description:
      "The key is shown once and never stored: a retry with the same Idempotency-Key is 409 idempotent_replay_unavailable. permissions default to read, write, delete capped by the caller; asking for a permission the caller lacks is 403. ip_allowlist takes IPv4/IPv6 addresses or CIDR blocks; expires_at must be in the future. The calling key's allow-list and expiry cap the new key's (inherited when none is asked; wider or later is 403).",
    tags: ['Identity'],
  }),
  route({
    method: 'GET',
    path: '/api-keys',
    prefixes: ['v2'],
    access: 'read',
    query: listApiKeysQuery,
    response: z.array(apiKeyResponse),
    status: 200,
    operation: ListApiKeys,
    summary: "List the team's API keys",
    description: 'Newest first, paginated (page, per_page ≤ 100). Never returns a secret or hash.',
    tags: ['Identity'],
  }),
  route({
    method: 'DELETE',
    path: '/api-keys/:id',
    prefixes: ['v2'],
    access: 'delete',
    params: apiKeyIdParams,
    response: z.object({ id: z.string(), revoked_at: timestamp }),
    status: 200,
    operation: RevokeApiKey,
    summary: 'Revoke an API key',
    description: 'The key stops working on the next request. Revoking twice returns the first revocation time.',
    tags: ['Identity'],
  }),
];
