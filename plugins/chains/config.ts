import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.chains` slice. */
export const chainsConfigSchema = z.object({
  seed: z.string().min(1).default('bank').describe('Seed of the simulated chains\' gas-price walks: the same seed and epoch give the same gas prices.'),
  epoch: z.iso.datetime().default('2026-01-01T00:00:00Z').describe('Instant of block 0 of every simulated chain; blocks follow at each chain\'s block time.'),
});

export type ChainsConfig = z.output<typeof chainsConfigSchema>;
/** The validated slice, bound by the manifest for the plugin's services. */
export const ChainsConfig = token<ChainsConfig>('chains.config');
