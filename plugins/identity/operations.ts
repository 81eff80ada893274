import type { Permission } from '../../kernel/contract/context.js';
import type { Page } from '../../kernel/contract/page.js';
import type { Operation } from '../../kernel/contract/route.js';
import { token } from '../../kernel/contract/token.js';

/**
 * The identity operations: one token each, shared by REST, the CLI and any
 * other driving adapter. Inputs are the flat, validated objects the adapters
 * build (params + query + body); outputs use the API's snake_case names and
 * ISO 8601 timestamps (null when absent).
 */
export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

export interface CreateUserInput {
  readonly name: string;
  readonly email: string;
  readonly team_name?: string;
}

export interface UserView {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly team_id: string;
}

/** The only time a key's secret is ever returned. */
export interface IssuedKeyView {
  readonly id: string;
  readonly key: string;
  readonly prefix: string;
  readonly permissions: readonly Permission[];
  readonly expires_at: string | null;
}

export interface CreateUserOutput {
  readonly user: UserView;
  readonly api_key: IssuedKeyView;
}

export interface CreateApiKeyInput {
  readonly name?: string;
  readonly permissions?: readonly Permission[];
  readonly ip_allowlist?: readonly string[];
  readonly expires_at?: string | null;
  /** CLI and operator only: the team member who owns the key (default: the caller). */
  readonly user_id?: string;
}

export interface CreatedApiKey extends IssuedKeyView {
  readonly name: string;
  readonly user_id: string;
  readonly ip_allowlist: readonly string[];
  readonly created_at: string;
}

export interface ListApiKeysInput {
  readonly page?: number;
  readonly per_page?: number;
}

/** A key as listed: never the secret, never the hash. */
export interface ApiKeyView {
  readonly id: string;
  readonly name: string;
  readonly prefix: string;
  readonly user_id: string;
  readonly permissions: readonly Permission[];
  readonly ip_allowlist: readonly string[];
  readonly status: ApiKeyStatus;
  readonly expires_at: string | null;
  readonly last_used_at: string | null;
  readonly revoked_at: string | null;
  readonly created_at: string;
}

export interface RevokeApiKeyInput {
  readonly id: string;
}

export interface RevokedApiKey {
  readonly id: string;
  readonly revoked_at: string;
}

export const CreateUser = token<Operation<CreateUserInput, CreateUserOutput>>('identity.create-user');
export const CreateApiKey = token<Operation<CreateApiKeyInput, CreatedApiKey>>('identity.create-api-key');
export const ListApiKeys = token<Operation<ListApiKeysInput, Page<ApiKeyView>>>('identity.list-api-keys');
export const RevokeApiKey = token<Operation<RevokeApiKeyInput, RevokedApiKey>>('identity.revoke-api-key');
