import { z } from 'zod';
import { token } from '../../kernel/public.js';
import { isValidIsin, isValidLei } from './domain/identifiers.js';

/** The `pluginConfig.regtech` slice. */
export const regtechConfigSchema = z.object({
  match_threshold: z.number().min(0.8).max(1).default(0.92).describe('Score (0–1) a name must reach to match a sanctions list entry (docs/regtech.md#the-score). 1 matches only names equal once normalised.'),
  max_matches: z.number().int().min(1).max(100).default(20).describe('Most matches one screening returns, best first.'),
  travel_rule_validity_minutes: z.number().int().min(1).max(1440).default(30).describe('Minutes a travel-rule check stays valid (valid_until = checked_at + this).'),
  travel_rule_jurisdiction: z.enum(['US', 'EU', 'UK', 'SG', 'CH']).default('EU').describe("The jurisdiction whose travel rule applies to this bank's own transfers (POST /regtech/travel-rule/transfers)."),
  institution_name: z.string().min(1).max(200).default('Open Bank').describe('This bank as originating institution in the IVMS 101 messages it stores.'),
  institution_country: z.string().regex(/^[A-Z]{2}$/).default('DE').describe('ISO 3166 alpha-2 of this bank, in its IVMS 101 messages.'),
  reporting_entity_lei: z
    .string()
    .refine(isValidLei, 'must be a valid LEI (ISO 17442: 20 characters, valid check digits)')
    .nullable()
    .default(null)
    .describe('LEI of this bank as executing and submitting entity of MiFIR transaction reports (RTS 22 fields 4 and 6). Null: reports are refused until it is set.'),
  instruments: z
    .record(
      z.string(),
      z.strictObject({
        isin: z.string().refine(isValidIsin, 'must be a valid ISIN (ISO 6166: 12 characters, valid check digit)').describe('ISIN (RTS 22 field 41)'),
        full_name: z.string().min(1).max(350).optional().describe("Instrument full name (field 42); the asset's name when absent"),
        cfi: z.string().regex(/^[A-Z]{6}$/).optional().describe('ISO 10962 CFI code (field 43)'),
      }),
    )
    .default({})
    .describe('The assets that are financial instruments under MiFIR, by asset code, with their identification. A transaction in any other asset cannot be reported (crypto-assets fall under MiCA unless they are financial instruments).'),
  authority_feedback_minutes: z.number().int().min(1).max(10_080).default(60).describe('Minutes of clock time after which the simulated competent authority decides a submitted report (accepted or rejected).'),
  list_max_age_hours: z.number().int().min(1).max(8760).default(168).describe('A sanctions list loaded longer ago than this is stale: an open issue in GET /regtech/status.'),
  monitoring: z
    .strictObject({
      large_amount_usd: z.number().int().min(1).default(10_000).describe('USD from which a transfer is flagged large_amount.'),
      structuring_band_percent: z.number().int().min(1).max(50).default(10).describe('A transfer within this many percent under large_amount_usd is "just under".'),
      structuring_count: z.number().int().min(2).max(100).default(3).describe('Transfers just under the line from one account within structuring_window_hours that flag structuring.'),
      structuring_window_hours: z.number().int().min(1).max(720).default(24),
      velocity_count: z.number().int().min(2).max(1000).default(5).describe('Transfers from one account within velocity_window_minutes that flag velocity.'),
      velocity_window_minutes: z.number().int().min(1).max(10_080).default(60),
      review_score: z.number().int().min(1).max(100).default(50).describe('A risk score at or above this puts the transaction in pending_review.'),
    })
    .prefault({})
    .describe('Transaction monitoring rules (docs/regtech.md#transaction-monitoring).'),
  load_test_lists: z.boolean().default(true).describe('At start, load the shipped test lists (made-up names) for each source no list was ever loaded for. Set false in production and load the real files.'),
});

export type RegtechConfig = z.output<typeof regtechConfigSchema>;
/** The validated slice, bound by the manifest for the plugin's services. */
export const RegtechConfig = token<RegtechConfig>('regtech.config');
