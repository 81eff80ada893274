import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.product` slice. */
export const productConfigSchema = z.object({
  accrual_interval_ms: z.number().int().min(0).default(3_600_000).describe('How often a serving process accrues interest and charges fees that fell due (0 turns it off).'),
  accrual_batch: z.number().int().min(1).max(10_000).default(200).describe('Activations handled per pass; a larger backlog is worked off pass after pass.'),
});

export type ProductConfig = z.output<typeof productConfigSchema>;
export const ProductConfig = token<ProductConfig>('product.config');
