import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.batch` slice. */
export const batchConfigSchema = z.object({
  max_items: z.number().int().min(1).max(10_000).default(1_000).describe('The most items one batch may hold.'),
});

export type BatchConfig = z.output<typeof batchConfigSchema>;
export const BatchConfig = token<BatchConfig>('batch.config');
