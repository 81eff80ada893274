import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.template` slice. */
export const templateConfigSchema = z.object({
  expiry_sweep_interval_ms: z.number().int().min(0).default(60_000).describe('How often a serving process looks for items past their expiry (0 turns the sweep off).'),
  expiry_sweep_batch: z.number().int().min(1).max(10_000).default(500).describe('Items expired per pass; a larger backlog is worked off pass after pass.'),
});

export type TemplateConfig = z.output<typeof templateConfigSchema>;
/** The validated slice, bound by the manifest for the plugin's services. */
export const TemplateConfig = token<TemplateConfig>('template.config');
