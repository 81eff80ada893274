import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.x402` slice. */
export const x402ConfigSchema = z.object({
  networks: z
    .array(z.string().regex(/^eip155:\d+$/))
    .min(1)
    .default(['eip155:8453', 'eip155:84532'])
    .describe('CAIP-2 networks payments are accepted on; each must be a chain of the chains catalogue with USDC.'),
  monetizable_prefixes: z
    .array(z.string().startsWith('/api/'))
    .default(['/api/v2/gcu/', '/api/v1/gcu/', '/api/v2/chains'])
    .describe('Paths a team may monetize start with one of these: data that is the same for every caller, never a team’s own records.'),
  max_timeout_seconds: z.number().int().min(10).max(3_600).default(60).describe('maxTimeoutSeconds of a payment requirement: how long a client may take to pay.'),
  facilitator_url: z.string().url().optional().describe('X-Payment-Facilitator; without it, this service’s own facilitator at {origin}/api/v2/x402/facilitator.'),
});

export type X402Config = z.output<typeof x402ConfigSchema>;
export const X402Config = token<X402Config>('x402.config');
