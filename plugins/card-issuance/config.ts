import { z } from 'zod';
import { token } from '../../kernel/public.js';

/** The `pluginConfig['card-issuance']` slice. */
export const cardIssuanceConfigSchema = z.object({
  bin: z
    .string()
    .regex(/^\d{6,8}$/)
    .default('400010')
    .describe('The issuer identification number (BIN) every card number starts with; the rest is random digits and the Luhn check digit.'),
  validity_months: z.number().int().min(1).max(120).default(36).describe('How long a new card is valid: it expires at the end of the month this many months after issuance.'),
});

export type CardIssuanceConfig = z.output<typeof cardIssuanceConfigSchema>;
export const CardIssuanceConfig = token<CardIssuanceConfig>('card-issuance.config');
