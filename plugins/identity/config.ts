import { z } from 'zod';
import { token } from '../../kernel/public.js';
import { PERMISSIONS } from './domain/permissions.js';

/** The `pluginConfig.identity` config slice. */
export const identityConfigSchema = z.object({
  pepper: z.string().min(16).optional().describe('Optional server-side secret: when set, keys are stored as HMAC-SHA-256 keyed with it instead of plain SHA-256, so a leaked database alone cannot even confirm a guessed key. Changing it invalidates every stored key.'),
  default_permissions: z.array(z.enum(PERMISSIONS)).min(1).default(['read', 'write', 'delete']).describe('Permissions a new key gets when the request names none (capped by the creator\'s).'),
  auth_cache_ms: z.number().int().min(0).default(5_000).describe('How long a process keeps an API key it looked up before reading it again; 0 reads it on every request. A revocation applies at once in the revoking process and, through the api_key.revoked event, in the others within their live event poll (workflows.pollIntervalMs); this bounds everything else (a row changed by hand).'),
  last_used_interval_ms: z.number().int().min(0).default(60_000).describe('last_used_at is written at most once per this interval per key.'),
});

export type IdentityConfig = z.output<typeof identityConfigSchema>;
/** The validated slice, bound by the manifest for the plugin's services. */
export const IdentityConfig = token<IdentityConfig>('identity.config');
