import { z } from 'zod';
import { pageNumber, pageSize, timestamp, token, type Operation, type Page } from '../../kernel/public.js';
import { PERMISSIONS } from './domain/permissions.js';

/**
 * The identity operations: one token each, shared by REST, the CLI and any
 * other driving adapter, and the zod schema of every input and view, the one
 * source of the TS types (`z.infer`) and the OpenAPI components. Inputs are
 * the flat, validated objects the adapters build (params + query + body);
 * outputs use the API's snake_case names and ISO 8601 timestamps (null when
 * absent).
 */
const permission = z.enum(PERMISSIONS);
/** Accepted with an offset; answered in UTC. */
const timestampInput = z.iso.datetime({ offset: true });
const name = z.string().trim().min(1).max(200);
const USER_ID = '1b3d5f7a-9c2e-4a6b-8d0f-2e4a6c8e0b1d';
const KEY_ID = '4d6f8a0c-2e4b-4d6f-8a0c-2e4b6d8f0a1c';

export const CreateUserBody = z
  .object({ name, email: z.email().max(254), team_name: name.optional() })
  .meta({ id: 'CreateUserRequest', example: { name: 'Ada Lovelace', email: 'ada@example.com', team_name: 'Analytical Engines' } });
export type CreateUserInput = z.infer<typeof CreateUserBody>;

const USER_EXAMPLE = { id: USER_ID, name: 'Ada Lovelace', email: 'ada@example.com', team_id: '5c8e1a3f-7b9d-4f2e-8c6a-1e3b5d7f9a2c' } as const;
export const UserView = z
  .strictObject({ id: z.string(), name: z.string(), email: z.string(), team_id: z.string() })
  .meta({ id: 'User', example: USER_EXAMPLE });
export type UserView = z.infer<typeof UserView>;

const ISSUED_KEY_EXAMPLE = {
  id: KEY_ID,
  key: 'fak_3kT9wQz7LmN2pR5vX8yB1cD4fG6hJ0sA',
  prefix: 'fak_3kT9',
  permissions: ['read', 'write', 'delete'],
  expires_at: null,
} as const;

/** The only time a key's secret is ever returned. */
export const IssuedKeyView = z
  .strictObject({
    id: z.string(),
    key: z.string().describe('The secret key, shown only in this response.'),
    prefix: z.string(),
    permissions: z.array(permission),
    expires_at: timestamp.nullable(),
  })
  .meta({ id: 'IssuedApiKey', example: ISSUED_KEY_EXAMPLE });
export type IssuedKeyView = z.infer<typeof IssuedKeyView>;

export const CreateUserOutput = z
  .strictObject({ user: UserView, api_key: IssuedKeyView })
  .meta({ id: 'CreatedUser', example: { user: USER_EXAMPLE, api_key: ISSUED_KEY_EXAMPLE } });
export type CreateUserOutput = z.infer<typeof CreateUserOutput>;

export const CreateApiKeyBody = z
  .object({
    name: name.optional(),
    permissions: z.array(permission).min(1).max(PERMISSIONS.length).optional(),
    ip_allowlist: z.array(z.string().max(64)).max(100).optional(),
    expires_at: timestampInput.nullable().optional(),
  })
  .meta({ id: 'CreateApiKeyRequest', example: { name: 'Reporting', permissions: ['read'], ip_allowlist: ['203.0.113.0/24'], expires_at: '2026-12-31T23:59:59Z' } });
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyBody> & {
  /** CLI and operator only: the team member who owns the key (default: the caller). */
  readonly user_id?: string;
};

export const CreatedApiKey = IssuedKeyView.extend({
  name: z.string(),
  user_id: z.string(),
  ip_allowlist: z.array(z.string()),
  created_at: timestamp,
}).meta({
  id: 'CreatedApiKey',
  example: { ...ISSUED_KEY_EXAMPLE, name: 'Default', user_id: USER_ID, ip_allowlist: [], created_at: '2026-01-15T09:30:00.000Z' },
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ListApiKeysQuery = z.object({ page: pageNumber().default(1), per_page: pageSize().default(20) });
/** The CLI and GraphQL may leave the page out; the operation applies the defaults. */
export type ListApiKeysInput = Partial<z.infer<typeof ListApiKeysQuery>>;

export const ApiKeyStatus = z.enum(['active', 'expired', 'revoked']);
export type ApiKeyStatus = z.infer<typeof ApiKeyStatus>;

/** A key as listed: never the secret, never the hash. */
export const ApiKeyView = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    user_id: z.string(),
    permissions: z.array(permission),
    ip_allowlist: z.array(z.string()),
    status: ApiKeyStatus,
    expires_at: timestamp.nullable(),
    last_used_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    created_at: timestamp,
  })
  .meta({
    id: 'ApiKey',
    example: {
      id: KEY_ID,
      name: 'Default',
      prefix: 'fak_3kT9',
      user_id: USER_ID,
      permissions: ['read', 'write', 'delete'],
      ip_allowlist: [],
      status: 'active',
      expires_at: null,
      last_used_at: '2026-01-15T10:02:00.000Z',
      revoked_at: null,
      created_at: '2026-01-15T09:30:00.000Z',
    },
  });
export type ApiKeyView = z.infer<typeof ApiKeyView>;

export const ApiKeyId = z.object({ id: z.string().min(1).max(100) });
export type RevokeApiKeyInput = z.infer<typeof ApiKeyId>;

export const RevokedApiKey = z
  .strictObject({ id: z.string(), revoked_at: timestamp })
  .meta({ id: 'RevokedApiKey', example: { id: KEY_ID, revoked_at: '2026-01-16T08:00:00.000Z' } });
export type RevokedApiKey = z.infer<typeof RevokedApiKey>;

export const CreateUser = token<Operation<CreateUserInput, CreateUserOutput>>('identity.create-user');
export const CreateApiKey = token<Operation<CreateApiKeyInput, CreatedApiKey>>('identity.create-api-key');
export const ListApiKeys = token<Operation<ListApiKeysInput, Page<ApiKeyView>>>('identity.list-api-keys');
export const RevokeApiKey = token<Operation<RevokeApiKeyInput, RevokedApiKey>>('identity.revoke-api-key');
