import { z } from 'zod';
import { route, type RouteDeclaration, type RouteTag } from '../../kernel/public.js';
import {
  ApiKeyId,
  ApiKeyView,
  CreateApiKey,
  CreateApiKeyBody,
  CreatedApiKey,
  CreateUser,
  CreateUserBody,
  CreateUserOutput,
  ListApiKeys,
  ListApiKeysQuery,
  RevokeApiKey,
  RevokedApiKey,
} from './operations.js';

/**
 * Identity's REST routes, as data. The HTTP adapter validates with the
 * schemas of operations.ts, merges params, query and body into one input and
 * calls the operation; business rules (future expiry, CIDR syntax,
 * permission escalation) are checked by the operations so the CLI gets them
 * too.
 */
export const identityRouteTags: readonly RouteTag[] = [
  {
    name: 'Identity',
    description:
      'Teams, users and fak_ API keys: each key has permissions (read, write, delete), an optional IP allow-list and expiry, all capped by the key that creates it; a secret is shown once. The operator creates users, each in a new team (docs/auth.md).',
  },
];
const tags = identityRouteTags.map(({ name }) => name);

export const identityRoutes: readonly RouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/admin/users',
    prefixes: ['v2'],
    access: 'operator',
    body: CreateUserBody,
    response: CreateUserOutput,
    status: 201,
    responseHasSecret: true,
    operation: CreateUser,
    summary: 'Create a user in a new team, with a first API key',
    description:
      "Operator only. Creates a team (team_name, or \"<name>'s team\"), the user and a key with the default permissions. The key is shown once and never stored: a retry with the same Idempotency-Key is 409 idempotent_replay_unavailable. A used email is 409 email_taken.",
    tags,
  }),
  route({
    method: 'POST',
    path: '/api-keys',
    prefixes: ['v2'],
    access: 'write',
    body: CreateApiKeyBody,
    response: CreatedApiKey,
    status: 201,
    responseHasSecret: true,
    operation: CreateApiKey,
    summary: 'Create an API key for the caller',
    description:
      "The key is shown once and never stored: a retry with the same Idempotency-Key is 409 idempotent_replay_unavailable. permissions default to read, write, delete capped by the caller; asking for a permission the caller lacks is 403. ip_allowlist takes IPv4/IPv6 addresses or CIDR blocks; expires_at must be in the future. The calling key's allow-list and expiry cap the new key's (inherited when none is asked; wider or later is 403).",
    tags,
  }),
  route({
    method: 'GET',
    path: '/api-keys',
    prefixes: ['v2'],
    access: 'read',
    query: ListApiKeysQuery,
    response: z.array(ApiKeyView),
    status: 200,
    operation: ListApiKeys,
    summary: "List the team's API keys",
    description: 'Newest first, paginated (page, per_page ≤ 100). Never returns a secret or hash.',
    tags,
  }),
  route({
    method: 'DELETE',
    path: '/api-keys/:id',
    prefixes: ['v2'],
    access: 'delete',
    params: ApiKeyId,
    response: RevokedApiKey,
    status: 200,
    operation: RevokeApiKey,
    summary: 'Revoke an API key',
    description: 'The key stops working on the next request. Revoking twice returns the first revocation time.',
    tags,
  }),
];
