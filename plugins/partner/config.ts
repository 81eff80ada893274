import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.partner` slice. */
export const partnerConfigSchema = z.object({
  public_url: z
    .url()
    .default('http://localhost:8080')
    .describe('Where clients reach this service (scheme, host, port; no path): sandbox_url, dashboard_url and SDK download links are built on it.'),
});

export type PartnerConfig = z.output<typeof partnerConfigSchema>;
export const PartnerConfig = token<PartnerConfig>('partner.config');
