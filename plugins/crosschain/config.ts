import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.crosschain` slice. */
export const crosschainConfigSchema = z.object({
  time_scale: z
    .number()
    .min(1)
    .max(100_000)
    .default(1)
    .describe('How many times faster than the service clock the simulated bridges run: each lifecycle step waits its model seconds divided by this (1 in production; about 30 in development makes a layerzero transfer between fast chains take seconds). Quotes still report the real model\'s duration.'),
  quote_ttl_seconds: z.number().int().min(30).max(3_600).default(300).describe('How long a bridge quote holds, in seconds (the spec\'s 300 by default).'),
});

export type CrosschainConfig = z.output<typeof crosschainConfigSchema>;
/** The validated slice, bound by the manifest for the plugin's services. */
export const CrosschainConfig = token<CrosschainConfig>('crosschain.config');
