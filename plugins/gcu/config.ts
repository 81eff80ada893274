import { z } from 'zod';
import { token } from '../../kernel/public.js';

const fraction = z.string().regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'a decimal fraction between 0 and 1, at most 6 decimals');

/** plugins.gcu in the configuration. */
export const gcuConfigSchema = z
  .strictObject({
    basket_code: z.string().default('GCU').describe('The basket asset\'s code in the asset catalogue.'),
    initial_value_usd: z.string().regex(/^\d+(\.\d{1,8})?$/).default('1.10').describe('USD value of one unit when the basket is first created; the default matches the static price table\'s GCU entry, so core banking\'s USD equivalents agree with the basket under the static feed.'),
    quorum: fraction.default('0.10').describe('Share of the GCU supply at the snapshot that must vote (abstentions count).'),
    approval_threshold: fraction.default('0.50').describe('Share of for + against that must be for (strictly more than).'),
    voting_days: z.number().int().min(1).max(27).default(7).describe('Length of each month\'s voting window, ending when the month it decides begins.'),
    announce_days: z.number().int().min(0).max(20).default(4).describe('The automatic proposal for next month is created this many days before its voting starts.'),
    tick_interval_ms: z.number().int().min(0).default(60_000).describe('How often the scheduler looks at the clock (prices, proposals, rebalancing); 0 turns the timer off.'),
    max_rounding_cost: fraction.refine((text) => text.replace(/[0.]/g, '') !== '', 'must be more than 0').default('0.005').describe('Largest share of an exchange\'s value that compose/decompose may lose to rounding components to whole minor units; costlier amounts are refused (docs/gcu.md, "Rounding").'),
    max_backfill_hours: z.number().int().min(1).default(24 * 400).describe('Longest gap of hourly price points backfilled in one tick (a feed that can tell past prices).'),
  })
  .prefault({});

export type GcuConfig = z.infer<typeof gcuConfigSchema>;
export const GcuConfig = token<GcuConfig>('gcu.config');
