import { z } from 'zod';
import { token } from '../../kernel/public.js';

/**
 * The `pluginConfig.stablecoin` slice: the e-money tokens the bank issues.
 * Each token's code and its reference asset must be in the asset catalogue
 * with the same precision (checked at start), so a token's minor unit is
 * backed by exactly one minor unit of the reference asset.
 */
export const stablecoinConfigSchema = z.object({
  tokens: z
    .record(
      z.string().regex(/^[A-Z0-9]{2,12}$/),
      z.object({ reference_asset: z.string().regex(/^[A-Z0-9]{2,12}$/).describe('The fiat asset the token is redeemable for at par and held in reserve.') }),
    )
    .default({})
    .describe('The e-money tokens the bank issues, by asset code (each in the asset catalogue, like its fiat reference asset, with the same precision).'),
});

export type StablecoinConfig = z.output<typeof stablecoinConfigSchema>;
export const StablecoinConfig = token<StablecoinConfig>('stablecoin.config');
