import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.cgo` slice. */
export const cgoConfigSchema = z.object({
  close_interval_ms: z
    .number()
    .int()
    .min(0)
    .default(60_000)
    .describe('How often a serving process looks for rounds past their closing time and closes them (0: never; the operator closes them).'),
});

export type CgoConfig = z.output<typeof cgoConfigSchema>;
export const CgoConfig = token<CgoConfig>('cgo.config');
