import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.treasury` slice. */
export const treasuryConfigSchema = z.object({
  default_tolerance_bps: z.number().int().min(0).max(10_000).default(100).describe('Tolerance of a rebalance that names none, in basis points of the total (100 = 1 %).'),
});

export type TreasuryConfig = z.output<typeof treasuryConfigSchema>;
/** The validated slice, bound by the manifest for the plugin's services. */
export const TreasuryConfig = token<TreasuryConfig>('treasury.config');
