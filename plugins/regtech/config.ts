import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig.regtech` slice. */
export const regtechConfigSchema = z.object({
  match_threshold: z.number().min(0.8).max(1).default(0.92).describe('Score (0–1) a name must reach to match a sanctions list entry (docs/regtech.md#the-score). 1 matches only names equal once normalised.'),
  max_matches: z.number().int().min(1).max(100).default(20).describe('Most matches one screening returns, best first.'),
  travel_rule_validity_minutes: z.number().int().min(1).max(1440).default(30).describe('Minutes a travel-rule check stays valid (valid_until = checked_at + this).'),
  travel_rule_jurisdiction: z.enum(['US', 'EU', 'UK', 'SG', 'CH']).default('EU').describe("The jurisdiction whose travel rule applies to this bank's own transfers (POST /regtech/travel-rule/transfers)."),
  institution_name: z.string().min(1).max(200).default('Open Bank').describe('This bank as originating institution in the IVMS 101 messages it stores.'),
  institution_country: z.string().regex(/^[A-Z]{2}$/).default('DE').describe('ISO 3166 alpha-2 of this bank, in its IVMS 101 messages.'),
  load_test_lists: z.boolean().default(true).describe('At start, load the shipped test lists (made-up names) for each source no list was ever loaded for. Set false in production and load the real files.'),
});

export type RegtechConfig = z.output<typeof regtechConfigSchema>;
/** The validated slice, bound by the manifest for the plugin's services. */
export const RegtechConfig = token<RegtechConfig>('regtech.config');
