import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.ai` slice. */
export const aiConfigSchema = z.object({
  default_currency: z.string().regex(/^[A-Z][A-Z0-9]{1,11}$/).default('USD').describe('Currency analytics and totals are converted to (through the price feed) when neither the query nor options.currency names one.'),
  max_scanned_transactions: z.number().int().min(1).max(1_000_000).default(50_000).describe('Most transactions one question reads; past it the answer says truncated (analytics cover what was read).'),
});

export type AiConfig = z.output<typeof aiConfigSchema>;
/** The validated slice, bound by the manifest for the plugin's services. */
export const AiConfig = token<AiConfig>('ai.config');
