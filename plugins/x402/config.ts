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
  public_url: z
    .url()
    .default('http://localhost:8080')
    .describe('This service’s origin as clients reach it (scheme, host, port): POST /x402/pay may always pay it.'),
  pay_allowed_origins: z
    .array(z.string().regex(/^https?:\/\/[^/?#@\s]+$/, 'an origin: scheme://host[:port], or scheme://host:* for any port'))
    .max(100)
    .default([])
    .describe('Further origins POST /x402/pay may fetch (scheme://host[:port]; scheme://host:* for any port of the host). Hosts that resolve to private, loopback or link-local addresses are refused unless the entry names the host as an IP literal or localhost.'),
  pay_timeout_ms: z.number().int().min(100).max(60_000).default(10_000).describe('Each request of POST /x402/pay to the paid URL must be answered within this.'),
  pay_max_response_bytes: z.number().int().min(1_024).max(10_485_760).default(1_048_576).describe('Largest answer POST /x402/pay reads from the paid URL (502 above it).'),
  facilitator_url: z.string().url().optional().describe('X-Payment-Facilitator; without it, this service’s own facilitator at {origin}/api/v2/x402/facilitator.'),
});

export type X402Config = z.output<typeof x402ConfigSchema>;
export const X402Config = token<X402Config>('x402.config');
