import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.rewards` slice: the earning and redemption rules (docs/rewards.md). */
export const rewardsConfigSchema = z.object({
  points_per_unit: z
    .record(z.string().min(1).max(12), z.number().int().min(0).max(1_000_000))
    .default({ USD: 1, EUR: 1, GBP: 1 })
    .describe('Points earned per whole unit spent, by asset (card captures and invoice payments); spend in an asset not listed earns none, but still counts for quests.'),
  cashback_asset: z.string().min(1).max(12).default('USD').describe('The asset redeemed points are paid in, from the system:rewards-expense account.'),
  cashback_per_point: z
    .string()
    .regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/)
    .default('0.01')
    .describe('What one point pays on redemption, in cashback_asset; at least its smallest unit.'),
  min_redemption_points: z.number().int().min(1).default(100).describe('The fewest points redeemed at once.'),
});

export type RewardsConfig = z.output<typeof rewardsConfigSchema>;
export const RewardsConfig = token<RewardsConfig>('rewards.config');
