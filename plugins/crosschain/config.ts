import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.crosschain` slice. */
export const crosschainConfigSchema = z.object({
  quote_ttl_seconds: z.number().int().min(30).max(3_600).default(300).describe('How long a bridge quote holds, in seconds (the spec\'s 300 by default).'),
});

export type CrosschainConfig = z.output<typeof crosschainConfigSchema>;
/** The validated slice, bound by the manifest for the plugin's services. */
export const CrosschainConfig = token<CrosschainConfig>('crosschain.config');
